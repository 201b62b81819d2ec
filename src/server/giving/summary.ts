// Giving as the staff figures count it: paid gifts less their refunds, by the day they were paid, per fund for a
// window and the one before it (the Giving screen's GET /giving/summary/, the dashboard's months, the analytics
// range), and over the analytics chart's buckets. This file is the one place that rule is written. Only ADMIN and above see these (canSeeGiving): the dashboard and analytics services ask before they
// call. Windows are [start, end) in UTC days compared as ISO strings (lib/shared/analytics/periods.ts).
//
// One read per answer: what was given per fund and day over both windows (at most funds × days rows, summed by
// the database), from which the totals and the chart are added up here. Two grouped reads cost about half as much
// again (scripts/bench/analytics.mjs).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { bucketIndex, rangeWindows, type Bucket, type Window } from '../../lib/shared/analytics/periods';
import type { AnalyticsGiving, GivingTotals } from '../../lib/shared/analytics/api';
import type { GivingRange, GivingSummary } from '../../lib/shared/giving/api';
import { toCedis } from '../../lib/shared/giving/money';

/** What counts as given: a paid gift, or a refunded one less what went back. */
const COUNTED = ['paid', 'refunded'] as const;

interface DayOfFund {
  fundId: number;
  day: string;
  pesewas: number;
  count: number;
}

async function givenByFundAndDay(db: Kysely<DB>, scope: Scope, w: Window): Promise<DayOfFund[]> {
  const day = sql<string>`substr(paid_at, 1, 10)`;
  const rows = await inScope(db.selectFrom('gifts'), scope, 'branch_id')
    .select((eb) => [
      'fund_id',
      day.as('day'),
      sql<number>`sum(amount - coalesce(refund_amount, 0))`.as('pesewas'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('status', 'in', COUNTED)
    .where('paid_at', '>=', w.start)
    .where('paid_at', '<', w.end)
    .groupBy(['fund_id', day])
    .execute();
  return rows.map((r) => ({
    fundId: Number(r.fund_id),
    day: r.day,
    pesewas: Number(r.pesewas) || 0,
    count: Number(r.count) || 0,
  }));
}

/**
 * Each fund's total and number of gifts in `current` and `previous`, and all funds together; cedis. Which funds are
 * listed, for every giving figure: each active fund, with zeros when nothing came (staff see that a fund took
 * nothing), and an inactive one only when it has gifts in either window (its money still counts in the total, and
 * a fund retired long ago does not fill the table with zeros).
 */
async function totalsOf(db: Kysely<DB>, rows: readonly DayOfFund[], current: Window): Promise<GivingTotals> {
  const funds = await db.selectFrom('funds').select(['id', 'name', 'active']).orderBy('sort').orderBy('name').execute();
  const zero = () => ({ pesewas: 0, count: 0 });
  const sums = new Map(funds.map((f) => [Number(f.id), { current: zero(), previous: zero() }]));
  const all = { current: zero(), previous: zero() };
  for (const row of rows) {
    const which = row.day >= current.start ? 'current' : 'previous';
    for (const sum of [sums.get(row.fundId)?.[which], all[which]]) {
      if (!sum) continue;
      sum.pesewas += row.pesewas;
      sum.count += row.count;
    }
  }
  const cedis = (s: { pesewas: number; count: number }) => ({ total: toCedis(s.pesewas), count: s.count });
  const listed = funds.flatMap((fund) => {
    const sum = sums.get(Number(fund.id));
    if (!sum || (!fund.active && !sum.current.count && !sum.previous.count)) return [];
    return [{ fundId: Number(fund.id), fund: fund.name, current: cedis(sum.current), previous: cedis(sum.previous) }];
  });
  return { funds: listed, total: { current: cedis(all.current), previous: cedis(all.previous) } };
}

/** Giving per fund in `current` against `previous` (the dashboard: this month and last). */
export async function fundTotals(
  db: Kysely<DB>,
  scope: Scope,
  current: Window,
  previous: Window,
): Promise<GivingTotals> {
  const rows = await givenByFundAndDay(db, scope, { start: previous.start, end: current.end });
  return totalsOf(db, rows, current);
}

/** GET /giving/summary/?range= (the Giving screen): giving per fund for the range against the period before. */
export async function givingSummary(
  db: Kysely<DB>,
  scope: Scope,
  range: GivingRange,
  now: number,
): Promise<GivingSummary> {
  const { current, previous } = rangeWindows(range, now);
  return { range, current, previous, ...(await fundTotals(db, scope, current, previous)) };
}

/** The analytics section: giving per fund for the range against the one before, and in each of its buckets. */
export async function givingReport(
  db: Kysely<DB>,
  scope: Scope,
  current: Window,
  previous: Window,
  list: readonly Bucket[],
): Promise<AnalyticsGiving> {
  const rows = await givenByFundAndDay(db, scope, { start: previous.start, end: current.end });
  const points = list.map((b) => ({ label: b.label, start: b.start, end: b.end, pesewas: 0, count: 0 }));
  for (const row of rows) {
    const i = row.day >= current.start ? bucketIndex(list, row.day) : -1;
    if (i < 0) continue;
    points[i].pesewas += row.pesewas;
    points[i].count += row.count;
  }
  return {
    ...(await totalsOf(db, rows, current)),
    series: points.map(({ pesewas, ...p }) => ({ ...p, total: toCedis(pesewas) })),
  };
}
