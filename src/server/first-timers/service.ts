// First-timers (docs/API.md, First-timers; docs/PRODUCT.md, First-timers): a visitor's card from /welcome, its
// welcome (an SMS to a phone of SMS_VISITOR_COUNTRIES, else an email) queued in the outbox in the card's own
// transaction, and the staff's follow-up within their scope: move, assign, note, make a member account. A card
// belongs to its service's branch (the root when none is named). What a first-timer wrote is stored as written and
// shown as text by every screen.
import type { Kysely } from 'kysely';
import {
  FIRST_TIMER_TEXT,
  OPEN_STATUSES,
  REMINDER_AFTER_DAYS,
  fillWelcome,
  type FirstTimer,
  type FirstTimerCardInput,
  type FirstTimerChange,
  type FirstTimerStatus,
} from '../../lib/shared/first-timers/api';
import {
  STAFF_ROLES,
  USER_ACTIONS,
  canFollowUpFirstTimers,
  canMakeFirstTimerAccount,
} from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import { smsNumber, visitorMayBeTexted } from '../../lib/shared/sms/numbers';
import type { User } from '../../lib/shared/users/types';
import { withAudit } from '../activity/audit';
import { hashPassword } from '../credentials/passwords';
import { randomToken } from '../credentials/tokens';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { ApiError, fieldError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import { oneLine } from '../notifications/service';
import { queueEmail, queueSms } from '../outbox/queue';
import { admitSubmission } from '../public/limit';
import { churchContact, signature } from '../settings/church';
import { welcomeWords } from '../settings/general';
import { presentUser } from '../users/read';
import { newUserRow } from '../users/new-user';
import { toFirstTimerAnswers, type CardRow } from './answers';

const DAY_MS = 24 * 60 * 60 * 1000;

async function rootBranch(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('branches').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A visitor's card: admitted by the per-address limit, stored with its welcome in one transaction. */
export async function submitCard(
  deps: AppDeps,
  clientKey: string,
  input: FirstTimerCardInput,
): Promise<{ id: number }> {
  if (!input.phone && !input.email) {
    const message = FIRST_TIMER_TEXT.needContact;
    throw new ApiError(400, message, { phone: [message], email: [message] });
  }
  const db = deps.database.db;
  let branchId: number;
  if (input.serviceId != null) {
    const service = await db
      .selectFrom('services')
      .select('branch_id')
      .where('id', '=', input.serviceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!service) throw fieldError('serviceId', FIRST_TIMER_TEXT.service);
    branchId = Number(service.branch_id);
  } else branchId = await rootBranch(db);
  const now = deps.now();
  const stamp = iso(now);
  const [words, church] = await Promise.all([welcomeWords(db), churchContact(db)]);
  const id = await admitSubmission(deps, 'first_timer', clientKey, async (trx) => {
    const row = await trx
      .insertInto('first_timers')
      .values({
        name: input.name,
        phone: input.phone ?? null,
        email: input.email,
        service_id: input.serviceId,
        heard_from: input.heardFrom,
        wants_visit: input.wantsVisit,
        prayer: input.prayer,
        status: 'new',
        assigned_to: null,
        branch_id: branchId,
        user_id: null,
        created_at: stamp,
        touched_at: stamp,
        reminded_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = `first-timer:${row.id}:welcome`;
    const values = { name: oneLine(input.name), church: church.name };
    const sms = deps.config.sms && input.phone ? smsNumber(input.phone) : undefined;
    // A number of a country visitors may not make us text only costs the SMS: the card stands, and an email
    // welcomes them when they gave one.
    if (sms?.ok && visitorMayBeTexted(deps.config.smsVisitorCountries, sms.number))
      await queueSms(trx, `${key}:sms`, { to: sms.number, text: oneLine(fillWelcome(words.sms, values)) }, now);
    else if (input.email)
      await queueEmail(
        trx,
        `${key}:email`,
        {
          to: oneLine(input.email),
          subject: oneLine(`Welcome to ${church.name || 'our church'}`),
          text: fillWelcome(words.email, values) + signature(church),
        },
        now,
      );
    return Number(row.id);
  });
  deps.outbox?.wake();
  return { id };
}

function mayFollowUp(actor: UserRow) {
  if (!canFollowUpFirstTimers(actor)) throw new ApiError(403, FIRST_TIMER_TEXT.denied);
}

/** The cards of the scope, newest first; one status when asked. */
export async function listCards(
  db: Kysely<DB>,
  actor: UserRow,
  scope: Scope,
  status: FirstTimerStatus | undefined,
): Promise<FirstTimer[]> {
  mayFollowUp(actor);
  let q = db.selectFrom('first_timers').selectAll();
  if (status) q = q.where('status', '=', status);
  q = inScope(q, scope, 'first_timers.branch_id');
  return toFirstTimerAnswers(db, await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
}

async function cardOr404(db: Kysely<DB>, scope: Scope, id: number): Promise<CardRow> {
  const q = db.selectFrom('first_timers').selectAll().where('id', '=', id);
  const row = await inScope(q, scope, 'first_timers.branch_id').executeTakeFirst();
  if (!row) throw new ApiError(404, FIRST_TIMER_TEXT.notFound);
  return row;
}

/** A staff account of the scope, active: the only kind a card may be assigned to. */
async function assignee(db: Kysely<DB>, scope: Scope, id: number) {
  const q = db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('role', 'in', [...STAFF_ROLES])
    .where('is_active', '=', true)
    .where('is_suspended', '=', false);
  const row = await inScope(q, scope, 'users.branch_id').executeTakeFirst();
  if (!row) throw fieldError('assignedTo', FIRST_TIMER_TEXT.assignee);
  return Number(row.id);
}

/** Moves, assigns and notes a card (any of the three), all in one transaction; any change touches it. */
export async function changeCard(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  id: number,
  change: FirstTimerChange,
): Promise<FirstTimer> {
  mayFollowUp(actor);
  const db = deps.database.db;
  await cardOr404(db, scope, id);
  const assignedTo =
    change.assignedTo === undefined ? undefined : change.assignedTo && (await assignee(db, scope, change.assignedTo));
  const stamp = iso(deps.now());
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('first_timers')
      .set({
        touched_at: stamp,
        ...(change.status && { status: change.status }),
        ...(assignedTo !== undefined && { assigned_to: assignedTo }),
      })
      .where('id', '=', id)
      .execute();
    if (change.note)
      await trx
        .insertInto('first_timer_notes')
        .values({
          card_id: id,
          author_id: actor.id,
          author_name: fullName(actor),
          text: change.note,
          created_at: stamp,
        })
        .execute();
  });
  const [answer] = await toFirstTimerAnswers(
    db,
    await db.selectFrom('first_timers').selectAll().where('id', '=', id).execute(),
  );
  return answer;
}

/** A free username like the card's email's name or the phone's digits ('ama.owusu', 'ama.owusu2'). */
async function freeUsername(db: Kysely<DB>, card: CardRow): Promise<string> {
  const base = (card.email?.split('@')[0] ?? `member${card.phone?.replace(/\D/g, '') ?? card.id}`)
    .replace(/[^A-Za-z0-9_.+-]/g, '')
    .slice(0, 100)
    .padEnd(3, '0');
  const taken = new Set(
    (await db.selectFrom('users').select('username').where('username', 'like', `${base}%`).execute()).map(
      (u) => u.username,
    ),
  );
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  return name;
}

/**
 * Makes a MEMBER account of the card's branch from its name, email and phone; the card becomes `joined` and keeps
 * the account's id, so the account's history shows where it came from (and the audit entry says so). An account
 * needs an email: a card with only a phone gets one under `.invalid` (RFC 2606), which no mail can reach, and the
 * member signs in at /my by a code to the phone.
 */
export async function makeAccount(deps: AppDeps, actor: UserRow, scope: Scope, id: number): Promise<User> {
  if (!canMakeFirstTimerAccount(actor)) throw new ApiError(403, FIRST_TIMER_TEXT.accountDenied);
  const db = deps.database.db;
  const card = await cardOr404(db, scope, id);
  if (card.user_id != null) throw new ApiError(409, FIRST_TIMER_TEXT.alreadyAccount);
  const email = card.email ?? `${card.phone?.replace(/\D/g, '')}@phone.invalid`;
  const used = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (used) throw fieldError('email', 'An account with this email already exists.');
  const [first, ...rest] = card.name.trim().split(/\s+/);
  const username = await freeUsername(db, card);
  // Nobody knows this password: the member signs in at /my by a code, or staff set one.
  const password_hash = await hashPassword(randomToken(), deps.config.argon2);
  const now = deps.now();
  const stamp = iso(now);
  const row = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values(
        newUserRow({
          username,
          email,
          password_hash,
          first_name: first.slice(0, 50),
          last_name: rest.join(' ').slice(0, 50),
          role: 'MEMBER',
          phone_number: card.phone,
          branch_id: Number(card.branch_id),
          member_since: stamp.slice(0, 10),
          date_joined: stamp,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    // Only while no other administrator made one first: the card's user_id is set once.
    const taken = await trx
      .updateTable('first_timers')
      .set({ status: 'joined', user_id: user.id, touched_at: stamp })
      .where('id', '=', id)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new ApiError(409, FIRST_TIMER_TEXT.alreadyAccount);
    await withAudit(
      trx,
      { actor, target: user, action: USER_ACTIONS.create.audit, details: `MEMBER, from first-timer card ${id}` },
      now,
    );
    return user;
  });
  return presentUser(deps, row);
}

/**
 * The reminder job's work: every open card with an assignee that nobody has touched for REMINDER_AFTER_DAYS gets
 * one email to its assignee. `reminded_at` marks it, so a card left alone is reminded about once, and again only
 * after someone touches it and leaves it again; the outbox key (the card and when it was last touched) keeps two
 * overlapping runs from sending it twice.
 */
export async function remindUntouched(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = deps.now();
  const before = iso(now - REMINDER_AFTER_DAYS * DAY_MS);
  const rows = await db
    .selectFrom('first_timers')
    .innerJoin('users', 'users.id', 'first_timers.assigned_to')
    .select([
      'first_timers.id',
      'first_timers.name',
      'first_timers.status',
      'first_timers.touched_at',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.username',
    ])
    .where('first_timers.status', 'in', [...OPEN_STATUSES])
    .where('first_timers.touched_at', '<=', before)
    // A reminder comes 3 days after the last touch, so a touch at or after it is a new one.
    .where((eb) =>
      eb.or([
        eb('first_timers.reminded_at', 'is', null),
        eb('first_timers.reminded_at', '<=', eb.ref('first_timers.touched_at')),
      ]),
    )
    .where('users.is_active', '=', true)
    .orderBy('first_timers.id')
    .limit(500)
    .execute();
  if (!rows.length) return 0;
  const church = await churchContact(db);
  const board = `${deps.config.siteUrl}/admin/first-timers`;
  const stamp = iso(now);
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx.updateTable('first_timers').set({ reminded_at: stamp }).where('id', '=', row.id).execute();
      await queueEmail(
        trx,
        `first-timer:${row.id}:reminder:${row.touched_at}`,
        {
          to: row.email,
          subject: oneLine(`Reminder: follow up ${row.name}`),
          text:
            [
              `Dear ${oneLine(fullName(row))},`,
              '',
              `${oneLine(row.name)}'s first-timer card (${row.status}) has not been touched for ${REMINDER_AFTER_DAYS} days.`,
              `Please follow up and note what happened on the First-timers board: ${board}`,
            ].join('\n') + signature(church),
        },
        now,
      );
    }
  });
  deps.outbox?.wake();
  return rows.length;
}
