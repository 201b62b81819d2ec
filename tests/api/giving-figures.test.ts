/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Giving in the staff figures on every backend: the dashboard's giving this month and last, and the analytics
// report's giving per fund and over the chart, count paid gifts less refunds by the day they were paid, and only
// an ADMIN or SUPERADMIN's answers carry them: a PASTOR's never do. The clock is years past the demo data, so the
// windows hold only the gifts this test records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

const NOW = Date.parse('2031-01-20T10:00:00Z');
// Dashboard months: [2031-01-01, 2031-02-01) and [2030-12-01, 2031-01-01).
// Analytics 30d: [2030-12-22, 2031-01-21) and [2030-11-22, 2030-12-22).

describe.each(backends())('giving figures on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  let superadmin: string;
  let pastor: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    api.clock.now = NOW;
    [admin, superadmin, pastor] = await Promise.all(['admin', 'superadmin', 'pastor'].map((u) => api.tokenFor(u)));
    const batch = async (body: unknown) => {
      const res = await api.request('POST', '/giving/batches/', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    await batch({
      date: '2031-01-18',
      method: 'cash',
      total: '150.50',
      gifts: [
        { fund: 'Tithe', amount: '100' },
        { fund: 'Offering', amount: '50.50', name: 'Ama Mensah' },
      ],
    });
    await batch({ date: '2030-12-10', method: 'cheque', total: 40, gifts: [{ fund: 'Tithe', amount: 40 }] });
    const welfare = await batch({
      date: '2031-01-05',
      method: 'cash',
      total: 30,
      gifts: [{ fund: 'Welfare', amount: 30 }],
    });
    const refund = await api.request('POST', `/giving/gifts/${welfare.gifts[0].id}/refund/`, {
      token: admin,
      body: { amount: '10', date: '2031-01-06', reason: 'Counted twice' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    // Neither a flagged nor a pending gift counts, whatever its dates.
    const tithe = await api.database.db
      .selectFrom('funds')
      .select('id')
      .where('name', '=', 'Tithe')
      .executeTakeFirstOrThrow();
    for (const [status, paidAt] of [
      ['flagged', '2031-01-10T09:00:00.000Z'],
      ['pending', null],
    ] as const)
      await api.database.db
        .insertInto('gifts')
        .values({
          reference: `T-${status}`,
          fund_id: tithe.id,
          amount: 99_900,
          currency: 'GHS',
          status,
          method: 'paystack',
          email: 'giver@example.org',
          paid_at: paidAt,
          created_at: '2031-01-10T09:00:00.000Z',
          updated_at: '2031-01-10T09:00:00.000Z',
        })
        .execute();
  });
  afterAll(() => api?.close());

  const get = async (path: string, token: string) => {
    const res = await api.request('GET', path, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const fund = (totals: any, name: string) => totals.funds.find((f: any) => f.fund === name);

  it("the dashboard counts this month's and last month's giving per fund, for an admin and a super admin", async () => {
    for (const token of [admin, superadmin]) {
      const { giving } = await get('/dashboard/figures/', token);
      expect(giving.total).toEqual({ current: { total: 170.5, count: 3 }, previous: { total: 40, count: 1 } });
      expect(fund(giving, 'Tithe')).toMatchObject({
        current: { total: 100, count: 1 },
        previous: { total: 40, count: 1 },
      });
      expect(fund(giving, 'Offering')).toMatchObject({
        current: { total: 50.5, count: 1 },
        previous: { total: 0, count: 0 },
      });
      // The refund comes off the gift it returns.
      expect(fund(giving, 'Welfare')).toMatchObject({ current: { total: 20, count: 1 } });
      // Every active fund is listed, with zeros when nothing came.
      expect(fund(giving, 'Missions')).toMatchObject({
        current: { total: 0, count: 0 },
        previous: { total: 0, count: 0 },
      });
    }
  });

  it("a pastor's dashboard and analytics carry no giving at all, and the rest is the same as an admin's", async () => {
    const [mine, theirs] = await Promise.all([get('/dashboard/figures/', pastor), get('/dashboard/figures/', admin)]);
    expect(mine).not.toHaveProperty('giving');
    const { giving: _giving, ...rest } = theirs;
    expect(Object.keys(mine).sort()).toEqual(Object.keys(rest).sort());
    for (const range of ['7d', '30d', '90d', '1y']) {
      const report = await get(`/analytics/?range=${range}`, pastor);
      expect(report).not.toHaveProperty('giving');
      expect(JSON.stringify(report)).not.toMatch(/Tithe|Offering|Ama Mensah/);
    }
  });

  it('analytics counts giving per fund for the range against the period before, and over the chart', async () => {
    const report = await get('/analytics/?range=30d', admin);
    const { giving } = report;
    expect(giving.total).toEqual({ current: { total: 170.5, count: 3 }, previous: { total: 40, count: 1 } });
    expect(fund(giving, 'Tithe')).toMatchObject({
      current: { total: 100, count: 1 },
      previous: { total: 40, count: 1 },
    });
    // One point a day, as the activity chart, each with what was given that day.
    expect(giving.series.map((p: any) => p.start)).toEqual(report.timeframe.map((p: any) => p.start));
    expect(giving.series.find((p: any) => p.start === '2031-01-18')).toMatchObject({ total: 150.5, count: 2 });
    expect(giving.series.find((p: any) => p.start === '2031-01-05')).toMatchObject({ total: 20, count: 1 });
    expect(giving.series.reduce((sum: number, p: any) => sum + p.total, 0)).toBe(170.5);

    // A year, by month: December's cheque and January's gifts in their months.
    const year = (await get('/analytics/?range=1y', admin)).giving;
    expect(year.series.find((p: any) => p.label === 'Dec 2030')).toMatchObject({ total: 40, count: 1 });
    expect(year.series.find((p: any) => p.label === 'Jan 2031')).toMatchObject({ total: 170.5, count: 3 });
  });

  it('agrees with the Giving screen’s own summary', async () => {
    const [report, summary] = await Promise.all([
      get('/analytics/?range=90d', admin),
      get('/giving/summary/?range=90d', admin),
    ]);
    expect(report.giving.total).toEqual(summary.total);
    for (const f of report.giving.funds) {
      const same = summary.funds.find((s: any) => s.fundId === f.fundId);
      expect({ current: f.current, previous: f.previous }).toEqual({ current: same.current, previous: same.previous });
    }
  });

  it("agrees with the dashboard where their periods hold the same gifts (this month's and the last 30 days')", async () => {
    const [{ giving }, summary] = await Promise.all([
      get('/dashboard/figures/', admin),
      get('/giving/summary/?range=30d', admin),
    ]);
    expect(summary.funds).toEqual(giving.funds);
    expect(summary.total).toEqual(giving.total);
  });

  it('?branch= narrows the summary and the gifts to a branch and those below it; one outside the scope or unknown is 400', async () => {
    const root = (await get('/branches/', admin))[0];
    const make = async (body: object) =>
      (await api.request('POST', '/branches/', { token: superadmin, body })).body as { id: number };
    const area = await make({ name: 'Figures Area', parentId: root.id });
    const assembly = await make({ name: 'Figures Assembly', parentId: area.id });
    const moved = await api.database.db
      .updateTable('gifts')
      .set({ branch_id: assembly.id })
      .where('name', '=', 'Ama Mensah')
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
    try {
      const all = await get('/giving/summary/?range=30d', admin);
      expect((await get(`/giving/summary/?range=30d&branch=${root.id}`, admin)).total).toEqual(all.total);
      const ofArea = await get(`/giving/summary/?range=30d&branch=${area.id}`, admin);
      expect(ofArea.total.current).toEqual({ total: 50.5, count: 1 });
      expect(fund(ofArea, 'Offering').current).toEqual({ total: 50.5, count: 1 });
      expect(fund(ofArea, 'Tithe').current).toEqual({ total: 0, count: 0 });
      const listed = await get(`/giving/gifts/?branch=${area.id}`, admin);
      expect(listed.map((g: any) => g.name)).toEqual(['Ama Mensah']);
      expect((await get(`/giving/gifts/?branch=${root.id}`, admin)).length).toBe(
        (await get('/giving/gifts/', admin)).length,
      );
      expect((await api.request('GET', '/giving/gifts/?branch=tema', { token: admin })).status).toBe(400);

      const unknown = await api.request('GET', '/giving/summary/?range=30d&branch=999999', { token: admin });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toHaveProperty('branch');
      // An administrator of the assembly: the church above it is outside their scope.
      await api.createUser({ username: 'figures_admin', role: 'ADMIN', can_access_web: true });
      await api.database.db
        .updateTable('users')
        .set({ branch_id: assembly.id })
        .where('username', '=', 'figures_admin')
        .execute();
      const local = await api.tokenFor('figures_admin');
      expect((await api.request('GET', `/giving/summary/?range=30d&branch=${root.id}`, { token: local })).status).toBe(
        400,
      );
      expect((await get(`/giving/summary/?range=30d&branch=${assembly.id}`, local)).total.current.total).toBe(50.5);
    } finally {
      await api.database.db.updateTable('gifts').set({ branch_id: root.id }).where('name', '=', 'Ama Mensah').execute();
    }
  });

  // Runs last: it records a gift of its own and takes it away again.
  it('lists an inactive fund only while it has gifts in either period, in every figure', async () => {
    const made = await api.request('POST', '/giving/funds/', {
      token: admin,
      body: { name: 'Old Roof', active: false },
    });
    expect(made.status).toBe(201);
    const figures = async () => [
      (await get('/giving/summary/?range=30d', admin)).funds,
      (await get('/dashboard/figures/', admin)).giving.funds,
      (await get('/analytics/?range=30d', admin)).giving.funds,
    ];
    for (const funds of await figures()) expect(fund({ funds }, 'Old Roof')).toBeUndefined();

    const gift = await api.request('POST', '/giving/gifts/', {
      token: admin,
      body: { fund: 'Old Roof', amount: 12, method: 'cash', date: '2031-01-19' },
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(201);
    try {
      for (const funds of await figures())
        expect(fund({ funds }, 'Old Roof')).toEqual({
          fundId: made.body.id,
          fund: 'Old Roof',
          current: { total: 12, count: 1 },
          previous: { total: 0, count: 0 },
        });
    } finally {
      await api.database.db.deleteFrom('gifts').where('id', '=', gift.body.id).execute();
      await api.database.db.deleteFrom('funds').where('id', '=', made.body.id).execute();
    }
  });
});
