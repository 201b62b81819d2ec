// An account moves to another branch (docs/API.md, Branches): its stay where it was is kept in branch_history,
// from when it came there (its last move, else when the account was made) until now, with the branch's name copied
// so the history outlives a deleted branch. Runs inside the caller's transaction, beside the change's audit entry.
import type { Kysely, Transaction } from 'kysely';
import type { BranchStay } from '../../lib/shared/branches/api';
import type { DB } from '../db/schema';
import type { UserRow } from '../kernel/context';

export async function moveAccount(
  trx: Transaction<DB>,
  account: Pick<UserRow, 'id' | 'branch_id' | 'date_joined'>,
  to: { id: number },
  move: { at: string; by: number | null; note?: string | null },
): Promise<void> {
  if (Number(account.branch_id) === Number(to.id)) return;
  const [from, last] = await Promise.all([
    trx.selectFrom('branches').select('name').where('id', '=', account.branch_id).executeTakeFirst(),
    trx
      .selectFrom('branch_history')
      .select('to_at')
      .where('user_id', '=', account.id)
      .orderBy('to_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  await trx
    .insertInto('branch_history')
    .values({
      user_id: account.id,
      branch_id: account.branch_id,
      branch_name: from?.name ?? '',
      from_at: last?.to_at ?? account.date_joined,
      to_at: move.at,
      note: move.note ?? null,
      moved_by: move.by,
    })
    .execute();
  await trx.updateTable('users').set({ branch_id: to.id }).where('id', '=', account.id).execute();
}

/** The past stays of these accounts (or of everyone), oldest first, by account. */
export async function branchHistories(db: Kysely<DB>, users: number[] | 'all'): Promise<Map<number, BranchStay[]>> {
  let query = db.selectFrom('branch_history').selectAll().orderBy('to_at').orderBy('id');
  if (users !== 'all') query = query.where('user_id', 'in', users.length ? users : [0]);
  const byUser = new Map<number, BranchStay[]>();
  for (const row of await query.execute()) {
    const stay = {
      branch: { id: row.branch_id === null ? 0 : Number(row.branch_id), name: row.branch_name },
      from: row.from_at,
      to: row.to_at,
    };
    byUser.set(Number(row.user_id), [...(byUser.get(Number(row.user_id)) ?? []), stay]);
  }
  return byUser;
}
