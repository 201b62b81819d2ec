// Giving as the staff figures count it: paid gifts less their refunds, by the day they were paid, per fund for a
// window and the one before it (the dashboard's months, the analytics range), and over the analytics chart's
// buckets. Only ADMIN and above see these (canSeeGiving): the dashboard and analytics services ask before they
// call. Windows are [start, end) in UTC days compared as ISO strings (lib/shared/analytics/periods.ts).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { bucketIndex, type Bucket, type Window } from '../../lib/shared/analytics/periods';
import type { GivingPoint, GivingTotals } from '../../lib/shared/analytics/api';
import { toCedis } from '../../lib/shared/giving/money';

/** What counts as given: a paid gift, or a refunded one less what went back. */
const COUNTED = ['paid', 'refunded'] as const;
const net = sql<number>`sum(amount - coalesce(refund_amount, 0))`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each fund's total and number of gifts in `current` and `previous`, and the sum of all funds; cedis. Every
 * active fund is listed (with zeros when nothing came), and an inactive one only when it has gifts in either.
 */
export async function fundTotals(db: Kysely<DB>, current: Window, previous: Window): Promise<GivingTotals> {
  // The boundary written into the statement, not bound: PostgreSQL takes two bound copies in SELECT and GROUP BY
  // for different expressions. It is one of our own days, never the caller's text.
  if (!DAY.test(current.start)) throw new Error(`not a day: ${current.start}`);
  const period = sql<string>`case when paid_at >= ${sql.lit(current.start)} then 'current' else 'previous' end`;
  const [rows, funds] = await Promise.all([
    db
      .selectFrom('gifts')
      .select((eb) => ['fund_id', net.as('pesewas'), eb.fn.countAll<number>().as('count'), period.as('period')])
      .where('status', 'in', COUNTED)
      .where('paid_at', '>=', previous.start)
      .where('paid_at', '<', current.end)
      .groupBy(['fund_id', period])
      .execute(),
    db.selectFrom('funds').select(['id', 'name', 'active']).orderBy('sort').orderBy('name').execute(),
  ]);
  const zero = () => ({ pesewas: 0, count: 0 });
  const sums = new Map(funds.map((f) => [Number(f.id), { current: zero(), previous: zero() }]));
  const all = { current: zero(), previous: zero() };
  for (const row of rows) {
    const which = row.period === 'current' ? 'current' : 'previous';
    const entry = sums.get(Number(row.fund_id));
    const found = { pesewas: Number(row.pesewas) || 0, count: Number(row.count) || 0 };
    if (entry) entry[which] = found;
    all[which].pesewas += found.pesewas;
    all[which].count += found.count;
  }
  const cedis = (s: { pesewas: number; count: number }) => ({ total: toCedis(s.pesewas), count: s.count });
  return {
    funds: funds
      .map((f) => ({ fund: f, sum: sums.get(Number(f.id))! }))
      .filter(({ fund, sum }) => !!fund.active || sum.current.count > 0 || sum.previous.count > 0)
      .map(({ fund, sum }) => ({
        fundId: Number(fund.id),
        fund: fund.name,
        current: cedis(sum.current),
        previous: cedis(sum.previous),
      })),
    total: { current: cedis(all.current), previous: cedis(all.previous) },
  };
}

/** What was given in each bucket (a day, a week or a month of the analytics range); cedis. */
export async function givingSeries(db: Kysely<DB>, list: readonly Bucket[]): Promise<GivingPoint[]> {
  const points = list.map((b) => ({ label: b.label, start: b.start, end: b.end, pesewas: 0, count: 0 }));
  if (!list.length) return [];
  const day = sql<string>`substr(paid_at, 1, 10)`;
  const rows = await db
    .selectFrom('gifts')
    .select((eb) => [day.as('day'), net.as('pesewas'), eb.fn.countAll<number>().as('count')])
    .where('status', 'in', COUNTED)
    .where('paid_at', '>=', list[0].start)
    .where('paid_at', '<', list[list.length - 1].end)
    .groupBy(day)
    .execute();
  for (const row of rows) {
    const i = bucketIndex(list, row.day);
    if (i < 0) continue;
    points[i].pesewas += Number(row.pesewas) || 0;
    points[i].count += Number(row.count) || 0;
  }
  return points.map(({ pesewas, ...p }) => ({ ...p, total: toCedis(pesewas) }));
}
