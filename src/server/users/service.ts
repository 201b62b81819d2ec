// User management's data: users read with their memberships and family, the stats, and every change. Refusals
// follow permissions.ts (the rules the users screen shows), and every change by staff is written to the audit
// log in the same transaction as the change itself.
import type { Kysely, Transaction } from 'kysely';
import {
  USER_ACTIONS,
  assignableRoles,
  availableActions,
  type AuditAction,
  type Role,
  type UserAction,
} from '../../lib/shared/permissions';
import { DEFAULT_SUSPEND_REASON, type UserCreate, type UserUpdate } from '../../lib/shared/schemas';
import { newUserRow } from './new-user';
import type { FamilyMember, MinistryMembership, User, UserStats } from '../../lib/shared/users/types';
import type { AppDeps, Scope } from '../kernel/context';
import { branchInScope, branchNames } from '../branches/service';
import { moveAccount } from '../branches/transfers';
import type { DB } from '../db/schema';
import { compiledOnce } from '../db/compiled';
import { iso, startOfMonthIso } from '../db/time';
import { ApiError, DETAIL, fieldError } from '../kernel/errors';
import { hashPassword } from '../credentials/passwords';
import { endMemberSessions, revokeAllForUser } from '../credentials/sessions';
import { churchContact, signature } from '../settings/church';
import { queueEmail } from '../outbox/queue';
import type { ChurchContact } from '../../lib/shared/settings/api';
import { audited, withAudit, type AuditEntry } from '../activity/audit';
import { removeAvatar, storeAvatar } from '../media/avatars';
import { asTarget, isOnline, toUserAnswer } from './answers';
import type { UserRow } from '../kernel/context';
import { nextMidnight } from './cached-answers';
import { fullName } from '../../lib/shared/format';

// Every signed-in request loads its user, and the profile its memberships and family: those queries are
// compiled once (../db/compiled.ts).
const userById = compiledOnce((db) => db.selectFrom('users').selectAll().where('id', '=', 0));

export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return (await userById(db, [id]))[0];
}

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

// ---- Users as the API answers them ----

const membershipsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('ministries as m', 'm.id', 'mm.ministry_id')
    .select(['mm.id', 'mm.user_id', 'm.name as ministry_name', 'mm.role', 'mm.joined_date'])
    .orderBy('mm.joined_date');
const familyQuery = (db: Kysely<DB>) =>
  db.selectFrom('family_members').select(['id', 'user_id', 'name', 'relationship']).orderBy('id');
const membershipsOf = compiledOnce((db) => membershipsQuery(db).where('mm.user_id', '=', 0));
const familyOf = compiledOnce((db) => familyQuery(db).where('user_id', '=', 0));

/**
 * The other people of each household among these users' (households/): its accounts, then its people without
 * one, in the answer's family shape (an account's id is its user id, a person's their own).
 */
async function householdFamily(db: Kysely<DB>, rows: UserRow[], whose: number | 'all') {
  const family = new Map<number, FamilyMember[]>();
  const ids = [...new Set(rows.flatMap((r) => (r.household_id === null ? [] : [Number(r.household_id)])))];
  if (!ids.length) return family;
  const some = whose !== 'all';
  const [members, people] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'household_id', 'first_name', 'last_name', 'username', 'household_relationship'])
      .where('household_id', 'is not', null)
      .$if(some, (q) => q.where('household_id', 'in', ids))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('household_people')
      .selectAll()
      .$if(some, (q) => q.where('household_id', 'in', ids))
      .orderBy('id')
      .execute(),
  ]);
  const byHousehold = new Map<number, { userId: number | null; person: FamilyMember }[]>();
  const add = (household: number, userId: number | null, person: FamilyMember) =>
    byHousehold.set(household, [...(byHousehold.get(household) ?? []), { userId, person }]);
  for (const m of members) {
    const person = { id: Number(m.id), name: fullName(m), relationship: m.household_relationship ?? 'Member' };
    add(Number(m.household_id), Number(m.id), person);
  }
  for (const p of people)
    add(Number(p.household_id), null, { id: Number(p.id), name: p.name, relationship: p.relationship });
  for (const row of rows) {
    if (row.household_id === null) continue;
    const others = (byHousehold.get(Number(row.household_id)) ?? []).filter((o) => o.userId !== Number(row.id));
    family.set(
      Number(row.id),
      others.map((o) => o.person),
    );
  }
  return family;
}

/**
 * Memberships and family of one user or of everyone. Family is the user's household (householdFamily), then any
 * rows left in the older per-user family_members table (migration 0011 moved them all into households).
 */
