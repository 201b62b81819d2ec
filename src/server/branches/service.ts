// Branches (docs/API.md, Branches): the tree of the church, read by anyone, changed by administrators within their
// scope. Every change to the tree runs in one transaction that first takes the tree's lock (on PostgreSQL a table
// lock that only tree writers wait for; SQLite has one writer at a time anyway) and reads the paths again under
// it, so two administrators moving branches at once can never make a loop: the second sees the first's move.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  BRANCH_NOT_FOUND,
  BRANCH_TEXT,
  type Branch,
  type BranchCreate,
  type BranchSummary,
  type BranchUpdate,
} from '../../lib/shared/branches/api';
import { toCedis } from '../../lib/shared/giving/money';
import { BRANCHES_DENIED, canManageBranches, canSeeGiving } from '../../lib/shared/permissions';
import type { BranchesTable, DB } from '../db/schema';
import { slugify } from '../db/slugs';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { ApiError, fieldError } from '../kernel/errors';
import { branchInScope, holdsPath, inScope } from '../kernel/scope';
import { toBranchAnswer } from './answers';

type BranchRow = Selectable<BranchesTable>;

/** Every branch, parents before children (a parent's path is a prefix of its children's, so it sorts first). */
export async function listBranches(db: Kysely<DB>, opts: { staff: boolean }): Promise<Branch[]> {
  const rows = await db.selectFrom('branches').selectAll().orderBy('path').execute();
  return rows.map((row) => toBranchAnswer(row, opts));
}

/** The names of these branches by id (the User object's `branch`). */
export async function branchNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('branches').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

function mayChange(actor: UserRow) {
  if (!canManageBranches(actor)) throw new ApiError(403, BRANCHES_DENIED);
}

/** The tree's lock, inside a transaction that changes the tree (see the top of this file). */
async function lockTree(trx: Transaction<DB>, deps: AppDeps) {
  if (deps.database.dialect === 'postgres') await sql`lock table branches in share row exclusive mode`.execute(trx);
}

/** The branch with this id in the scope, read inside the tree's transaction; 404 when outside it or missing. */
async function branchOr404(trx: Kysely<DB>, scope: Scope, id: number): Promise<BranchRow> {
  const row = await trx.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !holdsPath(scope, row.path)) throw new ApiError(404, BRANCH_NOT_FOUND);
  return row;
}

