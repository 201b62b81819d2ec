// Branch scope (docs/API.md, Branches; docs/ARCHITECTURE.md): a staff account sees and changes only its own branch
// and the branches below it. The scope comes from the caller's branch (scopeOf: kept while the users' data version
// holds, read again when it moves), handed to services as a plain value, and every query of a table whose rows
// belong to a branch goes through inScope, so no route writes its own filter. A branch's materialised path
// ('/1/4/9/') makes "this branch and below" one range of the unique index on branches.path: '/1/4/' ≤ path < '/1/40'
// ('0' is the character after '/').
import { sql, type Kysely, type Selectable } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import type { BranchesTable, DB } from '../db/schema';
import type { AppDeps, AppEnv, Scope, UserRow } from './context';
import { ApiError, fieldError } from './errors';
import { BRANCH_UNKNOWN } from '../../lib/shared/messages';

/** The first path after every path that starts with `path` (which ends with '/'). */
const pathEnd = (path: string) => path.slice(0, -1) + '0';

/** The scope of a branch by its id, or undefined when there is no such branch. */
export async function scopeOfBranch(db: Kysely<DB>, branchId: number): Promise<Scope | undefined> {
  const row = await db
    .selectFrom('branches')
    .select(['id', 'path', 'parent_id'])
    .where('id', '=', branchId)
    .executeTakeFirst();
  return row && { branchId: Number(row.id), path: row.path, root: row.parent_id === null };
}

/** A caller's scope: their branch and everything below it. */
export async function scopeOfUser(db: Kysely<DB>, user: Pick<UserRow, 'branch_id'>): Promise<Scope> {
  const scope = await scopeOfBranch(db, Number(user.branch_id));
  // Every account has a branch (NOT NULL) and a branch with accounts is never deleted.
  if (!scope) throw new Error(`the branch ${user.branch_id} of an account does not exist`);
  return scope;
}

/** What scopeOf needs of a request's Context, whatever variables a feature adds to AppEnv's (users' `target`). */
interface ScopeCarrier {
  // get, not c.var: Hono makes c.var a new object of every variable on each read (Object.fromEntries).
  get(key: 'user'): AppEnv['Variables']['user'];
  get(key: 'scope'): AppEnv['Variables']['scope'];
  get(key: 'usersVersion'): AppEnv['Variables']['usersVersion'];
  set(key: 'scope', value: Scope): void;
}

/**
 * Scopes by branch id, kept while the users' data version that requireAuth read holds: every write to branches
 * moves it (migration 0018), as every write to users does. The read was a third of a kept staff answer's database
 * work (GET /auth/users/stats/: one query besides the version's). A scope read after the version is never older
 * than it, so nothing stale is kept under a version (as users/signed-in.ts keeps the accounts).
 */
const keptScopes = new WeakMap<Kysely<DB>, { version: number; byBranch: Map<number, Scope> }>();

/** The signed-in caller's scope (after requireAuth): the kept one, or read once for this request. */
export async function scopeOf(c: ScopeCarrier, deps: Pick<AppDeps, 'database'>): Promise<Scope> {
  const known = c.get('scope');
  if (known) return known;
  const db = deps.database.db;
  const version = c.get('usersVersion');
  const user = c.get('user');
  const branchId = Number(user.branch_id);
  const kept = keptScopes.get(db);
  let scope = kept && kept.version === version ? kept.byBranch.get(branchId) : undefined;
  if (!scope) {
    scope = await scopeOfUser(db, user);
    // No version: this request wrote to users (requireAuth's last_seen), so what it read is not kept.
    if (version !== undefined) {
      const fresh = kept && kept.version === version ? kept : { version, byBranch: new Map<number, Scope>() };
      fresh.byBranch.set(branchId, scope);
      keptScopes.set(db, fresh);
    }
  }
  c.set('scope', scope);
  return scope;
}

/** Whether a branch lies in the scope (its own branch, or one below it). */
export const holdsPath = (scope: Scope, path: string) => path.startsWith(scope.path);

