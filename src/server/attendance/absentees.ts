// Absentees (docs/API.md, Services and attendance): people with a named check-in on at least 3 of the 8 weeks
// before the last N weeks and none since, for pastoral care; what staff did about them (visited, called, a
// message) is recorded beside. Weeks are counted back from today: week 1 is the 7 days ending N weeks ago. Dates
// are 'YYYY-MM-DD' text in both databases, so a date's week is a CASE over text comparisons, one query on both.
import { sql } from 'kysely';
import {
  ABSENT_LOOKBACK_WEEKS,
  ABSENT_MIN_WEEKS,
  addDays,
  dayOfMs,
  type AbsentMessageInput,
  type Absentee,
  type FollowupInput,
} from '../../lib/shared/attendance/api';
import { fullName } from '../../lib/shared/format';
import { sendBroadcast } from '../broadcasts/service';
import { iso } from '../db/time';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { ApiError, fieldError } from '../kernel/errors';
import { inScope } from '../kernel/scope';

export async function absentees(deps: AppDeps, scope: Scope, weeks: number): Promise<Absentee[]> {
  const db = deps.database.db;
  const today = dayOfMs(deps.now());
  // Dates after `since` are the last N weeks; the window is the 8 weeks before.
  const since = addDays(today, -7 * weeks);
  const start = addDays(since, -7 * ABSENT_LOOKBACK_WEEKS);
  const bounds = Array.from({ length: ABSENT_LOOKBACK_WEEKS }, (_, i) => addDays(since, -7 * (i + 1)));
  const week = sql.join(
    bounds.map((bound, i) => sql`when c.date > ${bound} then ${i + 1}`),
    sql` `,
  );
  const query = db
    .selectFrom('checkins as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      (eb) => eb.fn.max('c.date').as('last_seen'),
      sql<number>`count(distinct case ${week} end)`.as('weeks_came'),
    ])
    .where('c.date', '>', start)
    .where('c.date', '<=', since)
    .where('u.is_active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('checkins as later')
            .select('later.id')
            .whereRef('later.user_id', '=', 'u.id')
            .where('later.date', '>', since),
        ),
      ),
    )
    .groupBy(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.phone_number'])
    .having(sql`count(distinct case ${week} end)`, '>=', ABSENT_MIN_WEEKS)
    .orderBy(sql`max(c.date)`, 'desc')
    .orderBy('u.last_name')
    .limit(2000);
  const rows = await inScope(query, scope, 'u.branch_id').execute();
  const ids = rows.map((r) => Number(r.id));
  const notes = ids.length
    ? await db
        .selectFrom('attendance_followups as f')
        .leftJoin('users as by', 'by.id', 'f.recorded_by')
        .select(['f.user_id', 'f.kind', 'f.note', 'f.created_at', 'by.first_name', 'by.last_name'])
        .where('f.user_id', 'in', ids)
        .where('f.created_at', '>', `${start}T00:00:00.000Z`)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute()
    : [];
  return rows.map((r) => ({
    user: { id: Number(r.id), name: fullName(r), email: r.email },
    lastSeen: String(r.last_seen),
    phone: r.phone_number,
    weeksCame: Number(r.weeks_came),
    followups: notes
      .filter((n) => Number(n.user_id) === Number(r.id))
      .map((n) => ({
        kind: n.kind,
        note: n.note,
        at: n.created_at,
        by: n.first_name === null ? null : fullName({ first_name: n.first_name, last_name: n.last_name ?? '' }),
      })),
  }));
}

/** A person of the caller's scope, or a 404 (outside the scope is the same as missing). */
async function personInScope(deps: AppDeps, scope: Scope, userId: number) {
  const person = await inScope(
    deps.database.db.selectFrom('users').select('id').where('id', '=', userId),
    scope,
    'users.branch_id',
  ).executeTakeFirst();
  if (!person) throw new ApiError(404, 'Person not found.');
}

export async function recordFollowup(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  userId: number,
  input: FollowupInput,
) {
  await personInScope(deps, scope, userId);
  const at = iso(deps.now());
  await deps.database.db
    .insertInto('attendance_followups')
    .values({ user_id: userId, kind: input.kind, note: input.note || null, recorded_by: actor.id, created_at: at })
    .execute();
  return { kind: input.kind, note: input.note || null, at, by: fullName(actor) };
}

/**
 * A message to chosen people through the broadcasts' send (its outbox, consent rules and audit entry): each is
 * recorded as a follow-up of its channel. Every person must be in the caller's scope (400 otherwise, nothing sent).
 */
export async function messageAbsentees(deps: AppDeps, actor: UserRow, scope: Scope, input: AbsentMessageInput) {
  const db = deps.database.db;
  const ids = [...new Set(input.userIds)];
  const found = await inScope(
    db.selectFrom('users').select('id').where('id', 'in', ids),
    scope,
    'users.branch_id',
  ).execute();
  if (found.length !== ids.length) throw fieldError('userIds', 'Choose people of your branch.');
  const result = await sendBroadcast(deps, actor, scope, { ...input, audience: { group: 'people', people: ids } });
  if (!result.repeated) {
    const at = iso(deps.now());
    await db
      .insertInto('attendance_followups')
      .values(
        input.channels.flatMap((kind) =>
          ids.map((user_id) => ({ user_id, kind, note: input.subject, recorded_by: actor.id, created_at: at })),
        ),
      )
      .execute();
  }
  return result;
}
