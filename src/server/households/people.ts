// A household's people without an account of their own (household_people), as staff add, change and remove them;
// a member's own household uses the same rows through ./own-household.ts.
import type { Kysely } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { ApiError } from '../kernel/errors';
import {
  PERSON_NOT_FOUND,
  type HouseholdPersonCreate,
  type HouseholdPersonUpdate,
} from '../../lib/shared/households/api';
import { changeHousehold } from './households';

type Db = Kysely<DB>;

export async function personRow(db: Db, householdId: number, personId: number) {
  const person = await db
    .selectFrom('household_people')
    .selectAll()
    .where('id', '=', personId)
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  if (!person) throw new ApiError(404, PERSON_NOT_FOUND);
  return person;
}

export const insertPerson = (trx: Db, householdId: number, input: HouseholdPersonCreate, stamp: string) =>
  trx
    .insertInto('household_people')
    .values({
      household_id: householdId,
      name: input.name,
      relationship: input.relationship,
      date_of_birth: input.date_of_birth ?? null,
      allergies: input.allergies ?? null,
      notes: input.notes ?? null,
      created_at: stamp,
    })
    .execute();

export const updatePerson_ = (trx: Db, personId: number, changes: HouseholdPersonUpdate) =>
  trx
    .updateTable('household_people')
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.relationship !== undefined && { relationship: changes.relationship }),
      ...(changes.date_of_birth !== undefined && { date_of_birth: changes.date_of_birth }),
      ...(changes.allergies !== undefined && { allergies: changes.allergies }),
      ...(changes.notes !== undefined && { notes: changes.notes }),
    })
    .where('id', '=', personId)
    .execute();

export function addPerson(deps: AppDeps, actor: UserRow, id: number, input: HouseholdPersonCreate) {
  return changeHousehold(deps, actor, id, {
    action: 'add_household_person',
    check: (row) => `${input.name} to ${row.name}`,
    change: (trx, _row, stamp) => insertPerson(trx, id, input, stamp),
  });
}

export function updatePerson(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  personId: number,
  changes: HouseholdPersonUpdate,
) {
  return changeHousehold(deps, actor, id, {
    action: 'update_household_person',
    check: async (row) => {
      const person = await personRow(deps.database.db, id, personId);
      return `${changes.name ?? person.name} of ${row.name}`;
    },
    change: (trx) => updatePerson_(trx, personId, changes),
  });
}

export function removePerson(deps: AppDeps, actor: UserRow, id: number, personId: number) {
  return changeHousehold(deps, actor, id, {
    action: 'remove_household_person',
    check: async (row) => `${(await personRow(deps.database.db, id, personId)).name} from ${row.name}`,
    change: (trx) => trx.deleteFrom('household_people').where('id', '=', personId).execute(),
  });
}