/** A slug made from the name that no other branch has: name, name-2, name-3, … */
async function freeSlug(trx: Kysely<DB>, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name, 'branch');
  // Slugs hold only a-z, 0-9 and '-', so the pattern has no LIKE wildcards of its own.
  let q = trx
    .selectFrom('branches')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const taken = new Set((await q.execute()).map((r) => r.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export async function createBranch(deps: AppDeps, actor: UserRow, scope: Scope, input: BranchCreate): Promise<Branch> {
  mayChange(actor);
  const row = await deps.database.db.transaction().execute(async (trx) => {
    await lockTree(trx, deps);
    const parent = await branchInScope(trx, scope, input.parentId, 'parentId');
    const created = await trx
      .insertInto('branches')
      .values({
        name: input.name,
        slug: await freeSlug(trx, input.name),
        parent_id: parent.id,
        // Its own id is part of its path, known once the row exists.
        path: `${parent.path}${randomUUID()}/`,
        kind: input.kind ?? null,
        address: input.address ?? null,
        phone: input.phone ?? null,
        service_times: input.serviceTimes ?? null,
        paystack_subaccount: input.paystackSubaccount ?? null,
        created_at: new Date(deps.now()).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return trx
      .updateTable('branches')
      .set({ path: `${parent.path}${created.id}/` })
      .where('id', '=', created.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toBranchAnswer(row, { staff: true });
}

export async function updateBranch(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  id: number,
  input: BranchUpdate,
): Promise<Branch> {
  mayChange(actor);
  const row = await deps.database.db.transaction().execute(async (trx) => {
    await lockTree(trx, deps);
    const branch = await branchOr404(trx, scope, id);
    const { parentId, name, serviceTimes, paystackSubaccount, ...lines } = input;
    if (parentId !== undefined && parentId !== branch.parent_id) await move(trx, scope, branch, parentId);
    const changes = {
      ...lines,
      ...(name !== undefined && { name, slug: await freeSlug(trx, name, branch.id) }),
      ...(serviceTimes !== undefined && { service_times: serviceTimes }),
      ...(paystackSubaccount !== undefined && { paystack_subaccount: paystackSubaccount }),
    };
    if (Object.keys(changes).length) await trx.updateTable('branches').set(changes).where('id', '=', id).execute();
    return trx.selectFrom('branches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
  return toBranchAnswer(row, { staff: true });
}

/** Puts the branch, and every branch below it, under another parent: their paths take the parent's as prefix. */
async function move(trx: Transaction<DB>, scope: Scope, branch: BranchRow, parentId: number) {
  if (branch.parent_id === null) throw fieldError('parentId', BRANCH_TEXT.rootHasNoParent);
  const parent = await branchInScope(trx, scope, parentId, 'parentId');
  if (parent.path.startsWith(branch.path)) throw fieldError('parentId', BRANCH_TEXT.underItself);
  const newPath = `${parent.path}${branch.id}/`;
  const end = branch.path.slice(0, -1) + '0';
  await trx
    .updateTable('branches')
    .set({ path: sql`${newPath} || substr(path, ${branch.path.length + 1})` })
    .where('path', '>=', branch.path)
    .where('path', '<', end)
    .execute();
  await trx.updateTable('branches').set({ parent_id: parent.id }).where('id', '=', branch.id).execute();
}

/** What still belongs to a branch, in the words of the 409 (branches first). */
const CONTENTS: [
  table: 'branches' | 'users' | 'households' | 'ministries' | 'events' | 'gifts',
  one: string,
  many: string,
][] = [
  ['branches', 'branch', 'branches'],
  ['users', 'person', 'people'],
  ['households', 'household', 'households'],
  ['ministries', 'ministry', 'ministries'],
  ['events', 'event', 'events'],
  ['gifts', 'gift', 'gifts'],
];

/** "3 people, 1 household and 2 branches" */
function told(parts: string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
}

/**
 * Deletes an empty branch. A branch with branches, people, households, ministries, events or gifts is a 409 that
 * names what is left. What only records it (audit entries, broadcasts, outbox messages) moves up to its parent,
 * so those above still see it; a transferred account's history keeps the branch's name.
 */
export async function deleteBranch(deps: AppDeps, actor: UserRow, scope: Scope, id: number): Promise<void> {
  mayChange(actor);
  await deps.database.db.transaction().execute(async (trx) => {
    await lockTree(trx, deps);
    const branch = await branchOr404(trx, scope, id);
    if (branch.parent_id === null) throw new ApiError(409, BRANCH_TEXT.rootStays);
    const left: string[] = [];
    for (const [table, one, many] of CONTENTS) {
      const column = table === 'branches' ? 'parent_id' : 'branch_id';
      const { n } = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow();
      if (Number(n)) left.push(`${n} ${Number(n) === 1 ? one : many}`);
    }
    if (left.length) throw new ApiError(409, BRANCH_TEXT.notEmpty(told(left)));
    for (const table of ['audit_log', 'broadcasts', 'outbox'] as const)
      await trx.updateTable(table).set({ branch_id: branch.parent_id }).where('branch_id', '=', id).execute();
    await trx.updateTable('branch_history').set({ branch_id: null }).where('branch_id', '=', id).execute();
    await trx.deleteFrom('branches').where('id', '=', id).execute();
  });
}

/**
 * A branch with every branch below it, in figures (docs/API.md, Branches): its accounts, households, attendance
 * (the ushers' headcounts: the last 7 days, and the last 28 days a week) and, for those who see giving, the last 30
 * days' gifts.
 */
export async function branchSummary(deps: AppDeps, actor: UserRow, scope: Scope, id: number): Promise<BranchSummary> {
  const db = deps.database.db;
  const row = await branchOr404(db, scope, id);
  const below: Scope = { branchId: Number(row.id), path: row.path, root: row.parent_id === null };
  const count = async (table: 'users' | 'households') =>
    Number(
      (
        await inScope(db.selectFrom(table), below, 'branch_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const since = new Date(deps.now() - 30 * 86_400_000).toISOString();
  const given = async () => {
    const { pesewas } = await inScope(db.selectFrom('gifts'), below, 'branch_id')
      .select(sql<number>`coalesce(sum(amount - coalesce(refund_amount, 0)), 0)`.as('pesewas'))
      .where('status', 'in', ['paid', 'refunded'])
      .where('paid_at', '>=', since)
      .executeTakeFirstOrThrow();
    return { last30Days: toCedis(Number(pesewas) || 0) };
  };
  const counted = async (days: number) => {
    const from = new Date(deps.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const { people } = await inScope(db.selectFrom('headcounts'), below, 'branch_id')
      .select(sql<number>`coalesce(sum(men + women + children), 0)`.as('people'))
      .where('date', '>=', from)
      .where('date', '<=', new Date(deps.now()).toISOString().slice(0, 10))
      .executeTakeFirstOrThrow();
    return Number(people) || 0;
  };
  const [members, households, giving, lastWeek, last4Weeks] = await Promise.all([
    count('users'),
    count('households'),
    canSeeGiving(actor) ? given() : undefined,
    counted(7),
    counted(28),
  ]);
  return {
    branch: toBranchAnswer(row, { staff: true }),
    members,
    households,
    attendance: { lastWeek, averageLast4Weeks: Math.round(last4Weeks / 4) },
    ...(giving && { giving }),
  };
}
