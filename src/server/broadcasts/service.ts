// Send Notifications (docs/API.md, Broadcasts): an email from the staff to a group of members (everyone, a role,
// or a ministry). Only members who can be reached and want email are counted and written to: active, not
// suspended, email notifications on. Each send is recorded under the request key the dialog chose, so a second
// click (or a retried request) finds the first and sends nothing; the audit log says who sent what to how many.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppDeps } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ROLES, ROLE_LABELS } from '../../lib/shared/permissions';
import type { Audiences, BroadcastInput, BroadcastResult } from '../../lib/shared/broadcasts/api';
import { broadcastText, type Audience } from '../../lib/shared/broadcasts/rules';
import { fullName } from '../../lib/shared/format';
import { withAudit } from '../activity/audit';
import { oneLine } from '../notifications/service';
import type { UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';

/** Addresses per email: the members are hidden from each other in Bcc. */
const BATCH = 50;

function reachable(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .where('is_active', '=', true)
    .where('is_suspended', '=', false)
    .where('email_notifications', '=', true);
}

function inAudience<O>(query: SelectQueryBuilder<DB, 'users', O>, audience: Audience) {
  if (audience.group === 'role') return query.where('role', '=', audience.role);
  if (audience.group === 'ministry')
    return query.where('id', 'in', (eb) =>
      eb.selectFrom('ministry_memberships').select('user_id').where('ministry_id', '=', audience.ministry),
    );
  return query;
}

export async function audiences(deps: AppDeps): Promise<Audiences> {
  const db = deps.database.db;
  const [all, roles, ministries] = await Promise.all([
    reachable(db)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    reachable(db)
      .select(['role', (eb) => eb.fn.countAll().as('n')])
      .groupBy('role')
      .execute(),
    db
      .selectFrom('ministries as m')
      .leftJoin('ministry_memberships as mm', 'mm.ministry_id', 'm.id')
      .leftJoin('users as u', (join) =>
        join
          .onRef('u.id', '=', 'mm.user_id')
          .on('u.is_active', '=', true)
          .on('u.is_suspended', '=', false)
          .on('u.email_notifications', '=', true),
      )
      .select(['m.id', 'm.name', (eb) => eb.fn.count('u.id').as('n')])
      .groupBy(['m.id', 'm.name'])
      .orderBy('m.name')
      .execute(),
  ]);
  return {
    all: Number(all.n),
    roles: ROLES.map((role) => ({
      role,
      label: ROLE_LABELS[role],
      count: Number(roles.find((r) => r.role === role)?.n ?? 0),
    })),
    ministries: ministries.map((m) => ({ id: Number(m.id), name: m.name, count: Number(m.n) })),
  };
}

async function describeAudience(db: Kysely<DB>, audience: Audience): Promise<string> {
  if (audience.group === 'all') return 'all members';
  if (audience.group === 'role') return `the ${ROLE_LABELS[audience.role]} role`;
  const ministry = await db
    .selectFrom('ministries')
    .select('name')
    .where('id', '=', audience.ministry)
    .executeTakeFirst();
  if (!ministry) throw new ApiError(400, 'Choose a ministry', { audience: ['That ministry does not exist.'] });
  return ministry.name;
}

export async function sendBroadcast(deps: AppDeps, actor: UserRow, input: BroadcastInput): Promise<BroadcastResult> {
  const db = deps.database.db;
  const earlier = await db
    .selectFrom('broadcasts')
    .selectAll()
    .where('request_key', '=', input.requestKey)
    .executeTakeFirst();
  if (earlier) return { id: Number(earlier.id), recipients: earlier.recipients, sent: earlier.sent, repeated: true };

  const group = await describeAudience(db, input.audience);
  const people = await inAudience(reachable(db).select('email'), input.audience).orderBy('id').execute();
  const nowMs = deps.now();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('broadcasts')
      .values({
        request_key: input.requestKey,
        actor_id: actor.id,
        audience: JSON.stringify(input.audience),
        subject: input.subject,
        body: input.message,
        recipients: people.length,
        sent: 0,
        created_at: iso(nowMs),
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null; // the same click arrived twice at once: the other one sends
    const plural = people.length === 1 ? 'member' : 'members';
    await withAudit(
      trx,
      {
        actor,
        target: null,
        targetName: `"${oneLine(input.subject)}" to ${people.length} ${plural} (${group})`,
        action: 'send_notification',
      },
      nowMs,
    );
    return inserted;
  });
  if (!row) {
    const first = await db
      .selectFrom('broadcasts')
      .selectAll()
      .where('request_key', '=', input.requestKey)
      .executeTakeFirstOrThrow();
    return { id: Number(first.id), recipients: first.recipients, sent: first.sent, repeated: true };
  }

  const text = broadcastText(input.message, fullName(actor));
  let sent = 0;
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH).map((p) => p.email);
    try {
      await deps.mailer.send({ to: oneLine(deps.config.mailFrom), bcc: batch, subject: oneLine(input.subject), text });
      sent += batch.length;
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'broadcast batch failed', error: String(err) }));
    }
  }
  await db.updateTable('broadcasts').set({ sent }).where('id', '=', row.id).execute();
  return { id: Number(row.id), recipients: people.length, sent, repeated: false };
}
