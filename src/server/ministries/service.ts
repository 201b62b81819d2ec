// Ministries (docs/API.md, Ministries): the public list of /ministries, staff's management (CONGREGATION_RULES in
// permissions.ts), members and their roles, and join requests: a visitor's from the form of /ministries or a
// member's from the members' door, accepted or declined by staff. Accepting always adds someone: the account that
// asked, the one staff link, a new MEMBER account made from the request, or the account found by its email or
// phone; a visitor's request with none of these is refused (409) rather than "accepted" with nobody added. Every staff change is written with its audit entry in one transaction; a change
// to what /ministries shows tells the content hook, which drops the host's copy of the page.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, fieldError } from '../kernel/errors';
import { audited, withAudit } from '../activity/audit';
import { queueEmail } from '../outbox/queue';
import { oneLine, queueStaffNotice } from '../notifications/service';
import { admitSubmission } from '../public/limit';
import { ADD_USER_DENIED, USER_ACTIONS, creatableRoles, type TypedAuditAction } from '../../lib/shared/permissions';
import { hashPassword } from '../credentials/passwords';
import { newUserRow } from '../users/new-user';
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
  type MemberMinistry,
  type Ministry,
  type MinistryCreate,
  type MinistryDetail,
  type MinistryMemberAdd,
  type MinistryUpdate,
  type PublicMinistry,
} from '../../lib/shared/ministries/api';
import { toJoinRequestAnswer, toMinistryAnswer, toPublicMinistry, type MinistryRow } from './answers';

type Db = Kysely<DB>;

// ---- Reading ----

/** The public ministries by name (GET /ministries/ and the /ministries page). */
export async function listPublicMinistries(db: Db): Promise<PublicMinistry[]> {
  const rows = await db.selectFrom('ministries').selectAll().where('is_public', '=', true).orderBy('name').execute();
  return rows.map(toPublicMinistry);
}

/** The ministries a member belongs to, with their role, by name (the members' door). */
export async function ministriesOfUser(db: Db, userId: number): Promise<MemberMinistry[]> {
  const rows = await db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('ministries as m', 'm.id', 'mm.ministry_id')
    .select(['m.id', 'm.name', 'mm.role', 'm.meeting_day', 'm.meeting_time', 'm.meeting_place'])
    .where('mm.user_id', '=', userId)
    .orderBy('m.name')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Every ministry with its leader and counts, by name (staff). */
export async function listMinistries(db: Db): Promise<Ministry[]> {
  const rows = await db
    .selectFrom('ministries as m')
    .leftJoin('users as l', 'l.id', 'm.leader_user_id')
    .selectAll('m')
    .select(['l.first_name', 'l.last_name', 'l.username'])
    .select((eb) => [
      eb
        .selectFrom('ministry_memberships as mm')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('mm.ministry_id', '=', 'm.id')
        .as('members'),
      eb
        .selectFrom('ministry_join_requests as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.ministry_id', '=', 'm.id')
        .where('r.status', '=', 'pending')
        .as('pending'),
    ])
    .orderBy('m.name')
    .execute();
  return rows.map((r) =>
    toMinistryAnswer(
      r,
      r.username === null
        ? undefined
        : { first_name: r.first_name ?? '', last_name: r.last_name ?? '', username: r.username },
      { members: Number(r.members ?? 0), pending: Number(r.pending ?? 0) },
    ),
  );
}

async function ministryRow(db: Db, id: number): Promise<MinistryRow> {
  const row = await db.selectFrom('ministries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, MINISTRY_NOT_FOUND);
  return row;
}

/** One ministry with its members by name (staff). */
export async function getMinistry(db: Db, id: number): Promise<MinistryDetail> {
  await ministryRow(db, id);
  const summary = (await listMinistries(db)).find((m) => m.id === id)!;
  const members = await db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('users as u', 'u.id', 'mm.user_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.username', 'u.email', 'mm.role', 'mm.joined_date'])
    .where('mm.ministry_id', '=', id)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .execute();
  return {
    ...summary,
    members: members.map((m) => ({
      user_id: Number(m.id),
      name: fullName(m),
      email: m.email,
      role: m.role,
      joined_date: m.joined_date,
    })),
  };
}

const requestsQuery = (db: Db) =>
  db
    .selectFrom('ministry_join_requests as r')
    .innerJoin('ministries as m', 'm.id', 'r.ministry_id')
    .selectAll('r')
    .select('m.name as ministry_name');

/** Join requests of one status, oldest first (pending) or newest first (decided), each with its account. */
export async function listJoinRequests(db: Db, status: JoinRequestStatus): Promise<JoinRequest[]> {
  const rows = await requestsQuery(db)
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
    const belongs = await db
      .selectFrom('ministry_memberships')
      .select('id')
      .where('user_id', '=', member.id)
      .where('ministry_id', '=', ministry.id)
      .executeTakeFirst();
    if (belongs) throw new ApiError(409, MINISTRY_TEXT.alreadyMember);
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

/** A free username from an email's local part: "esi.asante", else "esi.asante2", ... */
async function freeUsername(trx: Db, email: string): Promise<string> {
  const base = (
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') || 'member'
  )
    .padEnd(3, '0')
    .slice(0, 30);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!(await trx.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst()))
      return candidate;
  }
}

/**
 * A MEMBER account made from a join request (ADMIN and above, who may create accounts): its name, phone and email.
 * It has no password anyone knows: a member signs in to /my with a code sent to that email.
 */
