// Send Notifications (docs/API.md, Broadcasts): an email, an SMS or both from the staff to a group of members
// (everyone, a role, or a ministry). Only members who can be reached and want it are counted and written to:
// active, not suspended, and for email notifications by email on, for SMS a phone number an SMS can go to and SMS
// notifications on. Every message is queued in the outbox in the transaction that records the send, so it goes
// out even if the process stops right after answering. Each send is recorded under the request key the dialog
// chose, so a second click (or a retried request) finds the first and queues nothing; the audit log says who sent
// what to how many.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope, scopeCondition } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ROLES, ROLE_LABELS, type Role } from '../../lib/shared/permissions';
import type { Audiences, BroadcastInput, BroadcastResult } from '../../lib/shared/broadcasts/api';
import { broadcastSmsText, broadcastText, type Audience } from '../../lib/shared/broadcasts/rules';
import { smsNumber } from '../../lib/shared/sms/numbers';
import { fullName } from '../../lib/shared/format';
import { withAudit } from '../activity/audit';
import { oneLine } from '../notifications/service';
import { queueEmail, queueSmsMany } from '../outbox/queue';
import type { UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';

/** Addresses per email: the members are hidden from each other in Bcc. */
const BATCH = 50;

/** Members of the sender's scope only: a district's administrator writes to their district (docs/API.md, Branches). */
function active(db: Kysely<DB>, scope: Scope) {
  return inScope(db.selectFrom('users'), scope, 'branch_id')
    .where('is_active', '=', true)
    .where('is_suspended', '=', false);
}

function emailable(db: Kysely<DB>, scope: Scope) {
  return active(db, scope).where('email_notifications', '=', true);
}

/** Members who want SMS and gave a phone; whether an SMS can go to it is smsNumber's call (smsRecipients). */
function textable(db: Kysely<DB>, scope: Scope) {
  return active(db, scope).where('sms_notifications', '=', true).where('phone_number', 'is not', null);
}

/**
 * The members an SMS goes to, with their number as the providers take it: a phone smsNumber refuses is left out,
 * and a number two members share (a family's phone) is texted once, under the first of them.
 */
function smsRecipients<T extends { id: number; phone_number: string | null }>(people: T[]): (T & { number: string })[] {
  const seen = new Set<string>();
  const out: (T & { number: string })[] = [];
  for (const person of people) {
    const parsed = smsNumber(person.phone_number ?? '');
    if (!parsed.ok || seen.has(parsed.number)) continue;
    seen.add(parsed.number);
    out.push({ ...person, number: parsed.number });
  }
  return out;
}

function inAudience<O>(query: SelectQueryBuilder<DB, 'users', O>, audience: Audience) {
  if (audience.group === 'role') return query.where('role', '=', audience.role);
  if (audience.group === 'people') return query.where('id', 'in', audience.people);
  if (audience.group === 'ministry')
    return query.where('id', 'in', (eb) =>
      eb.selectFrom('ministry_memberships').select('user_id').where('ministry_id', '=', audience.ministry),
    );
  return query;
}

export async function audiences(deps: AppDeps, scope: Scope): Promise<Audiences> {
  const db = deps.database.db;
  const [all, roles, ministries, phones, memberships] = await Promise.all([
    emailable(db, scope)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    emailable(db, scope)
      .select(['role', (eb) => eb.fn.countAll().as('n')])
      .groupBy('role')
      .execute(),
    inScope(db.selectFrom('ministries as m'), scope, 'm.branch_id')
      .leftJoin('ministry_memberships as mm', 'mm.ministry_id', 'm.id')
      .leftJoin('users as u', (join) =>
        join
          .onRef('u.id', '=', 'mm.user_id')
          .on('u.is_active', '=', true)
          .on('u.is_suspended', '=', false)
          .on('u.email_notifications', '=', true)
          .on(scopeCondition(scope, 'u.branch_id')),
      )
      .select(['m.id', 'm.name', (eb) => eb.fn.count('u.id').as('n')])
      .groupBy(['m.id', 'm.name'])
      .orderBy('m.name')
      .execute(),
    textable(db, scope).select(['id', 'role', 'phone_number']).orderBy('id').execute(),
    // Narrowed below to the members of `textable` (active, SMS on, a phone).
    db
      .selectFrom('ministry_memberships as mm')
      .innerJoin('users as u', 'u.id', 'mm.user_id')
      .where('u.sms_notifications', '=', true)
      .select(['mm.user_id', 'mm.ministry_id'])
      .execute(),
  ]);
  // Each group counted as a send to it would count it (smsRecipients: a shared number once within the group).
  const people = phones.map((p) => ({ ...p, id: Number(p.id) }));
  const byId = new Map(people.map((p) => [p.id, p]));
  const inMinistry = new Map<string, typeof people>();
  for (const m of memberships) {
    const person = byId.get(Number(m.user_id));
    if (!person) continue;
    const id = String(m.ministry_id);
    const group = inMinistry.get(id);
    if (group) group.push(person);
    else inMinistry.set(id, [person]);
  }
  const texted = (group: typeof people) => smsRecipients(group).length;
  const sms = {
    all: texted(people),
    roles: Object.fromEntries(ROLES.map((role) => [role, texted(people.filter((p) => p.role === role))])) as Record<
      Role,
      number
    >,
    ministries: Object.fromEntries(
      [...inMinistry].map(([id, group]) => [id, texted(group)]).filter(([, n]) => n),
    ) as Record<string, number>,
  };
  return {
    all: Number(all.n),
    roles: ROLES.map((role) => ({
      role,
      label: ROLE_LABELS[role],
      count: Number(roles.find((r) => r.role === role)?.n ?? 0),
    })),
    ministries: ministries.map((m) => ({ id: Number(m.id), name: m.name, count: Number(m.n) })),
    sms,
  };
}

async function describeAudience(db: Kysely<DB>, scope: Scope, audience: Audience): Promise<string> {
  if (audience.group === 'all') return 'all members';
  if (audience.group === 'role') return `the ${ROLE_LABELS[audience.role]} role`;
  if (audience.group === 'people') return `${audience.people.length} chosen`;
  const ministry = await inScope(db.selectFrom('ministries'), scope, 'branch_id')
    .select('name')
    .where('id', '=', audience.ministry)
    .executeTakeFirst();
  if (!ministry) throw new ApiError(400, 'Choose a ministry', { audience: ['That ministry does not exist.'] });
  return ministry.name;
}

const emailKey = (broadcast: number, batch: number) => `broadcast:${broadcast}:email:${batch}`;
const smsKeys = (broadcast: number) => `broadcast:${broadcast}:sms:`;

/** A send already recorded under this request key: its figures (the SMS counted in the outbox by their keys). */
async function repeated(db: Kysely<DB>, requestKey: string): Promise<BroadcastResult> {
  const first = await db
    .selectFrom('broadcasts')
    .select(['id', 'recipients', 'sent'])
    .where('request_key', '=', requestKey)
    .executeTakeFirstOrThrow();
  const id = Number(first.id);
  const { n } = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('idempotency_key', 'like', `${smsKeys(id)}%`)
    .executeTakeFirstOrThrow();
  const sms = Number(n);
  return {
    id,
    recipients: first.recipients,
    sent: first.sent,
    channels: { email: first.sent - sms, sms },
    repeated: true,
  };
}

export async function sendBroadcast(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  input: Omit<BroadcastInput, 'audience'> & { audience: Audience },
): Promise<BroadcastResult> {
  const db = deps.database.db;
  const earlier = await db
    .selectFrom('broadcasts')
    .select('id')
    .where('request_key', '=', input.requestKey)
    .executeTakeFirst();
  if (earlier) return repeated(db, input.requestKey);

  const group = await describeAudience(db, scope, input.audience);
  const channels = new Set(input.channels);
  const [emailed, phones] = await Promise.all([
    channels.has('email')
      ? inAudience(emailable(db, scope).select(['id', 'email']), input.audience)
          .orderBy('id')
          .execute()
      : [],
    channels.has('sms')
      ? inAudience(textable(db, scope).select(['id', 'phone_number']), input.audience)
          .orderBy('id')
          .execute()
      : [],
  ]);
  const texted = smsRecipients(phones.map((p) => ({ ...p, id: Number(p.id) })));
  const recipients = new Set([...emailed.map((p) => Number(p.id)), ...texted.map((p) => p.id)]).size;
  const sent = emailed.length + texted.length;
  const nowMs = deps.now();
  const subject = oneLine(input.subject);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('broadcasts')
      .values({
        request_key: input.requestKey,
        actor_id: actor.id,
        audience: JSON.stringify(input.audience),
        subject: input.subject,
        body: input.message,
        recipients,
        sent,
        created_at: iso(nowMs),
        branch_id: actor.branch_id,
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null; // the same click arrived twice at once: the other one sends
    const id = Number(inserted.id);
    const plural = recipients === 1 ? 'member' : 'members';
    const by = channels.has('sms') ? (channels.has('email') ? ' by email and SMS' : ' by SMS') : '';
    await withAudit(
      trx,
      {
        actor,
        target: null,
        targetName: `"${subject}" to ${recipients} ${plural} (${group})${by}`,
        action: 'send_notification',
      },
      nowMs,
    );
    const text = broadcastText(input.message, fullName(actor));
    for (let i = 0; i < emailed.length; i += BATCH) {
      const bcc = emailed.slice(i, i + BATCH).map((p) => p.email);
      const mail = { to: oneLine(deps.config.mailFrom), bcc, subject, text };
      await queueEmail(trx, emailKey(id, i / BATCH), mail, nowMs, actor.branch_id);
    }
    const sms = broadcastSmsText(input.message);
    await queueSmsMany(
      trx,
      texted.map((person) => ({ key: smsKeys(id) + person.id, to: person.number, text: sms })),
      nowMs,
      actor.branch_id,
    );
    return inserted;
  });
  if (!row) return repeated(db, input.requestKey);
  deps.outbox?.wake();
  return {
    id: Number(row.id),
    recipients,
    sent,
    channels: { email: emailed.length, sms: texted.length },
    repeated: false,
  };
}
