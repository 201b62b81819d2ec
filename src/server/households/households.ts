// Households (docs/API.md, Households): member accounts (users.household_id, an account in one household at most)
// and people without an account (./people.ts), a name, an address and a head who is one of its accounts. Staff
// manage every household (CONGREGATION_RULES in permissions.ts); a member changes their own through the members'
// door (./own-household.ts). Every change is written with its audit entry in one transaction (activity/audit.ts).
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { holdsBranch, inScope } from '../kernel/scope';
import { branchInScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, fieldError } from '../kernel/errors';
import { audited, type AuditEntry } from '../activity/audit';
import { likePattern } from '../search/service';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import {
  HOUSEHOLD_NOT_FOUND,
  HOUSEHOLD_TEXT,
  type Household,
  type HouseholdCreate,
  type HouseholdListQuery,
  type HouseholdMemberAdd,
  type HouseholdMerge,
  type HouseholdPage,
  type HouseholdUpdate,
} from '../../lib/shared/households/api';
import { toHouseholdAnswer, type HouseholdRow, type MemberRow } from './answers';

type Db = Kysely<DB>;

/** A scope that holds every branch: for accounts already in a household the caller reaches. */
const ROOT_SCOPE: Scope = { branchId: 0, path: '/', root: true };

/** The household's relationship of its head. */
export const HEAD = 'Head';

// ---- Reading ----

const accountColumns = ['id', 'household_id', 'first_name', 'last_name', 'username', 'household_relationship'] as const;
const memberColumns = [
  'users.id',
  'users.household_id',
  'users.first_name',
  'users.last_name',
  'users.username',
  'users.household_relationship',
  'users.date_of_birth',
  'child_accounts.allergies',
  'child_accounts.notes',
] as const;

/** The answers of these households at `nowMs` (who is a child), in their order: two more queries however many. */
async function present(db: Db, rows: HouseholdRow[], nowMs: number): Promise<Household[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const [members, people] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('child_accounts', 'child_accounts.user_id', 'users.id')
      .select(memberColumns)
      .where('users.household_id', 'in', ids)
      .execute(),
    db.selectFrom('household_people').selectAll().where('household_id', 'in', ids).execute(),
  ]);
  return rows.map((row) =>
    toHouseholdAnswer(
      row,
      (members as MemberRow[]).filter((m) => Number(m.household_id) === Number(row.id)),
      people.filter((p) => Number(p.household_id) === Number(row.id)),
      nowMs,
    ),
  );
}

export async function householdRow(db: Db, id: number): Promise<HouseholdRow> {
  const row = await db.selectFrom('households').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, HOUSEHOLD_NOT_FOUND);
  return row;
}

export async function getHousehold(db: Db, id: number, nowMs: number): Promise<Household> {
  const [answer] = await present(db, [await householdRow(db, id)], nowMs);
  return answer;
}

/** A page of households by name, a search matching the household's name or one of its people's. */
export async function listHouseholds(
  db: Db,
  scope: Scope,
  query: HouseholdListQuery,
  nowMs: number,
): Promise<HouseholdPage> {
  let base = inScope(db.selectFrom('households as h'), scope, 'h.branch_id');
  if (query.search) {
    const pattern = likePattern(query.search);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        like('h.name'),
        eb.exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.household_id', '=', 'h.id')
            .where(sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'`),
        ),
        eb.exists(
          eb
            .selectFrom('household_people as p')
            .select('p.id')
            .whereRef('p.household_id', '=', 'h.id')
            .where(like('p.name')),
        ),
      ]),
    );
  }
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll('h').orderBy('h.name').orderBy('h.id').limit(query.limit).offset(query.offset).execute(),
  ]);
  return { count: Number(total.count), results: await present(db, rows, nowMs) };
}

