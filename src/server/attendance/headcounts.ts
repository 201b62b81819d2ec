// Headcounts and the attendance report (docs/API.md, Services and attendance). A headcount is one row per service
// and date: the same service and date again replaces it (200, "replaced"), raced safely by the unique index. The
// report lists per service and date the counts and the named check-ins, within the caller's scope, newest first.
import type { Kysely } from 'kysely';
import {
  ATTENDANCE_CSV_HEADER,
  ATTENDANCE_TEXT,
  addDays,
  dayOfMs,
  headcountTotal,
  weeklyTotals,
  type AttendanceQuery,
  type AttendanceRow,
  type AttendanceWeek,
  type HeadcountInput,
  type WeeklyQuery,
} from '../../lib/shared/attendance/api';
import { toCsv } from '../../lib/shared/csv';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { AppDeps, Scope, UserRow } from '../kernel/context';
import { fieldError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import { serviceInScope } from '../services/service';

/** A service the caller may count: in the scope and not deleted; anything else is a 400 on serviceId. */
export async function countableService(db: Kysely<DB>, scope: Scope, id: number) {
  const service = await serviceInScope(db, scope, id);
  if (!service) throw fieldError('serviceId', ATTENDANCE_TEXT.service);
  return service;
}

/** A day that is not after today (a day of slack for clocks ahead). */
export function notFuture(deps: AppDeps, date: string) {
  if (date > addDays(dayOfMs(deps.now()), 1)) throw fieldError('date', ATTENDANCE_TEXT.future);
}

/** Saves the headcount; `replaced` when one for that service and date was there before. */
export async function recordHeadcount(
  deps: AppDeps,
  actor: UserRow,
  scope: Scope,
  input: HeadcountInput,
): Promise<{ row: AttendanceRow; replaced: boolean }> {
  const db = deps.database.db;
  notFuture(deps, input.date);
  const service = await countableService(db, scope, input.serviceId);
  const counts = {
    men: input.men,
    women: input.women,
    children: input.children,
    first_timers: input.firstTimers ?? 0,
    recorded_by: actor.id,
    updated_at: iso(deps.now()),
  };
  const inserted = await db
    .insertInto('headcounts')
    .values({ ...counts, service_id: service.id, branch_id: service.branch_id, date: input.date })
    .onConflict((oc) => oc.columns(['service_id', 'date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted)
    await db
      .updateTable('headcounts')
      .set(counts)
      .where('service_id', '=', service.id)
      .where('date', '=', input.date)
      .execute();
  const checkedIn = await db
    .selectFrom('attendance_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('checked_in'), eb.lit(0)).as('n'))
    .where('service_id', '=', service.id)
    .where('date', '=', input.date)
    .executeTakeFirstOrThrow();
  return {
    replaced: !inserted,
    row: {
      serviceId: Number(service.id),
      service: service.name,
      branchId: Number(service.branch_id),
      date: input.date,
      men: input.men,
      women: input.women,
      children: input.children,
      total: headcountTotal(input),
      firstTimers: input.firstTimers ?? 0,
      checkedIn: Number(checkedIn.n),
    },
  };
}

/** The report's range: `to` defaults to today, `from` to a year before it. */
export function rangeOf(deps: AppDeps, query: Pick<AttendanceQuery, 'from' | 'to'>) {
  const to = query.to ?? dayOfMs(deps.now());
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw fieldError('from', 'The start date is after the end date.');
  return { from, to };
}

/**
 * Per service and date in the range and the scope: the headcount (zeros where only check-ins were made) and the
 * named check-ins (people's, and children's at the check-in stations), newest first; `limit` keeps the newest.
 * Two reads over the (branch, date) indexes, merged here: with a limit each read takes its own newest `limit`
 * rows, which hold the merged newest `limit` (a row's key is unique in each read, and the order is the key's).
 */
export async function attendanceReport(deps: AppDeps, scope: Scope, query: AttendanceQuery): Promise<AttendanceRow[]> {
  const db = deps.database.db;
  const { from, to } = rangeOf(deps, query);
  let counts = db
    .selectFrom('headcounts as h')
    .innerJoin('services as s', 's.id', 'h.service_id')
    .select(['h.service_id', 's.name', 'h.branch_id', 'h.date', 'h.men', 'h.women', 'h.children', 'h.first_timers'])
    .where('h.date', '>=', from)
    .where('h.date', '<=', to);
  // The named check-ins as counted when written (migration 0025), people's and children's alike.
  let named = db
    .selectFrom('attendance_counts as a')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .select(['a.service_id', 's.name', 'a.branch_id', 'a.date', 'a.checked_in as n'])
    .where('a.date', '>=', from)
    .where('a.date', '<=', to)
    .where('a.checked_in', '>', 0);
  if (query.service !== undefined) {
    counts = counts.where('h.service_id', '=', query.service);
    named = named.where('a.service_id', '=', query.service);
  }
  counts = inScope(counts, scope, 'h.branch_id');
  named = inScope(named, scope, 'a.branch_id');
  if (query.limit !== undefined) {
    counts = counts.orderBy('h.date', 'desc').orderBy('h.service_id').limit(query.limit);
    named = named.orderBy('a.date', 'desc').orderBy('a.service_id').limit(query.limit);
  }
  const [countRows, namedRows] = await Promise.all([counts.execute(), named.execute()]);
  const rows = new Map<string, AttendanceRow>();
  const key = (service: number, date: string) => `${date} ${service}`;
  for (const r of countRows) {
    const counted = { men: Number(r.men), women: Number(r.women), children: Number(r.children) };
    rows.set(key(Number(r.service_id), r.date), {
      serviceId: Number(r.service_id),
      service: r.name,
      branchId: Number(r.branch_id),
      date: r.date,
      ...counted,
      total: headcountTotal(counted),
      firstTimers: Number(r.first_timers),
      checkedIn: 0,
    });
  }
  for (const r of namedRows) {
    const k = key(Number(r.service_id), r.date);
    const row = rows.get(k);
    if (row) row.checkedIn += Number(r.n);
    else
      rows.set(k, {
        serviceId: Number(r.service_id),
        service: r.name,
        branchId: Number(r.branch_id),
        date: r.date,
        men: 0,
        women: 0,
        children: 0,
        total: 0,
        firstTimers: 0,
        checkedIn: Number(r.n),
      });
  }
  const sorted = [...rows.values()].sort((a, b) => b.date.localeCompare(a.date) || a.serviceId - b.serviceId);
  return query.limit === undefined ? sorted : sorted.slice(0, query.limit);
}

/**
 * The report summed by week (the trend chart and its table), oldest first: the same rows as attendanceReport's,
 * summed by day in SQL (a few hundred days, whatever the number of services) and the days into weeks here.
 */
export async function attendanceWeeks(deps: AppDeps, scope: Scope, query: WeeklyQuery): Promise<AttendanceWeek[]> {
  const db = deps.database.db;
  const { from, to } = rangeOf(deps, query);
  let counts = db
    .selectFrom('headcounts as h')
    .select((eb) => [
      'h.date',
      eb.fn.sum<number>('h.men').as('men'),
      eb.fn.sum<number>('h.women').as('women'),
      eb.fn.sum<number>('h.children').as('children'),
      eb.fn.sum<number>('h.first_timers').as('first_timers'),
    ])
    .where('h.date', '>=', from)
    .where('h.date', '<=', to)
    .groupBy('h.date');
  let named = db
    .selectFrom('attendance_counts as a')
    .select((eb) => ['a.date', eb.fn.sum<number>('a.checked_in').as('n')])
    .where('a.date', '>=', from)
    .where('a.date', '<=', to)
    .groupBy('a.date');
  if (query.service !== undefined) {
    counts = counts.where('h.service_id', '=', query.service);
    named = named.where('a.service_id', '=', query.service);
  }
  counts = inScope(counts, scope, 'h.branch_id');
  named = inScope(named, scope, 'a.branch_id');
  const [countRows, namedRows] = await Promise.all([counts.execute(), named.execute()]);
  const days = new Map<string, Omit<AttendanceWeek, 'week'> & { date: string }>();
  const day = (date: string) => {
    const known = days.get(date);
    if (known) return known;
    const fresh = { date, men: 0, women: 0, children: 0, total: 0, firstTimers: 0, checkedIn: 0 };
    days.set(date, fresh);
    return fresh;
  };
  for (const r of countRows) {
    const d = day(r.date);
    d.men = Number(r.men);
    d.women = Number(r.women);
    d.children = Number(r.children);
    d.total = headcountTotal(d);
    d.firstTimers = Number(r.first_timers);
  }
  for (const r of namedRows) day(r.date).checkedIn = Number(r.n);
  return weeklyTotals([...days.values()]);
}

export function attendanceCsv(rows: AttendanceRow[]): string {
  return toCsv([
    ATTENDANCE_CSV_HEADER,
    ...rows.map((r) => [r.date, r.service, r.men, r.women, r.children, r.total, r.firstTimers, r.checkedIn]),
  ]);
}
