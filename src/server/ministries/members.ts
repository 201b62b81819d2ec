// A ministry's members (docs/API.md, Ministries): the ministries of one member, and staff adding members,
// changing their role and removing them, each with its audit entry in one transaction (changeMinistry of
// ./ministries.ts).
import { type Kysely } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError, fieldError } from '../kernel/errors';
import { fullName } from '../../lib/shared/format';
import { MINISTRY_TEXT, type MemberMinistry, type MinistryMemberAdd } from '../../lib/shared/ministries/api';
import { assertAccount, changeMinistry } from './ministries';

type Db = Kysely<DB>;

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

/** Adds the account to the ministry unless it belongs already. */
export async function enrol(trx: Db, userId: number, ministryId: number, role: string, nowMs: number) {
  await trx
    .insertInto('ministry_memberships')
    .values({ user_id: userId, ministry_id: ministryId, role, joined_date: iso(nowMs).slice(0, 10) })
    .onConflict((oc) => oc.columns(['user_id', 'ministry_id']).doNothing())
    .execute();
}

/** Whether the account belongs to the ministry. */
export async function belongsTo(db: Db, ministryId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ministry_memberships')
    .select('id')
    .where('user_id', '=', userId)
    .where('ministry_id', '=', ministryId)
    .executeTakeFirst();
  return !!row;
}

export function addMinistryMember(deps: AppDeps, actor: UserRow, id: number, input: MinistryMemberAdd) {
  const db = deps.database.db;
  return changeMinistry(deps, actor, id, {
    action: 'add_ministry_member',
    check: async (ministry) => {
      const user = await assertAccount(db, input.user_id, 'user_id');
      if (await belongsTo(db, id, input.user_id)) throw fieldError('user_id', MINISTRY_TEXT.alreadyMember);
      return `${fullName(user)} to ${ministry.name}`;
    },
    change: (trx) => enrol(trx, input.user_id, id, input.role, deps.now()),
  });
}

/** The name of account `userId` as a member of ministry `id` (404 when it does not belong). */
async function memberName(db: Db, id: number, userId: number): Promise<string> {
  const row = await db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('users as u', 'u.id', 'mm.user_id')
    .select(['mm.id', 'u.first_name', 'u.last_name', 'u.username'])
    .where('mm.user_id', '=', userId)
    .where('mm.ministry_id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, MINISTRY_TEXT.notMember);
  return fullName(row);
}

export function changeMinistryRole(deps: AppDeps, actor: UserRow, id: number, userId: number, role: string) {
  return changeMinistry(deps, actor, id, {
    action: 'change_ministry_role',
    check: async (ministry) => `${await memberName(deps.database.db, id, userId)} in ${ministry.name} to ${role}`,
    change: (trx) =>
      trx
        .updateTable('ministry_memberships')
        .set({ role })
        .where('user_id', '=', userId)
        .where('ministry_id', '=', id)
        .execute(),
  });
}

export function removeMinistryMember(deps: AppDeps, actor: UserRow, id: number, userId: number) {
  return changeMinistry(deps, actor, id, {
    action: 'remove_ministry_member',
    check: async (ministry) => `${await memberName(deps.database.db, id, userId)} from ${ministry.name}`,
    change: (trx) =>
      trx.deleteFrom('ministry_memberships').where('user_id', '=', userId).where('ministry_id', '=', id).execute(),
  });
}