/** The household a user belongs to, or undefined (the members' door and the user answer's family). */
export async function householdOfUser(db: Db, userId: number, nowMs: number): Promise<Household | undefined> {
  const user = await db.selectFrom('users').select('household_id').where('id', '=', userId).executeTakeFirst();
  if (!user?.household_id) return undefined;
  return getHousehold(db, Number(user.household_id), nowMs);
}

// ---- Changes by staff ----

type Named = Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'username'>;

/** A change and its audit entry in one transaction; answers the household as now stored. */
export async function recorded(
  deps: AppDeps,
  actor: Named,
  action: TypedAuditAction,
  what: string,
  change: (trx: Transaction<DB>, stamp: string) => Promise<number>,
): Promise<Household> {
  const now = deps.now();
  const entry: AuditEntry = { actor, target: null, targetName: what, action };
  const id = await audited(deps.database.db, entry, now, (trx) => change(trx, iso(now)));
  return getHousehold(deps.database.db, id, now);
}

/** A staff change to a household (changeHousehold): its audit action and its two steps. */
interface HouseholdChange {
  action: TypedAuditAction;
  /** Refuses what it must and answers the words the audit log names the change by. */
  check: (household: HouseholdRow) => Promise<string> | string;
  change: (trx: Transaction<DB>, household: HouseholdRow, stamp: string) => Promise<unknown>;
}

/**
 * A staff change to household `id`: its row is read (404 when there is none), then `check`, then the change and
 * its entry in one transaction (recorded). Answers the household as now stored.
 */
export async function changeHousehold(
  deps: AppDeps,
  actor: Named,
  id: number,
  { action, check, change }: HouseholdChange,
): Promise<Household> {
  const household = await householdRow(deps.database.db, id);
  const what = await check(household);
  return recorded(deps, actor, action, what, async (trx, stamp) => {
    await change(trx, household, stamp);
    return id;
  });
}

