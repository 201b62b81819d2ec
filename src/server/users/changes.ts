// Staff's changes to users (docs/API.md, User management): refusals follow permissions.ts (the rules the users
// screen shows), and every change is written to the audit log in the same transaction as the change itself.
import type { Transaction } from 'kysely';
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
import type { User } from '../../lib/shared/users/types';
import type { AppDeps, Scope } from '../kernel/context';
import { branchInScope } from '../kernel/scope';
import { moveAccount } from '../branches/transfers';
import { holdsBranch } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, DETAIL, fieldError } from '../kernel/errors';
import { hashPassword } from '../credentials/passwords';
import { endMemberSessions, revokeAllForUser } from '../credentials/sessions';
import { audited, withAudit } from '../activity/audit';
import { removeAvatar } from '../media/avatars';
import { asTarget } from './answers';
import type { UserRow } from '../kernel/context';
import { loadUser, presentUser, presentUserById } from './read';
import type { Transfer } from '../../lib/shared/branches/api';
import { afterEmailChange, assertEmailFree, withEmailChecked } from './email-change';

// ---- Whom a call is about, and whether the caller may ----

/**
 * The target of a user-management call: in the caller's scope (else, as for nobody, 404), and once the screen would
 * offer it one of these actions (else 403).
 */
export async function targetFor(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  id: number,
  actions: UserAction[],
): Promise<UserRow> {
  const target = await loadUser(deps, id);
  if (!(await holdsBranch(deps.database.db, scope, Number(target.branch_id))))
    throw new ApiError(404, DETAIL.userNotFound);
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

/**
 * Moves an account to another branch of the caller's scope (docs/API.md, Branches: transfers), with everyone of
 * its household and the household itself when `household` is asked; each account's history keeps where it was.
 */
export async function transferUser(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  target: UserRow,
  input: Transfer,
): Promise<User> {
  const db = deps.database.db;
  const branch = await branchInScope(db, scope, input.branch_id, 'branch_id');
  const movers =
    input.household && target.household_id !== null
      ? await db.selectFrom('users').selectAll().where('household_id', '=', target.household_id).execute()
      : [target];
  const entry = { action: USER_ACTIONS.update.audit, details: 'branch_id', reason: input.note ?? null };
  return recorded(deps, actor, target, entry, async (trx, stamp) => {
    for (const account of movers)
      await moveAccount(trx, account, branch, { at: iso(stamp), by: actor.id, note: input.note ?? null });
    if (input.household && target.household_id !== null)
      await trx.updateTable('households').set({ branch_id: branch.id }).where('id', '=', target.household_id).execute();
  });
}
