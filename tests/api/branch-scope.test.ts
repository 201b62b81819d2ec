/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Branch scope (docs/API.md, Branches), table-driven over the API's routes, on both databases: an administrator of
// Grace Chapel Tema sees, counts and changes only Tema. Every list, search and export answers Tema's rows only (and
// its own rows are there, so the check is not empty), every count equals Tema's count in the database, and every
// read, change or delete of a Kasoa or root row answers 404 and changes nothing. The demo accounts at the root
// still see everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, demoAssemblies, staffAt, startApi, type TestApi } from './helpers';
import { addDays, dayOfMs } from '../../src/lib/shared/attendance/rules';

const NEW_EVENT = {
  category: 'worship',
  type: 'one-time',
  startDate: '2027-03-04',
  startTime: '18:30',
  location: 'Hall',
};

describe.each(backends())('branch scope on %s', (backend) => {
  let api: TestApi;
  let tema: number;
  let kasoa: number;
  let temaAdmin: string;
  let superadmin: string;
  /** Rows outside Tema, each the first of its kind: reading, changing or deleting them must answer 404. */
  const outside: Record<string, any> = {};
  const db = () => api.database.db;
  const temaIds = async (table: 'users' | 'households' | 'ministries' | 'gifts' | 'outbox' | 'audit_log') =>
    new Set(
      (await db().selectFrom(table).select('id').where('branch_id', '=', tema).execute()).map((r: any) => String(r.id)),
    );
  const get = async (path: string, token = temaAdmin) => {
    const res = await api.request('GET', path, { token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    api = await startApi(backend, { members: 20 });
    ({ tema, kasoa } = await demoAssemblies(api));
    temaAdmin = await staffAt(api, 'tema_admin', 'ADMIN', tema);
    superadmin = await api.tokenFor('superadmin');

    // Tema's own rows, made by its administrator (at their branch by default).
    const made = async (path: string, body: object, token = temaAdmin) => {
      const res = await api.request('POST', path, { token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    await made('/ministries/', { name: 'Tema Choir' });
    await made('/events/', { ...NEW_EVENT, title: 'Tema Harvest' });
    await made('/giving/gifts/', { fund: 'Tithe', amount: 25, method: 'cash', date: '2026-11-01' });
    // Rows elsewhere: Kasoa's made by the superadmin naming Kasoa, the root's by the superadmin.
    outside.kasoaMinistry = await made('/ministries/', { name: 'Kasoa Choir', branchId: kasoa }, superadmin);
    outside.rootEvent = await made('/events/', { ...NEW_EVENT, title: 'Root Convention' }, superadmin);
    outside.rootGift = await made(
      '/giving/gifts/',
      { fund: 'Tithe', amount: 70, method: 'cash', date: '2026-11-01' },
      superadmin,
    );
    outside.kasoaMember = await db()
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', '=', 'member0014')
      .executeTakeFirstOrThrow();
    outside.kasoaHousehold = await db()
      .selectFrom('households')
      .select('id')
      .where('branch_id', '=', kasoa)
      .executeTakeFirstOrThrow();
    // A broadcast by the superadmin queues root messages; Tema's administrator sends one of Tema's own.
    for (const [token, key] of [
      [superadmin, '8d0d3c4e-6a0e-4b1c-9d1e-000000000001'],
      [temaAdmin, '8d0d3c4e-6a0e-4b1c-9d1e-000000000002'],
    ]) {
      const body = {
        requestKey: key,
        audience: { group: 'all' },
        channels: ['email'],
        subject: 'Choir rehearsal moved',
        message: 'Rehearsal is on Friday at 6 pm this week.',
      };
      expect((await api.request('POST', '/broadcasts/', { token, body })).status).toBe(201);
    }
    outside.rootOutbox = await db()
      .selectFrom('outbox')
      .select('id')
      .where('branch_id', '!=', tema)
      .executeTakeFirstOrThrow();
    await db().updateTable('outbox').set({ status: 'failed' }).execute();
  });
  afterAll(() => api?.close());

  /** Each list: its path, the ids it answers, the table they come from. */
  const LISTS: [path: string, ids: (body: any) => string[], table: Parameters<typeof temaIds>[0]][] = [
    ['/auth/users/', (b) => b.map((u: any) => String(u.id)), 'users'],
    ['/auth/users/?limit=2&offset=0', (b) => b.map((u: any) => String(u.id)), 'users'],
    ['/households/?limit=100', (b) => b.results.map((h: any) => String(h.id)), 'households'],
    ['/households/?search=a', (b) => b.results.map((h: any) => String(h.id)), 'households'],
    ['/ministries/all/', (b) => b.map((m: any) => String(m.id)), 'ministries'],
    ['/giving/gifts/', (b) => b.map((g: any) => String(g.id)), 'gifts'],
    ['/outbox/', (b) => b.map((o: any) => String(o.id)), 'outbox'],
    ['/auth/activity/?limit=50', (b) => b.map((a: any) => String(a.id)), 'audit_log'],
    ['/search/?q=member', (b) => b.results.filter((r: any) => r.kind === 'person').map((r: any) => r.id), 'users'],
  ];

  it.each(LISTS)('%s answers rows of Tema only, and some of them', async (path, ids, table) => {
    const answered = ids(await get(path));
    const mine = await temaIds(table);
    expect(answered.length, path).toBeGreaterThan(0);
    for (const id of answered) expect(mine.has(id), `${path} answered ${table} ${id}`).toBe(true);
  });

  it('the events list for staff holds Tema’s events only; the public list is the whole church’s', async () => {
    const staff = (await get('/events/')).map((e: any) => e.title);
    expect(staff).toContain('Tema Harvest');
    expect(staff).not.toContain('Root Convention');
    const visitors = (await api.request('GET', '/events/')).body.map((e: any) => e.title);
    expect(visitors).toEqual(expect.arrayContaining(['Tema Harvest', 'Root Convention']));
    expect((await get('/events/', superadmin)).map((e: any) => e.title)).toContain('Tema Harvest');
  });

  it('counts, charts and exports count Tema only', async () => {
    const temaUsers = (await temaIds('users')).size;
    expect((await get('/auth/users/stats/')).total_users).toBe(temaUsers);
    expect((await get('/dashboard/figures/')).totalUsers.value).toBe(temaUsers);
    expect((await get('/analytics/?range=1y')).overview.totalUsers).toBe(temaUsers);
    expect((await get('/giving/summary/?range=1y')).total.current.total).toBe(25);
    expect((await get('/dashboard/figures/')).giving.total.current.count).toBeLessThanOrEqual(1);
    const audiences = await get('/broadcasts/audiences/');
    expect(audiences.all).toBeLessThanOrEqual(temaUsers);
    expect(audiences.ministries.map((m: any) => m.name)).toEqual(['Tema Choir']);
    const csv = await api.request('GET', '/giving/gifts/?format=csv', { token: temaAdmin });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).not.toContain(outside.rootGift.reference);
    // The root still counts everyone.
    const all = Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await get('/auth/users/stats/', superadmin)).total_users).toBe(all);
  });

  it('a broadcast by a Tema administrator reached Tema’s members only', async () => {
    const mine = await db()
      .selectFrom('broadcasts')
      .selectAll()
      .where('branch_id', '=', tema)
      .executeTakeFirstOrThrow();
    const members = await db()
      .selectFrom('users')
      .select('email')
      .where('branch_id', '=', tema)
      .where('email_notifications', '=', true)
      .execute();
    const sent = await db()
      .selectFrom('outbox')
      .select('payload')
      .where('idempotency_key', 'like', `broadcast:${mine.id}:%`)
      .execute();
    const bcc = sent.flatMap((row) => JSON.parse(row.payload).bcc ?? []);
    expect(bcc.length).toBeGreaterThan(0);
    expect(new Set(bcc)).toEqual(new Set(members.map((m) => m.email)));
  });

  it('?branch= narrows a list within the scope; a branch outside it is a 400 on branch', async () => {
    expect((await get(`/auth/users/?branch=${tema}`)).length).toBe((await temaIds('users')).size);
    const kasoaOnly = (await get(`/auth/users/?branch=${kasoa}`, superadmin)).map((u: any) => u.username);
    expect(kasoaOnly).toEqual(['member0014', 'member0015', 'member0016']);
    expect((await get(`/ministries/all/?branch=${kasoa}`, superadmin)).map((m: any) => m.name)).toEqual([
      'Kasoa Choir',
    ]);
    expect((await get(`/ministries/all/?branch=${tema}`)).map((m: any) => m.name)).toEqual(['Tema Choir']);
    expect((await get(`/events/?branch=${tema}`, superadmin)).map((e: any) => e.title)).toContain('Tema Harvest');
    expect((await get(`/events/?branch=${tema}`, superadmin)).map((e: any) => e.title)).not.toContain(
      'Root Convention',
    );
    for (const path of [
      '/auth/users/',
      '/households/',
      '/ministries/all/',
      '/events/',
      '/giving/gifts/',
      '/outbox/',
      '/analytics/',
    ]) {
      const res = await api.request('GET', `${path}?branch=${kasoa}`, { token: temaAdmin });
      expect(res.status, path).toBe(400);
      expect(res.body.errors.branch, path).toEqual(['That branch does not exist.']);
    }
  });

  /** Each call on a row outside Tema: it answers 404 and the row is as it was. */
  const ITEMS: [method: string, path: () => string, body?: object | (() => object)][] = [
    ['GET', () => `/auth/users/${outside.kasoaMember.id}/`],
    ['PATCH', () => `/auth/users/${outside.kasoaMember.id}/`, { first_name: 'Changed' }],
    ['DELETE', () => `/auth/users/${outside.kasoaMember.id}/`],
    ['POST', () => `/auth/users/${outside.kasoaMember.id}/suspend_user/`, {}],
    ['POST', () => `/auth/users/${outside.kasoaMember.id}/transfer/`, () => ({ branch_id: tema })],
    ['GET', () => `/households/${outside.kasoaHousehold.id}/`],
    ['PATCH', () => `/households/${outside.kasoaHousehold.id}/`, { name: 'Changed' }],
    ['DELETE', () => `/households/${outside.kasoaHousehold.id}/`],
    ['POST', () => `/households/${outside.kasoaHousehold.id}/people/`, { name: 'Kid', relationship: 'Son' }],
    ['GET', () => `/ministries/${outside.kasoaMinistry.id}/`],
    ['PATCH', () => `/ministries/${outside.kasoaMinistry.id}/`, { name: 'Changed' }],
    ['DELETE', () => `/ministries/${outside.kasoaMinistry.id}/`],
    ['GET', () => `/events/${outside.rootEvent.id}/`],
    ['PATCH', () => `/events/${outside.rootEvent.id}/`, { title: 'Changed' }],
    ['DELETE', () => `/events/${outside.rootEvent.id}/`],
    ['GET', () => `/events/${outside.rootEvent.id}/registrations/`],
    ['POST', () => `/events/${outside.rootEvent.id}/duplicate/`],
    ['POST', () => `/giving/gifts/${outside.rootGift.id}/refund/`, { reason: 'x' }],
    ['POST', () => `/outbox/${outside.rootOutbox.id}/retry/`],
    ['GET', () => `/branches/${kasoa}/summary/`],
    ['PATCH', () => `/branches/${kasoa}/`, { name: 'Changed' }],
    ['DELETE', () => `/branches/${kasoa}/`],
  ];

  it.each(ITEMS)('%s %s of a row outside Tema answers 404', async (method, path, body) => {
    const before = await snapshot();
    const sent = typeof body === 'function' ? body() : body;
    const res = await api.request(method as any, path(), { token: temaAdmin, body: sent });
    expect(res.status, `${method} ${path()}: ${JSON.stringify(res.body)}`).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  /** What the calls above could change. */
  const snapshot = async () => ({
    member: await db().selectFrom('users').selectAll().where('id', '=', outside.kasoaMember.id).executeTakeFirst(),
    household: await db()
      .selectFrom('households')
      .selectAll()
      .where('id', '=', outside.kasoaHousehold.id)
      .executeTakeFirst(),
    people: await db().selectFrom('household_people').selectAll().orderBy('id').execute(),
    ministry: await db()
      .selectFrom('ministries')
      .selectAll()
      .where('id', '=', outside.kasoaMinistry.id)
      .executeTakeFirst(),
    events: await db().selectFrom('events').select(['id', 'title']).orderBy('id').execute(),
    gift: await db().selectFrom('gifts').selectAll().where('id', '=', outside.rootGift.id).executeTakeFirst(),
    outbox: await db().selectFrom('outbox').select(['id', 'status']).orderBy('id').execute(),
    branches: await db().selectFrom('branches').selectAll().orderBy('id').execute(),
  });

  it('a body naming a row outside Tema is refused like one that does not exist, changing nothing', async () => {
    const households = await api.request('POST', '/households/', {
      token: temaAdmin,
      body: { name: 'Mixed', head_user_id: outside.kasoaMember.id },
    });
    expect(households.status).toBe(400);
    expect(households.body.errors.head_user_id).toBeDefined();
    const broadcast = await api.request('POST', '/broadcasts/', {
      token: temaAdmin,
      body: {
        requestKey: '8d0d3c4e-6a0e-4b1c-9d1e-000000000003',
        audience: { group: 'ministry', ministry: outside.kasoaMinistry.id },
        channels: ['email'],
        subject: 'Choir rehearsal moved',
        message: 'Rehearsal is on Friday at 6 pm this week.',
      },
    });
    expect(broadcast.status).toBe(400);
    expect((await db().selectFrom('households').select('id').where('name', '=', 'Mixed').execute()).length).toBe(0);
  });

  it('a transfer inside the scope moves the person, and their history says where they were', async () => {
    const tema2 = (
      await api.request('POST', '/branches/', { token: temaAdmin, body: { name: 'Tema Community 25', parentId: tema } })
    ).body;
    const member = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'member0011')
      .executeTakeFirstOrThrow();
    const moved = await api.request('POST', `/auth/users/${member.id}/transfer/`, {
      token: temaAdmin,
      body: { branch_id: tema2.id, note: 'Moved house', household: true },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.branch).toEqual({ id: tema2.id, name: 'Tema Community 25' });
    expect(moved.body.branch_history.map((s: any) => [s.branch.name, s.to === null])).toEqual([
      ['Grace Chapel Tema', false],
      ['Tema Community 25', true],
    ]);
    // Still in Tema's scope (below it); outside it, the branch is unknown.
    expect((await get('/auth/users/')).map((u: any) => u.id)).toContain(Number(member.id));
    const away = await api.request('POST', `/auth/users/${member.id}/transfer/`, {
      token: temaAdmin,
      body: { branch_id: kasoa },
    });
    expect(away.status).toBe(400);
    expect(away.body.errors.branch_id).toEqual(['That branch does not exist.']);
    const summary = await get(`/branches/${tema}/summary/`);
    expect(summary).toMatchObject({ members: (await temaIds('users')).size + 1, attendance: { lastWeek: 0 } });
    expect(summary.giving.last30Days).toBeGreaterThanOrEqual(0);
  });

  it("counts in a branch's summary the headcounts of it and the branches below it, the last 7 days and the 28-day weekly average", async () => {
    const service = async (token: string, name: string, branchId: number) => {
      const res = await api.request('POST', '/services/', {
        token,
        body: { name, dayOfWeek: 0, startTime: '08:00', branchId },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const count = async (token: string, serviceId: number, daysAgo: number, people: number) => {
      const date = addDays(dayOfMs(api.clock.now), -daysAgo);
      const res = await api.request('POST', '/attendance/', {
        token,
        body: { serviceId, date, men: people, women: 0, children: 0 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    // The demo's year of headcounts is there already: the summaries must grow by exactly what is added here.
    const root = (
      await db().selectFrom('branches').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()
    ).id;
    const before = {
      tema: (await get(`/branches/${tema}/summary/`)).attendance,
      all: (await get(`/branches/${root}/summary/`, superadmin)).attendance,
    };
    const temaService = await service(temaAdmin, 'Tema Summary Service', tema);
    const kasoaService = await service(superadmin, 'Kasoa Summary Service', kasoa);
    await count(temaAdmin, temaService, 1, 100); // this week
    await count(temaAdmin, temaService, 15, 60); // within the four weeks
    await count(temaAdmin, temaService, 40, 999); // before them: counted in neither
    await count(superadmin, kasoaService, 2, 50);
    const temaNow = (await get(`/branches/${tema}/summary/`)).attendance;
    expect(temaNow.lastWeek - before.tema.lastWeek).toBe(100);
    // (100 + 60) / 4 weeks, each average rounded to a whole person.
    expect(Math.abs(temaNow.averageLast4Weeks - before.tema.averageLast4Weeks - 40)).toBeLessThanOrEqual(1);
    const allNow = (await get(`/branches/${root}/summary/`, superadmin)).attendance;
    expect(allNow.lastWeek - before.all.lastWeek).toBe(150);
    expect(Math.abs(allNow.averageLast4Weeks - before.all.averageLast4Weeks - 52.5)).toBeLessThanOrEqual(1);
    // Outside Tema's scope, Kasoa's summary does not exist for its administrator.
    expect((await api.request('GET', `/branches/${kasoa}/summary/`, { token: temaAdmin })).status).toBe(404);
  });

  it("records a gift or a batch at the recorder's branch or one of their scope (branchId); any other is a 400 on branchId, storing nothing", async () => {
    const gift = { fund: 'Tithe', amount: 12, method: 'cash', date: '2026-11-08' };
    const batch = {
      date: '2026-11-08',
      method: 'cash',
      total: 15,
      gifts: [
        { fund: 'Tithe', amount: 10 },
        { fund: 'Offering', amount: 5, name: 'Esi' },
      ],
    };
    const record = async (path: string, body: object, token: string) => {
      const res = await api.request('POST', path, { token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    const storedBranch = async (id: number) =>
      Number(
        (await db().selectFrom('gifts').select('branch_id').where('id', '=', id).executeTakeFirstOrThrow()).branch_id,
      );

    // Without branchId, the recorder's branch; naming their own, the same.
    expect((await record('/giving/gifts/', gift, temaAdmin)).branchId).toBe(tema);
    const own = await record('/giving/gifts/', { ...gift, branchId: tema }, temaAdmin);
    expect([own.branchId, await storedBranch(own.id)]).toEqual([tema, tema]);
    // The root's administrator names Kasoa: the gift, and every gift of a batch, is Kasoa's.
    const atKasoa = await record('/giving/gifts/', { ...gift, branchId: kasoa }, superadmin);
    expect([atKasoa.branchId, await storedBranch(atKasoa.id)]).toEqual([kasoa, kasoa]);
    const kasoaBatch = await record('/giving/batches/', { ...batch, branchId: kasoa }, superadmin);
    expect(kasoaBatch.gifts.map((g: any) => g.branchId)).toEqual([kasoa, kasoa]);
    for (const g of kasoaBatch.gifts) expect(await storedBranch(g.id)).toBe(kasoa);
    const temaBatch = await record('/giving/batches/', batch, temaAdmin);
    expect(temaBatch.gifts.map((g: any) => g.branchId)).toEqual([tema, tema]);
    expect((await get(`/giving/gifts/?branch=${kasoa}`, superadmin)).map((g: any) => g.id)).toEqual(
      expect.arrayContaining([atKasoa.id, ...kasoaBatch.gifts.map((g: any) => g.id)]),
    );

    // Kasoa is outside Tema's scope; 999999 names no branch; 'Tema' is not an id: each a 400 on branchId, and no
    // gift, batch or log entry is stored.
    const stored = async () => ({
      gifts: await db().selectFrom('gifts').select('id').orderBy('id').execute(),
      batches: await db().selectFrom('gift_batches').select('id').orderBy('id').execute(),
      log: await db().selectFrom('audit_log').select('id').orderBy('id').execute(),
    });
    const before = await stored();
    for (const branchId of [kasoa, 999999, 'Tema', 0]) {
      for (const [path, body] of [
        ['/giving/gifts/', { ...gift, branchId }],
        ['/giving/batches/', { ...batch, branchId }],
      ] as const) {
        const res = await api.request('POST', path, { token: temaAdmin, body });
        expect(res.status, `${path} ${branchId}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.errors.branchId, `${path} ${branchId}`).toEqual(['That branch does not exist.']);
      }
    }
    expect(
      (await api.request('POST', '/giving/gifts/', { token: superadmin, body: { ...gift, branchId: 999999 } })).body
        .errors.branchId,
    ).toEqual(['That branch does not exist.']);
    expect(await stored()).toEqual(before);
  });
});
