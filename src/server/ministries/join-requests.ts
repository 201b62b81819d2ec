// Join requests (docs/API.md, Ministries): a visitor's from the form of /ministries or a member's from the
// members' door, accepted or declined by staff. Accepting always adds someone: the account that asked, the one
// staff link, a new MEMBER account made from the request (./new-members.ts), or the account found by its email
// or phone; a visitor's request with none of these is refused (409) rather than "accepted" with nobody added.
import { sql, type Kysely } from 'kysely';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, fieldError } from '../kernel/errors';
import { withAudit } from '../activity/audit';
import { queueEmail } from '../outbox/queue';
import { oneLine, queueStaffNotice } from '../notifications/service';
import { admitSubmission } from '../public/limit';
import { ADD_USER_DENIED, creatableRoles } from '../../lib/shared/permissions';
import { normalisePhone } from '../../lib/shared/phone';
import { fullName } from '../../lib/shared/format';
import {
  JOIN_REQUEST_NOT_FOUND,
  MINISTRY_NOT_FOUND,
  MINISTRY_TEXT,
  type JoinAccept,
  type JoinFormInput,
  type JoinRequest,
  type JoinRequestStatus,
} from '../../lib/shared/ministries/api';
import { toJoinRequestAnswer, type MinistryRow } from './answers';
import { assertAccount } from './ministries';
import { belongsTo, enrol } from './members';
import { memberFromRequest } from './new-members';

type Db = Kysely<DB>;

const requestsQuery = (db: Db) =>
  db
    .selectFrom('ministry_join_requests as r')
    .innerJoin('ministries as m', 'm.id', 'r.ministry_id')
    .selectAll('r')
    .select('m.name as ministry_name');

/** Join requests of one status, oldest first (pending) or newest first (decided), each with its account. */
export async function listJoinRequests(db: Db, scope: Scope, status: JoinRequestStatus): Promise<JoinRequest[]> {
  const rows = await inScope(requestsQuery(db), scope, 'm.branch_id')
    .where('r.status', '=', status)
    .orderBy('r.created_at', status === 'pending' ? 'asc' : 'desc')
    .orderBy('r.id')
    .execute();
  const accounts = await accountsOf(db, rows);
  return rows.map((r, i) => toJoinRequestAnswer(r, accounts[i]));
}

type Person = { id: number; first_name: string; last_name: string; username: string; email: string };
const named = (u: Person) => ({ id: Number(u.id), name: fullName(u) });

/** A request's phone as accounts store theirs (E.164, the shared phone rule), or null when it is not a phone. */
const phoneKey = (phone: string | null | undefined) => (phone ? normalisePhone(phone) : null);

/** The account each request is for: its own, or for a waiting visitor's the one with its email, else its phone. */
async function accountsOf(
  db: Db,
  rows: { user_id: number | null; email: string | null; phone: string | null; status: string }[],
): Promise<JoinRequest['account'][]> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'email', 'phone_number'])
    .where((eb) =>
      eb.or([
        eb('id', 'in', [0, ...rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id]))]),
        eb(sql`lower(email)`, 'in', ['', ...rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []))]),
        eb('phone_number', 'in', ['', ...rows.flatMap((r) => phoneKey(r.phone) ?? [])]),
      ]),
    )
    .execute();
  return rows.map((r) => {
    if (r.user_id !== null) {
      const own = people.find((u) => Number(u.id) === Number(r.user_id));
      return own ? named(own) : null;
    }
    if (r.status !== 'pending') return null;
    const byEmail = r.email && people.find((u) => u.email.toLowerCase() === r.email!.toLowerCase());
    const key = phoneKey(r.phone);
    const byPhone = key && people.find((u) => u.phone_number === key);
    const found = byEmail || byPhone;
    return found ? named(found) : null;
  });
}

// ---- Join requests ----

export interface JoinRequestInput {
  ministryId: number;
  /** The signed-in member asking (the members' door); absent for a visitor. */
  userId?: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  message?: string | null;
}

/**
 * Records a request to join a public ministry and tells its leader (or, without one, the staff who receive
 * contact messages) by email through the outbox, in the same transaction. A member's pending request is not
 * repeated: asking again answers the one already waiting. A member who already belongs is refused (409).
 */
export async function requestToJoin(db: Db, input: JoinRequestInput, nowMs: number): Promise<JoinRequest> {
  const ministry = await publicMinistry(db, input.ministryId);
  const member =
    input.userId === undefined
      ? undefined
      : await db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'username'])
          .where('id', '=', input.userId)
          .executeTakeFirst();
  if (member) {
    if (await belongsTo(db, ministry.id, member.id)) throw new ApiError(409, MINISTRY_TEXT.alreadyMember);
    const waiting = await requestsQuery(db)
      .where('r.user_id', '=', member.id)
      .where('r.ministry_id', '=', ministry.id)
      .where('r.status', '=', 'pending')
      .executeTakeFirst();
    if (waiting) return requestAnswer(db, Number(waiting.id));
  }
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertJoinRequest(trx, ministry, member ? Number(member.id) : null, input, nowMs);
    if (member) {
      const entry = {
        actor: member,
        target: null,
        targetName: ministry.name,
        action: 'request_join_ministry',
      } as const;
      await withAudit(trx, entry, nowMs);
    }
    return id;
  });
  return requestAnswer(db, id);
}