async function memberFromRequest(
  deps: AppDeps,
  trx: Transaction<DB>,
  actor: UserRow,
  request: { name: string; phone: string | null },
  email: string,
  now: number,
): Promise<number> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  if (taken) throw fieldError('email', MINISTRY_TEXT.emailTaken);
  const [first, ...rest] = request.name.trim().split(/\s+/);
  const row = await trx
    .insertInto('users')
    .values(
      newUserRow({
        username: await freeUsername(trx, email),
        email,
        password_hash: await hashPassword(randomBytes(24).toString('base64url'), deps.config.argon2),
        first_name: first.slice(0, 150),
        last_name: rest.join(' ').slice(0, 150),
        role: 'MEMBER',
        phone_number: request.phone,
        date_joined: iso(now),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await withAudit(trx, { actor, target: row, action: USER_ACTIONS.create.audit, details: 'MEMBER' }, now);
  return Number(row.id);
}

/** Adds the account to the ministry unless it belongs already. */
async function enrol(trx: Db, userId: number, ministryId: number, role: string, nowMs: number) {
  await trx
    .insertInto('ministry_memberships')
    .values({ user_id: userId, ministry_id: ministryId, role, joined_date: iso(nowMs).slice(0, 10) })
    .onConflict((oc) => oc.columns(['user_id', 'ministry_id']).doNothing())
    .execute();
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

// ---- Changes by staff ----

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  let query = db
    .selectFrom('ministries')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw fieldError('name', MINISTRY_TEXT.nameTaken);
}

async function assertAccount(db: Db, userId: number, field: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw fieldError(field, MINISTRY_TEXT.userNotFound);
  return user;
}

/** A change and its audit entry in one transaction; `shown`: it changes what /ministries shows. */
async function recorded(
  deps: AppDeps,
  actor: UserRow,
  action: TypedAuditAction,
  what: string,
  shown: boolean,
  change: (trx: Transaction<DB>) => Promise<number>,
): Promise<number> {
  const entry = { actor, target: null, targetName: what, action };
  const id = await audited(deps.database.db, entry, deps.now(), change);
  if (shown) deps.content?.changed(['ministries']);
  return id;
}

export async function createMinistry(deps: AppDeps, actor: UserRow, input: MinistryCreate): Promise<MinistryDetail> {
  const db = deps.database.db;
  await assertNameFree(db, input.name);
  if (input.leader_user_id) await assertAccount(db, input.leader_user_id, 'leader_user_id');
  const id = await recorded(deps, actor, 'create_ministry', input.name, true, async (trx) => {
    const row = await trx
      .insertInto('ministries')
      .values({
        name: input.name,
        description: input.description,
        leader_user_id: input.leader_user_id ?? null,
        meeting_day: input.meeting_day ?? null,
        meeting_time: input.meeting_time ?? null,
        meeting_place: input.meeting_place ?? null,
        is_public: input.is_public,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return getMinistry(db, id);
}

export async function updateMinistry(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  changes: MinistryUpdate,
): Promise<MinistryDetail> {
  const db = deps.database.db;
  const row = await ministryRow(db, id);
  if (changes.name !== undefined) await assertNameFree(db, changes.name, id);
  if (changes.leader_user_id) await assertAccount(db, changes.leader_user_id, 'leader_user_id');
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await recorded(deps, actor, 'update_ministry', changes.name ?? row.name, true, async (trx) => {
    await trx.updateTable('ministries').set(set).where('id', '=', id).execute();
    return id;
  });
  return getMinistry(db, id);
}

/** Deletes a ministry with its memberships and join requests. */
export async function deleteMinistry(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  const row = await ministryRow(deps.database.db, id);
  await recorded(deps, actor, 'delete_ministry', row.name, true, async (trx) => {
    await trx.deleteFrom('ministries').where('id', '=', id).execute();
    return id;
  });
}

export async function addMinistryMember(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  input: MinistryMemberAdd,
): Promise<MinistryDetail> {
  const db = deps.database.db;
  const ministry = await ministryRow(db, id);
  const user = await assertAccount(db, input.user_id, 'user_id');
  const belongs = await db
    .selectFrom('ministry_memberships')
    .select('id')
    .where('user_id', '=', input.user_id)
    .where('ministry_id', '=', id)
    .executeTakeFirst();
  if (belongs) throw fieldError('user_id', MINISTRY_TEXT.alreadyMember);
  const what = `${fullName(user)} to ${ministry.name}`;
  await recorded(deps, actor, 'add_ministry_member', what, false, async (trx) => {
    await enrol(trx, input.user_id, id, input.role, deps.now());
    return id;
  });
  return getMinistry(db, id);
}

async function membership(db: Db, id: number, userId: number) {
  const ministry = await ministryRow(db, id);
  const row = await db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('users as u', 'u.id', 'mm.user_id')
    .select(['mm.id', 'u.first_name', 'u.last_name', 'u.username'])
    .where('mm.user_id', '=', userId)
    .where('mm.ministry_id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, MINISTRY_TEXT.notMember);
  return { ministry, name: fullName(row) };
}

export async function changeMinistryRole(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  userId: number,
  role: string,
): Promise<MinistryDetail> {
  const db = deps.database.db;
  const { ministry, name } = await membership(db, id, userId);
  await recorded(deps, actor, 'change_ministry_role', `${name} in ${ministry.name} to ${role}`, false, async (trx) => {
    await trx
      .updateTable('ministry_memberships')
      .set({ role })
      .where('user_id', '=', userId)
      .where('ministry_id', '=', id)
      .execute();
    return id;
  });
  return getMinistry(db, id);
}

export async function removeMinistryMember(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  userId: number,
): Promise<MinistryDetail> {
  const db = deps.database.db;
  const { ministry, name } = await membership(db, id, userId);
  await recorded(deps, actor, 'remove_ministry_member', `${name} from ${ministry.name}`, false, async (trx) => {
    await trx.deleteFrom('ministry_memberships').where('user_id', '=', userId).where('ministry_id', '=', id).execute();
    return id;
  });
  return getMinistry(db, id);
}
