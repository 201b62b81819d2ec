// Ministries (docs/API.md, Ministries): the public list of /ministries and staff's management of the ministries
// themselves (CONGREGATION_RULES in permissions.ts). Their members are ./members.ts, join requests
// ./join-requests.ts. Every staff change is written with its audit entry in one transaction; a change to what
// /ministries shows tells the content hook, which drops the host's copy of the page.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { branchInScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { ApiError, fieldError } from '../kernel/errors';
import { audited } from '../activity/audit';
import { type TypedAuditAction } from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import {
  MINISTRY_NOT_FOUND,
  MINISTRY_TEXT,
  type Ministry,
  type MinistryCreate,
  type MinistryDetail,
  type MinistryUpdate,
  type PublicMinistry,
} from '../../lib/shared/ministries/api';
import { toMinistryAnswer, toPublicMinistry, type MinistryRow } from './answers';

type Db = Kysely<DB>;

// ---- Reading ----

/** The public ministries by name (GET /ministries/ and the /ministries page). */
export async function listPublicMinistries(db: Db): Promise<PublicMinistry[]> {
  const rows = await db.selectFrom('ministries').selectAll().where('is_public', '=', true).orderBy('name').execute();
  return rows.map(toPublicMinistry);
}

/** Every ministry with its leader and counts, by name (staff). */
export async function listMinistries(db: Db, scope: Scope): Promise<Ministry[]> {
  const rows = await inScope(db.selectFrom('ministries as m'), scope, 'm.branch_id')
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

export async function ministryRow(db: Db, id: number): Promise<MinistryRow> {
  const row = await db.selectFrom('ministries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, MINISTRY_NOT_FOUND);
  return row;
}

/** One ministry with its members by name (staff). */
export async function getMinistry(db: Db, id: number): Promise<MinistryDetail> {
  await ministryRow(db, id);
  // The whole church's list: the route already kept a ministry outside the caller's scope out.
  const summary = (await listMinistries(db, { branchId: 0, path: '/', root: true })).find((m) => m.id === id)!;
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

// ---- Changes by staff ----

async function assertNameFree(db: Db, name: string, exceptId?: number) {
  let query = db
    .selectFrom('ministries')
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw fieldError('name', MINISTRY_TEXT.nameTaken);
}

export async function assertAccount(db: Db, userId: number, field: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw fieldError(field, MINISTRY_TEXT.userNotFound);
  return user;
}

/** A change and its audit entry in one transaction; `shown`: it changes what /ministries shows. */
export async function recorded(
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

/** A staff change to a ministry (changeMinistry): its audit action, whether /ministries shows it, two steps. */
interface MinistryChange {
  action: TypedAuditAction;
  shown?: boolean;
  /** Refuses what it must and answers the words the audit log names the change by. */
  check: (ministry: MinistryRow) => Promise<string> | string;
  change: (trx: Transaction<DB>) => Promise<unknown>;
}

/**
 * A staff change to ministry `id`: its row is read (404 when there is none), then `check`, then the change and its
 * entry in one transaction (recorded). Answers the ministry as now stored.
 */
export async function changeMinistry(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  { action, shown = false, check, change }: MinistryChange,
): Promise<MinistryDetail> {
  const what = await check(await ministryRow(deps.database.db, id));
  await recorded(deps, actor, action, what, shown, async (trx) => {
    await change(trx);
    return id;
  });
  return getMinistry(deps.database.db, id);
}

export async function createMinistry(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  input: MinistryCreate,
): Promise<MinistryDetail> {
  const db = deps.database.db;
  // The creator's branch unless another of their scope is named (docs/API.md, Branches).
  const branch =
    input.branchId === undefined ? actor.branch_id : (await branchInScope(db, scope, input.branchId, 'branchId')).id;
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
        branch_id: branch,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return getMinistry(db, id);
}

export function updateMinistry(deps: AppDeps, actor: UserRow, id: number, changes: MinistryUpdate) {
  const db = deps.database.db;
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return changeMinistry(deps, actor, id, {
    action: 'update_ministry',
    shown: true,
    check: async (row) => {
      if (changes.name !== undefined) await assertNameFree(db, changes.name, id);
      if (changes.leader_user_id) await assertAccount(db, changes.leader_user_id, 'leader_user_id');
      return changes.name ?? row.name;
    },
    change: (trx) => trx.updateTable('ministries').set(set).where('id', '=', id).execute(),
  });
}

/** Deletes a ministry with its memberships and join requests. */
export async function deleteMinistry(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  const row = await ministryRow(deps.database.db, id);
  await recorded(deps, actor, 'delete_ministry', row.name, true, async (trx) => {
    await trx.deleteFrom('ministries').where('id', '=', id).execute();
    return id;
  });
}
