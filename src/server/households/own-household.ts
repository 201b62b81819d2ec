// A member's own household, through the members' door (src/server/members/): these take the database and the
// member's id, so that door's routes can call them.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError } from '../kernel/errors';
import { withAudit } from '../activity/audit';
import type { TypedAuditAction } from '../../lib/shared/permissions';
import {
  HOUSEHOLD_TEXT,
  PERSON_NOT_FOUND,
  type Household,
  type HouseholdPersonCreate,
  type ChildAccountUpdate,
  type HouseholdPersonUpdate,
  type OwnHouseholdUpdate,
} from '../../lib/shared/households/api';
import { HEAD, getHousehold } from './households';
import { forMember } from './answers';
import { insertPerson, personRow, updatePerson_ } from './people';
import { childAccountOf, saveChildAccount } from './child-accounts';

type Db = Kysely<DB>;

// These take the member's id and values already checked by the schemas of lib/shared/households/api.ts
// (householdPersonCreateSchema, householdPersonUpdateSchema, ownHouseholdUpdateSchema). The member is the actor
// of each audit entry.

async function memberOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'address', 'household_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new ApiError(404, HOUSEHOLD_TEXT.userNotFound);
  return user;
}

/** The member's household id, making one (named after them, at their address, them its head) when they have none. */
async function ownHousehold(trx: Db, user: Awaited<ReturnType<typeof memberOf>>, stamp: string): Promise<number> {
  if (user.household_id !== null) return Number(user.household_id);
  const { id } = await trx
    .insertInto('households')
    .values({
      name: `${user.last_name.trim() || user.username} household`,
      address: user.address,
      head_user_id: Number(user.id),
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({ household_id: Number(id), household_relationship: HEAD })
    .where('id', '=', Number(user.id))
    .execute();
  return Number(id);
}

async function ownChange(
  db: Db,
  userId: number,
  nowMs: number,
  action: TypedAuditAction,
  change: (trx: Transaction<DB>, householdId: number, stamp: string) => Promise<string>,
): Promise<Household> {
  const user = await memberOf(db, userId);
  const id = await db.transaction().execute(async (trx) => {
    const stamp = iso(nowMs);
    const householdId = await ownHousehold(trx, user, stamp);
    const what = await change(trx, householdId, stamp);
    await withAudit(trx, { actor: user, target: null, targetName: what, action }, nowMs);
    return householdId;
  });
  return forMember(await getHousehold(db, id, nowMs));
}

/** Adds a person without an account to the member's household (made first if they have none). */
export function addPersonToOwnHousehold(
  db: Db,
  userId: number,
  person: HouseholdPersonCreate,
  nowMs: number,
): Promise<Household> {
  return ownChange(db, userId, nowMs, 'add_own_household_person', async (trx, householdId, stamp) => {
    await insertPerson(trx, householdId, person, stamp);
    return person.name;
  });
}

/** Changes a person of the member's own household; a person of another household is a 404 (nothing changed). */
export async function updatePersonInOwnHousehold(
  db: Db,
  userId: number,
  personId: number,
  changes: HouseholdPersonUpdate,
  nowMs: number,
): Promise<Household> {
  const user = await memberOf(db, userId);
  if (user.household_id === null) throw new ApiError(404, PERSON_NOT_FOUND);
  const person = await personRow(db, Number(user.household_id), personId);
  return ownChange(db, userId, nowMs, 'update_own_household_person', async (trx) => {
    await updatePerson_(trx, personId, changes);
    return changes.name ?? person.name;
  });
}

/** Changes a child account's allergies in the member's own household; any other account is a 404, a grown one a 400. */
export async function updateChildAccountInOwnHousehold(
  db: Db,
  userId: number,
  childUserId: number,
  changes: Pick<ChildAccountUpdate, 'allergies'>,
  nowMs: number,
): Promise<Household> {
  const user = await memberOf(db, userId);
  if (user.household_id === null) throw new ApiError(404, HOUSEHOLD_TEXT.notMember);
  const child = await childAccountOf(db, Number(user.household_id), childUserId, nowMs);
  return ownChange(db, userId, nowMs, 'update_own_household_person', async (trx) => {
    await saveChildAccount(trx, childUserId, { allergies: changes.allergies });
    return `${child.first_name} ${child.last_name}`.trim();
  });
}

/** Renames or re-addresses the member's household (made first if they have none). */
export function updateOwnHousehold(
  db: Db,
  userId: number,
  changes: OwnHouseholdUpdate,
  nowMs: number,
): Promise<Household> {
  return ownChange(db, userId, nowMs, 'update_own_household', async (trx, householdId) => {
    const row = await trx
      .updateTable('households')
      .set({
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.address !== undefined && { address: changes.address }),
      })
      .where('id', '=', householdId)
      .returning('name')
      .executeTakeFirstOrThrow();
    return row.name;
  });
}