/** A visitor's request from the form of /ministries, within the public forms' per-address limit (public/limit.ts). */
export async function submitJoinRequest(
  deps: AppDeps,
  clientKey: string,
  ministryId: number,
  input: JoinFormInput,
): Promise<number> {
  const ministry = await publicMinistry(deps.database.db, ministryId);
  const now = deps.now();
  const id = await admitSubmission(deps, 'ministry_join', clientKey, (trx) =>
    insertJoinRequest(trx, ministry, null, { ministryId, ...input }, now),
  );
  deps.outbox?.wake();
  return id;
}

async function publicMinistry(db: Db, id: number): Promise<MinistryRow> {
  const ministry = await db
    .selectFrom('ministries')
    .selectAll()
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (!ministry) throw new ApiError(404, MINISTRY_NOT_FOUND);
  return ministry;
}

/** The request and the notice of it, in the caller's transaction. */
async function insertJoinRequest(
  trx: Db,
  ministry: MinistryRow,
  userId: number | null,
  input: JoinRequestInput,
  nowMs: number,
): Promise<number> {
  const row = await trx
    .insertInto('ministry_join_requests')
    .values({
      ministry_id: Number(ministry.id),
      user_id: userId,
      name: input.name,
      email: input.email?.toLowerCase() ?? null,
      phone: input.phone ?? null,
      message: input.message ?? null,
      status: 'pending',
      created_at: iso(nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await noticeOfRequest(trx, Number(row.id), ministry, input, nowMs);
  return Number(row.id);
}

async function noticeOfRequest(trx: Db, id: number, ministry: MinistryRow, input: JoinRequestInput, nowMs: number) {
  const subject = `Request to join ${ministry.name}: ${oneLine(input.name)}`;
  const text =
    `${input.name} asked to join ${ministry.name}.\n\n` +
    `Email: ${input.email ?? 'not given'}\nPhone: ${input.phone ?? 'not given'}\n` +
    (input.message ? `\n${input.message}\n` : '') +
    '\nAccept or decline it on the Ministries screen of the staff portal.\n';
  const key = `ministry_join:${id}:staff`;
  const leader =
    ministry.leader_user_id === null
      ? undefined
      : await trx
          .selectFrom('users')
          .select('email')
          .where('id', '=', ministry.leader_user_id)
          .where('is_active', '=', true)
          .where('is_suspended', '=', false)
          .where('email_notifications', '=', true)
          .executeTakeFirst();
  const replyTo = input.email ? { replyTo: oneLine(input.email) } : {};
  if (leader) await queueEmail(trx, key, { to: leader.email, subject: oneLine(subject), text, ...replyTo }, nowMs);
  else await queueStaffNotice(trx, key, { kind: 'message', subject, text, ...replyTo }, nowMs);
}

async function requestRow(db: Db, id: number) {
  const row = await requestsQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, JOIN_REQUEST_NOT_FOUND);
  return row;
}

async function requestAnswer(db: Db, id: number): Promise<JoinRequest> {
  const row = await requestRow(db, id);
  return toJoinRequestAnswer(row, (await accountsOf(db, [row]))[0]);
}

export async function decideJoinRequest(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  decision: 'accepted' | 'declined',
  choice: JoinAccept = {},
): Promise<JoinRequest> {
  const db = deps.database.db;
  const request = await requestRow(db, id);
  if (request.status !== 'pending') throw new ApiError(409, MINISTRY_TEXT.decided);
  const accepting = decision === 'accepted';
  if (accepting && choice.create_account && !creatableRoles(actor).includes('MEMBER'))
    throw new ApiError(403, ADD_USER_DENIED);
  if (accepting && choice.user_id) await assertAccount(db, choice.user_id, 'user_id');
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    let userId = request.user_id === null ? null : Number(request.user_id);
    if (accepting && userId === null) {
      if (choice.user_id) userId = choice.user_id;
      else if (choice.create_account) {
        const email = (choice.email ?? request.email)?.toLowerCase();
        if (!email) throw fieldError('email', MINISTRY_TEXT.emailNeeded);
        userId = await memberFromRequest(deps, trx, actor, request, email, now);
      } else {
        const found = (await accountsOf(trx, [request]))[0];
        if (!found) throw new ApiError(409, MINISTRY_TEXT.noAccount);
        userId = found.id;
      }
    }
    if (accepting && userId !== null) await enrol(trx, userId, Number(request.ministry_id), 'Member', now);
    await trx
      .updateTable('ministry_join_requests')
      .set({ status: decision, user_id: userId, decided_at: iso(now), decided_by: Number(actor.id) })
      .where('id', '=', id)
      .execute();
    const action = decision === 'accepted' ? 'accept_join_request' : 'decline_join_request';
    const what = `${request.name} to join ${request.ministry_name}`;
    await withAudit(trx, { actor, target: null, targetName: what, action }, now);
  });
  return requestAnswer(db, id);
}