/** The account a body names, when the caller's scope holds it; outside it, it does not exist for them. */
async function accountOf(db: Db, scope: Scope, userId: number, field = 'user_id') {
  const user = await db
    .selectFrom('users')
    .select([...accountColumns, 'branch_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !(await holdsBranch(db, scope, Number(user.branch_id))))
    throw fieldError(field, HOUSEHOLD_TEXT.userNotFound);
  return user;
}
type Account = Awaited<ReturnType<typeof accountOf>>;

/** Moves an account into a household (out of any other, which loses it as its head). */
async function join(trx: Db, user: Account, householdId: number, relationship: string) {
  if (user.household_id !== null && Number(user.household_id) !== householdId) {
    await trx
      .updateTable('households')
      .set({ head_user_id: null })
      .where('id', '=', Number(user.household_id))
      .where('head_user_id', '=', Number(user.id))
      .execute();
  }
  await trx
    .updateTable('users')
    .set({ household_id: householdId, household_relationship: relationship })
    .where('id', '=', Number(user.id))
    .execute();
}

export async function createHousehold(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  input: HouseholdCreate,
): Promise<Household> {
  const db = deps.database.db;
  const head = input.head_user_id ? await accountOf(db, scope, input.head_user_id, 'head_user_id') : undefined;
  // The creator's branch unless another of their scope is named (docs/API.md, Branches).
  const branch =
    input.branchId === undefined ? actor.branch_id : (await branchInScope(db, scope, input.branchId, 'branchId')).id;
  return recorded(deps, actor, 'create_household', input.name, async (trx, stamp) => {
    const { id } = await trx
      .insertInto('households')
      .values({
        name: input.name,
        address: input.address ?? null,
        head_user_id: head ? Number(head.id) : null,
        created_at: stamp,
        branch_id: branch,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (head) await join(trx, head, Number(id), HEAD);
    return Number(id);
  });
}

export function updateHousehold(deps: AppDeps, actor: UserRow, id: number, changes: HouseholdUpdate) {
  return changeHousehold(deps, actor, id, {
    action: 'update_household',
    check: async (row) => {
      if (changes.head_user_id) {
        // One of its own accounts, whatever their branch.
        const head = await accountOf(deps.database.db, ROOT_SCOPE, changes.head_user_id, 'head_user_id');
        if (Number(head.household_id) !== id) throw fieldError('head_user_id', HOUSEHOLD_TEXT.headNotMember);
      }
      return changes.name ?? row.name;
    },
    change: async (trx) => {
      await trx
        .updateTable('households')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.address !== undefined && { address: changes.address }),
          ...(changes.head_user_id !== undefined && { head_user_id: changes.head_user_id }),
        })
        .where('id', '=', id)
        .execute();
      if (changes.head_user_id) {
        await trx
          .updateTable('users')
          .set({ household_relationship: HEAD })
          .where('id', '=', changes.head_user_id)
          .execute();
      }
    },
  });
}

/** Deletes a household: its people with it; its accounts stay, in no household. */
export async function deleteHousehold(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  const db = deps.database.db;
  const row = await householdRow(db, id);
  const entry: AuditEntry = { actor, target: null, targetName: row.name, action: 'delete_household' };
  await audited(db, entry, deps.now(), async (trx) => {
    await trx
      .updateTable('users')
      .set({ household_id: null, household_relationship: null })
      .where('household_id', '=', id)
      .execute();
    await trx.deleteFrom('households').where('id', '=', id).execute();
  });
}

export async function addMember(deps: AppDeps, actor: UserRow, scope: Scope, id: number, input: HouseholdMemberAdd) {
  const db = deps.database.db;
  const row = await householdRow(db, id);
  const user = await accountOf(db, scope, input.user_id);
  return recorded(deps, actor, 'add_household_member', `${fullName(user)} to ${row.name}`, async (trx) => {
    await join(trx, user, id, input.relationship);
    return id;
  });
}

export function removeMember(deps: AppDeps, actor: UserRow, id: number, userId: number) {
  return changeHousehold(deps, actor, id, {
    action: 'remove_household_member',
    check: async (row) => {
      const user = await accountOf(deps.database.db, ROOT_SCOPE, userId);
      if (Number(user.household_id) !== id) throw new ApiError(404, HOUSEHOLD_TEXT.notMember);
      return `${fullName(user)} from ${row.name}`;
    },
    change: async (trx, row) => {
      await trx
        .updateTable('users')
        .set({ household_id: null, household_relationship: null })
        .where('id', '=', userId)
        .execute();
      if (Number(row.head_user_id) === userId) {
        await trx.updateTable('households').set({ head_user_id: null }).where('id', '=', id).execute();
      }
    },
  });
}

/**
 * Merges household `from` into `into`: its accounts and people move, `into` keeps its name, address and head
 * (taking `from`'s head when it has none, and `from`'s address when it has none), and `from` is deleted.
 */
export async function mergeHouseholds(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  into: number,
  { from }: HouseholdMerge,
): Promise<Household> {
  if (into === from) throw fieldError('from', HOUSEHOLD_TEXT.sameHousehold);
  const db = deps.database.db;
  const target = await householdRow(db, into);
  const source = await inScope(db.selectFrom('households').selectAll(), scope, 'branch_id')
    .where('id', '=', from)
    .executeTakeFirst();
  if (!source) throw fieldError('from', HOUSEHOLD_NOT_FOUND);
  const what = `${source.name} into ${target.name}`;
  return recorded(deps, actor, 'merge_households', what, async (trx) => {
    await trx.updateTable('users').set({ household_id: into }).where('household_id', '=', from).execute();
    await trx.updateTable('household_people').set({ household_id: into }).where('household_id', '=', from).execute();
    await trx
      .updateTable('households')
      .set({
        head_user_id: target.head_user_id ?? source.head_user_id,
        address: target.address ?? source.address,
      })
      .where('id', '=', into)
      .execute();
    await trx.deleteFrom('households').where('id', '=', from).execute();
    return into;
  });
}
