// The Network dashboard's roll-up reads indexes only (migration 0022; scripts/bench/network.mjs measures it at a
// denomination's size): a branch's giving of the last 30 days is one range of (branch, status, paid_at) holding the
// amounts, and the whole network's headcounts by date are one range of an index holding the counts. The plans are
// asked of each database as branches/service.ts's branchSummary words the queries, and the Attendance screen's weeks
// of the whole network (attendance/headcounts.ts, attendanceWeeks) as sums by date of two indexes (migration 0025); PostgreSQL is told to avoid
// scanning the table (and bitmaps), as its planner would on a big, vacuumed one (these test tables are tiny, where a scan is cheaper).
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema';
import { backends, startApi, type TestApi } from './helpers';

const GIVING = sql`select coalesce(sum(amount - coalesce(refund_amount, 0)), 0) as pesewas from gifts
  where branch_id in (select id from branches where path >= '/1/' and path < '/10')
    and status in ('paid', 'refunded') and paid_at >= '2026-01-01'`;
const ATTENDANCE = sql`select coalesce(sum(men + women + children), 0) as people from headcounts
  where date >= '2026-01-01' and date <= '2026-01-28'`;

const WEEKS_COUNTS = sql`select date, sum(men), sum(women), sum(children), sum(first_timers) from headcounts
  where date >= '2026-01-01' and date <= '2026-12-31' group by date`;
const WEEKS_NAMED = sql`select date, sum(checked_in) from attendance_counts
  where date >= '2026-01-01' and date <= '2026-12-31' group by date`;

async function plan(api: TestApi, query: ReturnType<typeof sql>): Promise<string> {
  const db = api.database.db as Kysely<DB>;
  if (api.database.dialect === 'sqlite') {
    const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.rows.map((r) => r.detail).join('\n');
  }
  return db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    await sql`set enable_bitmapscan = off`.execute(conn);
    try {
      const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(conn);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
      await sql`reset enable_bitmapscan`.execute(conn);
    }
  });
}

describe.each(backends())('the roll-up reads indexes only, on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
  });
  afterAll(() => api?.close());

  it("a branch's giving: the index by branch, status and day, with the amounts", async () => {
    const text = await plan(api, GIVING);
    expect(text).toMatch(
      backend === 'sqlite' ? /COVERING INDEX gifts_branch_counted/ : /Index Only Scan using gifts_branch_counted/,
    );
  });

  it("the network's headcounts by date: the index by date, with the counts", async () => {
    const text = await plan(api, ATTENDANCE);
    expect(text).toMatch(
      backend === 'sqlite' ? /COVERING INDEX headcounts_date_sums/ : /Index Only Scan using headcounts_date_sums/,
    );
  });

  it("the network's weeks: the headcounts and the counted check-ins by date, each from an index alone", async () => {
    expect(await plan(api, WEEKS_COUNTS)).toMatch(
      backend === 'sqlite' ? /COVERING INDEX headcounts_date_sums/ : /Index Only Scan using headcounts_date_sums/,
    );
    expect(await plan(api, WEEKS_NAMED)).toMatch(
      backend === 'sqlite' ? /COVERING INDEX attendance_counts_date/ : /Index Only Scan using attendance_counts_date/,
    );
  });
});
