// Named check-ins (docs/API.md, Services and attendance): staff mark a person present from a search, and a member
// checks in with the day's code of a service (the QR code at church). A person counts once per service and date:
// the unique index takes the second one, which changes nothing and answers 200.
import type { Kysely } from 'kysely';
import { ATTENDANCE_TEXT, dayOfMs, type CheckinInput } from '../../lib/shared/attendance/api';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { fieldError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import { countableService, notFuture } from './headcounts';
import { isTodaysCode } from './codes';

/** Adds the check-in unless it is there; true when it was added. */
async function checkIn(
  db: Kysely<DB>,
  service: { id: number; branch_id: number },
  date: string,
  userId: number,
  recordedBy: number | null,
  nowMs: number,
): Promise<boolean> {
  const added = await db
    .insertInto('checkins')
    .values({
      service_id: service.id,
      branch_id: service.branch_id,
      date,
      user_id: userId,
      recorded_by: recordedBy,
      created_at: iso(nowMs),
    })
    .onConflict((oc) => oc.columns(['service_id', 'date', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!added;
}

/** Staff mark a person of their scope present at a service of their scope. */
export async function markPresent(deps: AppDeps, actor: UserRow, scope: Scope, input: CheckinInput) {
  const db = deps.database.db;
  notFuture(deps, input.date);
  const service = await countableService(db, scope, input.serviceId);
  const person = await inScope(
    db.selectFrom('users').select('id').where('id', '=', input.userId).where('is_active', '=', true),
    scope,
    'users.branch_id',
  ).executeTakeFirst();
  if (!person) throw fieldError('userId', ATTENDANCE_TEXT.person);
  const created = await checkIn(db, service, input.date, input.userId, actor.id, deps.now());
  return { serviceId: input.serviceId, date: input.date, userId: input.userId, created };
}

/**
 * A member's own check-in: counted for that service today, whatever the service's usual day. A code of another
 * service or day (or a deleted service) is a 400 on `code` and counts nothing.
 */
export async function memberCheckin(deps: AppDeps, member: UserRow, serviceId: number, code: string) {
  const db = deps.database.db;
  const service = await db
    .selectFrom('services')
    .select(['id', 'branch_id', 'name'])
    .where('id', '=', serviceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!service || !isTodaysCode(deps, serviceId, code)) throw fieldError('code', ATTENDANCE_TEXT.code);
  const date = dayOfMs(deps.now());
  const created = await checkIn(db, service, date, member.id, null, deps.now());
  return { serviceId, service: service.name, date, userId: Number(member.id), created };
}
