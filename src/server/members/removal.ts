// Asking to be removed: a member's request (POST /members/me/removal-request/), which staff (REMOVAL_ROLE) see and
// mark done, once they have removed or anonymised the account, or declined (GET /members/removal-requests/). Both
// sides are audited, so Recent Activity shows the request and who acted on it.
import type { Kysely } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError } from '../kernel/errors';
import { audited } from '../activity/audit';
import { fullName } from '../../lib/shared/format';
import { MEMBER_TEXT, type StaffRemovalRequest } from '../../lib/shared/members/api';

const answer = (r: {
  id: number;
  reason: string | null;
  status: 'open' | 'done' | 'declined';
  created_at: string;
  handled_at: string | null;
}) => ({
  id: Number(r.id),
  reason: r.reason,
  status: r.status,
  createdAt: r.created_at,
  handledAt: r.handled_at,
});

export async function removalRequestsOf(db: Kysely<DB>, userId: number) {
  const rows = await db
    .selectFrom('removal_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(answer);
}

/** The member's request; one open at a time (asking again is a 409 that says so). */
export async function requestRemoval(deps: AppDeps, user: UserRow, reason: string | null) {
  const db = deps.database.db;
  const open = await db
    .selectFrom('removal_requests')
    .select('id')
    .where('user_id', '=', user.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) throw new ApiError(409, MEMBER_TEXT.removalOpen);
  const now = deps.now();
  const row = await audited(db, { actor: user, target: user, action: 'request_removal', reason }, now, (trx) =>
    trx
      .insertInto('removal_requests')
      .values({
        user_id: Number(user.id),
        user_name: fullName(user),
        reason,
        status: 'open',
        created_at: iso(now),
        handled_at: null,
        handled_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return answer(row);
}

function staffQuery(db: Kysely<DB>) {
  return db
    .selectFrom('removal_requests as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as h', 'h.id', 'r.handled_by')
    .selectAll('r')
    .select(['u.email', 'h.first_name as h_first', 'h.last_name as h_last', 'h.username as h_username']);
}
type StaffRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['executeTakeFirstOrThrow']>>;

function staffAnswer(r: StaffRow): StaffRemovalRequest {
  return {
    ...answer(r),
    name: r.user_name,
    user: r.user_id === null ? null : { id: Number(r.user_id), name: r.user_name, email: r.email ?? '' },
    handledBy: r.h_username
      ? fullName({ first_name: r.h_first ?? '', last_name: r.h_last ?? '', username: r.h_username })
      : null,
  };
}

/** Open requests first, then the newest. */
export async function listRemovalRequests(db: Kysely<DB>): Promise<StaffRemovalRequest[]> {
  const rows = await staffQuery(db).execute();
  const order = (r: StaffRow) => (r.status === 'open' ? 0 : 1);
  return rows.sort((a, b) => order(a) - order(b) || Number(b.id) - Number(a.id)).map(staffAnswer);
}

/** Staff mark an open request done or declined. */
export async function handleRemoval(deps: AppDeps, actor: UserRow, id: number, status: 'done' | 'declined') {
  const db = deps.database.db;
  const row = await db.selectFrom('removal_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, MEMBER_TEXT.removalNotFound);
  if (row.status !== 'open') return staffAnswer(await staffQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow());
  const target =
    row.user_id === null
      ? null
      : await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  const now = deps.now();
  const action = status === 'done' ? 'complete_removal_request' : 'decline_removal_request';
  await audited(db, { actor, target: target ?? null, targetName: row.user_name, action }, now, (trx) =>
    trx
      .updateTable('removal_requests')
      .set({ status, handled_at: iso(now), handled_by: Number(actor.id) })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute(),
  );
  return staffAnswer(await staffQuery(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}