/**
 * The scope narrowed to one branch of it (a list's `?branch=`), or undefined when that branch is outside it or
 * does not exist: for the caller the two are the same.
 */
export async function narrowScope(db: Kysely<DB>, scope: Scope, branchId: number): Promise<Scope | undefined> {
  const narrowed = await scopeOfBranch(db, branchId);
  return narrowed && holdsPath(scope, narrowed.path) ? narrowed : undefined;
}

/** Any query that can be filtered (select, update, delete). */
interface Filterable {
  where(expression: ReturnType<typeof sql<boolean>>): unknown;
}

/**
 * The one filter of every scoped query: rows whose `column` (a branch id, 'users.branch_id') names a branch in
 * the scope. The root's scope holds every branch, so its queries stay exactly as they were without branches.
 */
export function inScope<Q extends Filterable>(query: Q, scope: Scope, column: string): Q {
  if (scope.root) return query;
  return query.where(scopeCondition(scope, column)) as Q;
}

/** inScope's condition itself, for where a query is not filtered by `where` (a join's `on`). */
export function scopeCondition(scope: Scope, column: string) {
  if (scope.root) return sql<boolean>`1 = 1`;
  return sql<boolean>`${sql.ref(column)} in (select id from branches where path >= ${scope.path} and path < ${pathEnd(scope.path)})`;
}

/** Whether the branch with this id lies in the scope; the root's scope holds every branch without a read. */
export async function holdsBranch(db: Kysely<DB>, scope: Scope, branchId: number): Promise<boolean> {
  if (scope.root) return true;
  const row = await db.selectFrom('branches').select('path').where('id', '=', branchId).executeTakeFirst();
  return !!row && holdsPath(scope, row.path);
}

/**
 * The scope of a list: the caller's, or narrowed to the branch its `?branch=` names (that branch and below). A
 * branch outside the caller's scope does not exist for them: the same 400 on `branch` as an unknown one.
 */
export async function listScope(
  c: ScopeCarrier,
  deps: Pick<AppDeps, 'database'>,
  branch: number | undefined,
): Promise<Scope> {
  const scope = await scopeOf(c, deps);
  if (branch === undefined) return scope;
  const narrowed = await narrowScope(deps.database.db, scope, branch);
  if (!narrowed) throw fieldError('branch', BRANCH_UNKNOWN);
  return narrowed;
}

/** The tables whose rows belong to a branch and are reached by an {id}. */
export type ScopedTable = 'users' | 'households' | 'ministries' | 'events' | 'gifts' | 'outbox';

/**
 * Route middleware after requireAuth: the row its path's {param} names is outside the caller's scope, so it does not
 * exist for them (404 with the collection's words, as for an unknown id) before any service sees it. A malformed id
 * is left to the contract's own 404.
 */
export function scopedItem(
  deps: Pick<AppDeps, 'database'>,
  table: ScopedTable,
  notFound: string,
  param = 'id',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scope = await scopeOf(c, deps);
    if (scope.root) return next();
    const raw = c.req.param(param) ?? '';
    const id = table === 'events' ? raw : Number(raw);
    if (typeof id === 'number' && !(Number.isSafeInteger(id) && id > 0 && id < 2 ** 31)) return next();
    const db = deps.database.db as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- one of ScopedTable
    const seen = await inScope(
      db.selectFrom(table).select('id').where('id', '=', id),
      scope,
      `${table}.branch_id`,
    ).executeTakeFirst();
    if (!seen) throw new ApiError(404, notFound);
    return next();
  };
}

/**
 * The branch a body's `branch_id` (or `parentId`) names, when the caller's scope holds it; a branch outside the
 * scope does not exist for the caller, so both are the same 400 on the field. Here, not in branches/, because every
 * feature that files a row under a branch asks it.
 */
export async function branchInScope(
  db: Kysely<DB>,
  scope: Scope,
  id: number,
  field: string,
): Promise<Selectable<BranchesTable>> {
  const row = await db.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !holdsPath(scope, row.path)) throw fieldError(field, BRANCH_UNKNOWN);
  return row;
}