async function extrasFor(db: Kysely<DB>, rows: UserRow[], id: number | 'all') {
  const [ms, fs, household] = await Promise.all([
    id === 'all' ? membershipsQuery(db).execute() : membershipsOf(db, [id]),
    id === 'all' ? familyQuery(db).execute() : familyOf(db, [id]),
    householdFamily(db, rows, id),
  ]);
  const memberships = new Map<number, MinistryMembership[]>();
  for (const m of ms) {
    const list = memberships.get(Number(m.user_id)) ?? [];
    list.push({ id: Number(m.id), ministry_name: m.ministry_name, role: m.role, joined_date: m.joined_date });
    memberships.set(Number(m.user_id), list);
  }
  const family = household;
  for (const f of fs) {
    const list = family.get(Number(f.user_id)) ?? [];
    list.push({ id: Number(f.id), name: f.name, relationship: f.relationship });
    family.set(Number(f.user_id), list);
  }
  return { memberships, family };
}

/** `rows` are the one user `whose` names, or everyone. */
async function presentUsers(deps: AppDeps, rows: UserRow[], whose: number | 'all'): Promise<User[]> {
  const [{ memberships, family }, branches] = await Promise.all([
    extrasFor(deps.database.db, rows, whose),
    branchNames(
      deps.database.db,
      rows.map((row) => Number(row.branch_id)),
    ),
  ]);
  return rows.map((row) =>
    toUserAnswer(
      row,
      {
        memberships: memberships.get(Number(row.id)) ?? [],
        family: family.get(Number(row.id)) ?? [],
        branchName: branches.get(Number(row.branch_id)) ?? '',
      },
      deps.now(),
      deps.config.onlineWindowMs,
    ),
  );
}

export async function presentUser(deps: AppDeps, row: UserRow): Promise<User> {
  const [user] = await presentUsers(deps, [row], Number(row.id));
  return user;
}

/** The user as now stored, after a change. */
export async function presentUserById(deps: AppDeps, id: number): Promise<User> {
  return presentUser(deps, await loadUser(deps, id));
}

export async function listUsers(deps: AppDeps): Promise<User[]> {
  return (await listUsersUntil(deps)).value;
}

/** Every user, and until when that answer holds without a write: the next moment someone stops being online, or
 * the next UTC midnight (ages and years as a member). */
export async function listUsersUntil(deps: AppDeps): Promise<{ value: User[]; validUntil: number }> {
  const now = deps.now();
  const rows = await deps.database.db.selectFrom('users').selectAll().orderBy('id').execute();
  let validUntil = nextMidnight(now);
  for (const row of rows) validUntil = Math.min(validUntil, answerHoldsUntil(deps, row, now));
  return { value: await presentUsers(deps, rows, 'all'), validUntil };
}

/** Until when a user's answer holds without a write: the moment they stop being online, or the next UTC
 * midnight (their age and years as a member). */
export function answerHoldsUntil(deps: AppDeps, row: UserRow, now: number): number {
  if (!isOnline(row, now, deps.config.onlineWindowMs)) return nextMidnight(now);
  return Math.min(nextMidnight(now), Date.parse(row.last_seen!) + deps.config.onlineWindowMs + 1);
}

/** The stats, holding until the next UTC midnight without a write (the month's figures change at one). */
export async function userStatsUntil(deps: AppDeps) {
  return { value: await userStats(deps), validUntil: nextMidnight(deps.now()) };
}

export async function userStats(deps: AppDeps): Promise<Required<UserStats>> {
  const monthStart = startOfMonthIso(deps.now());
  const row = await deps.database.db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .countAll<number>()
        .filterWhere((w) => w.and([w('is_active', '=', true), w('is_suspended', '=', false)]))
        .as('active'),
      eb.fn.countAll<number>().filterWhere('is_suspended', '=', true).as('suspended'),
      eb.fn.countAll<number>().filterWhere('date_joined', '>=', monthStart).as('month'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const month = Number(row.month);
  const before = total - month;
  // Growth this month: new accounts relative to the accounts that existed when the month began.
  const growth = before > 0 ? Math.round((month / before) * 1000) / 10 : month > 0 ? 100 : 0;
  return {
    total_users: total,
    active_users: Number(row.active),
    current_month_users: month,
    suspended_users: Number(row.suspended),
    growth_percentage: growth,
  };
}

// ---- Whom a call is about, and whether the caller may ----

async function loadUser(deps: AppDeps, id: number): Promise<UserRow> {
  const user = await findUserById(deps.database.db, id);
  if (!user) throw new ApiError(404, DETAIL.userNotFound);
  return user;
}

/** The target of a user-management call, once the screen would offer it one of these actions (else 403). */
export async function targetFor(deps: AppDeps, actor: UserRow, id: number, actions: UserAction[]): Promise<UserRow> {
  const target = await loadUser(deps, id);
  const offered = availableActions(actor, asTarget(target));
  if (!actions.some((action) => offered.has(action))) throw new ApiError(403, DETAIL.forbidden);
  return target;
}

/** promote_role: a role the actor may give this target (a higher one needs 'promote', a lower one 'demote'). */
export function assertMayGiveRole(actor: UserRow, target: UserRow, role: Role): void {
  // The screen never offers the current role, so this is refused like any other call it would not make.
  if (role === target.role) throw new ApiError(403, 'The user already has this role.');
  if (!assignableRoles(actor, asTarget(target)).includes(role)) throw new ApiError(403, DETAIL.forbidden);
}

// ---- Changes ----

async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fieldError('email', 'A user with that email already exists.');
}

