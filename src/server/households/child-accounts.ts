// A child account's allergies and notes (child_accounts, migration 0024): an account under 18 in a household is a
// child (isChildAccount) and keeps what a household person of relationship child keeps on its own row. Staff change
// both (./routes.ts); a member of the household the allergies (./own-household.ts).
import type { Kysely } from 'kysely';
import { isChildAccount } from '../../lib/shared/checkin/api';
import { HOUSEHOLD_TEXT, type ChildAccountUpdate } from '../../lib/shared/households/api';
import { fullName } from '../../lib/shared/format';
import type { DB } from '../db/schema';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { changeHousehold } from './households';

type Db = Kysely<DB>;

/** The household's account `userId`, when it is a child at `nowMs`: else 404 (not in it) or 400 (not a child). */
export async function childAccountOf(db: Db, householdId: number, userId: number, nowMs: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'date_of_birth'])
    .where('id', '=', userId)
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  if (!user) throw new ApiError(404, HOUSEHOLD_TEXT.notMember);
  if (!isChildAccount(user.date_of_birth, nowMs)) throw new ApiError(400, HOUSEHOLD_TEXT.notChild);
  return user;
}

/** Writes the changes given (one row an account, made on its first change). */
export const saveChildAccount = (trx: Db, userId: number, changes: ChildAccountUpdate) =>
  trx
    .insertInto('child_accounts')
    .values({ user_id: userId, allergies: changes.allergies ?? null, notes: changes.notes ?? null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        ...(changes.allergies !== undefined && { allergies: changes.allergies }),
        ...(changes.notes !== undefined && { notes: changes.notes }),
      }),
    )
    .execute();

/** Staff change a child account's allergies or notes. */
export function updateChildAccount(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  userId: number,
  changes: ChildAccountUpdate,
) {
  return changeHousehold(deps, actor, id, {
    action: 'update_household_person',
    check: async (row) => `${fullName(await childAccountOf(deps.database.db, id, userId, deps.now()))} of ${row.name}`,
    change: (trx) => saveChildAccount(trx, userId, changes),
  });
}