/**
 * Tells the old address that the account's email changed (docs/API.md, Accounts and sessions): whoever changed it,
 * the owner of the old inbox hears of it, so a takeover cannot go unnoticed. Queued in the change's transaction.
 */
export async function tellOldAddress(
  trx: Transaction<DB>,
  change: { to: string; email: string; key: string },
  church: ChurchContact,
  nowMs: number,
) {
  const text =
    `The email address of your account is now ${change.email}. If you did not make this change, please contact ` +
    `the church office.`;
  const mail = { to: change.to, subject: 'Your email address was changed', text: text + signature(church) };
  await queueEmail(trx, change.key, mail, nowMs);
}

/**
 * A staff edit or the own profile changed the email: the old address is told and the account's /my sessions end
 * (they signed in with the old address), in the change's transaction.
 */
export async function afterEmailChange(
  trx: Transaction<DB>,
  target: Pick<UserRow, 'id' | 'email'>,
  email: string,
  nowMs: number,
) {
  if (email === target.email.toLowerCase()) return;
  const church = await churchContact(trx);
  await tellOldAddress(
    trx,
    { to: target.email, email, key: `email-changed:${target.id}:${nowMs}:${email}` },
    church,
    nowMs,
  );
  await endMemberSessions(trx, Number(target.id), nowMs);
}

/** An email change is stored lower-case and must not belong to another account (profile and staff edits). */
export async function withEmailChecked<T extends { email?: string }>(deps: AppDeps, userId: number, changes: T) {
  if (changes.email === undefined) return changes;
  const email = changes.email.toLowerCase();
  await assertEmailFree(deps.database.db, email, userId);
  return { ...changes, email };
}

/** Applies a change by staff with its audit entry, in one transaction; answers the user as now stored. */
async function recorded(
  deps: AppDeps,
  actor: UserRow,
  target: UserRow,
  entry: { action: AuditAction; reason?: string | null; details?: string | null },
  change: (trx: Transaction<DB>, stamp: number) => Promise<unknown>,
): Promise<User> {
  const stamp = deps.now();
  await audited(deps.database.db, { actor, target, ...entry }, stamp, (trx) => change(trx, stamp));
  return presentUserById(deps, target.id);
}

export async function createUser(deps: AppDeps, actor: UserRow, scope: Scope, input: UserCreate): Promise<User> {
  const { username, password, email, role, first_name, last_name, suspension_reason, branch_id, ...optional } = input;
  const db = deps.database.db;
  // The creator's branch unless another of their scope is named (docs/API.md, Branches).
  const branch =
    branch_id === undefined ? actor.branch_id : (await branchInScope(db, scope, branch_id, 'branch_id')).id;
  const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  if (taken) throw fieldError('username', 'A user with that username already exists.');
  await assertEmailFree(db, email.toLowerCase());
  const password_hash = await hashPassword(password, deps.config.argon2);
  const stamp = deps.now();
  const created = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values(
          newUserRow({
            ...optional,
            username,
            email: email.toLowerCase(),
            password_hash,
            first_name,
            last_name,
            role,
            branch_id: branch,
            suspension_reason: input.is_suspended ? suspension_reason || DEFAULT_SUSPEND_REASON : null,
            date_joined: iso(stamp),
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      await withAudit(trx, { actor, target: row, action: USER_ACTIONS.create.audit, details: role }, stamp);
      return row;
    })
    .catch((err) => {
      // Two concurrent creations of one name: the unique index decides; answer like the checks above.
      if (/unique|duplicate/i.test(String(err?.message)))
        throw fieldError('username', 'A user with that username or email already exists.');
      throw err;
    });
  return presentUser(deps, created);
}

export async function updateUser(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  target: UserRow,
  input: UserUpdate,
): Promise<User> {
  const { branch_id, ...changes } = await withEmailChecked(deps, target.id, input);
  const branch =
    branch_id === undefined ? undefined : await branchInScope(deps.database.db, scope, branch_id, 'branch_id');
  const moved = branch !== undefined && Number(branch.id) !== Number(target.branch_id);
  const changed = [...Object.keys(changes), ...(moved ? ['branch_id'] : [])];
  if (!changed.length) return presentUserById(deps, target.id);
  const entry = { action: USER_ACTIONS.update.audit, details: changed.join(',') };
  const result = await recorded(deps, actor, target, entry, async (trx, stamp) => {
    if (Object.keys(changes).length) await trx.updateTable('users').set(changes).where('id', '=', target.id).execute();
    if (moved) await moveAccount(trx, target, branch, { at: iso(stamp), by: actor.id });
    if (changes.email !== undefined) await afterEmailChange(trx, target, changes.email, stamp);
  });
  if (changes.email !== undefined) deps.outbox?.wake();
  return result;
}

/** Stores the uploaded photo (media/storage.ts judges it), points the user at it and removes the old file. */
export async function replaceAvatar(deps: AppDeps, user: UserRow, file: unknown, entry?: AuditEntry): Promise<void> {
  const name = await storeAvatar(deps.media, file);
  const point = (db: Kysely<DB>) => db.updateTable('users').set({ avatar: name }).where('id', '=', user.id).execute();
  try {
    await (entry ? audited(deps.database.db, entry, deps.now(), point) : point(deps.database.db));
  } catch (err) {
    await removeAvatar(deps.media, name);
    throw err;
  }
  await removeAvatar(deps.media, user.avatar);
}

/** Staff changing another user's photo: the same, written to the audit log. */
export async function replaceAvatarOf(deps: AppDeps, actor: UserRow, target: UserRow, file: unknown): Promise<User> {
  await replaceAvatar(deps, target, file, { actor, target, action: 'update_avatar' });
  return presentUserById(deps, target.id);
}

export async function deleteUser(deps: AppDeps, actor: UserRow, target: UserRow): Promise<void> {
  const stamp = deps.now();
  // The entry first: it names the user while the row (its target_id's reference) still exists.
  await deps.database.db.transaction().execute(async (trx) => {
    await withAudit(trx, { actor, target, action: USER_ACTIONS.delete.audit }, stamp);
    await trx.deleteFrom('users').where('id', '=', target.id).execute();
  });
  await removeAvatar(deps.media, target.avatar);
}

export function changeRole(deps: AppDeps, actor: UserRow, target: UserRow, role: Role): Promise<User> {
  // The web-access flag stays as it is; canAccessWeb() already refuses MEMBERs the portal.
  // The account's /my sessions end: a session that began as a member's must not go on as a staff account's (whose
  // contact details /my no longer changes), nor the other way round.
  return recorded(deps, actor, target, { action: USER_ACTIONS.promote.audit, details: role }, async (trx, stamp) => {
    await trx.updateTable('users').set({ role }).where('id', '=', target.id).where('role', '=', target.role).execute();
    await endMemberSessions(trx, Number(target.id), stamp);
  });
}

export function setWebAccess(deps: AppDeps, actor: UserRow, target: UserRow, allowed: boolean): Promise<User> {
  const action = USER_ACTIONS[allowed ? 'grant_web_access' : 'revoke_web_access'].audit;
  return recorded(deps, actor, target, { action }, async (trx, stamp) => {
    await trx.updateTable('users').set({ can_access_web: allowed }).where('id', '=', target.id).execute();
    if (!allowed) await revokeAllForUser(trx, target.id, stamp);
  });
}

export function suspendUser(deps: AppDeps, actor: UserRow, target: UserRow, reason?: string): Promise<User> {
  const why = reason || DEFAULT_SUSPEND_REASON;
  return recorded(deps, actor, target, { action: USER_ACTIONS.suspend.audit, reason: why }, async (trx, stamp) => {
    await trx
      .updateTable('users')
      .set({ is_suspended: true, suspension_reason: why })
      .where('id', '=', target.id)
      .execute();
    await revokeAllForUser(trx, target.id, stamp);
  });
}

export function reactivateUser(deps: AppDeps, actor: UserRow, target: UserRow): Promise<User> {
  return recorded(deps, actor, target, { action: USER_ACTIONS.reactivate.audit }, (trx) =>
    trx
      .updateTable('users')
      .set({ is_suspended: false, suspension_reason: null })
      .where('id', '=', target.id)
      .execute(),
  );
}
