/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers and untyped migrations' rows */
// The Attendance screen at a network's size (issue 31, "Scale"), on both databases: named check-ins counted as they
// are written (attendance_counts, migration 0025's triggers) follow staff check-ins, members' QR check-ins,
// children's check-ins and deletes (cascades included), and stay right when the same person checks in twice;
// migration 0025 fills the counts from the check-ins already there; GET /attendance/weekly/ answers the sums of
// GET /attendance/'s rows by week, in the scope and with its filters; GET /attendance/?limit= keeps the newest rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The helpers first: they load @hono/zod-openapi, which the shared schemas' .openapi() needs.
import { backends, databaseAt, startApi, type TestApi } from './helpers';
import { addDays, dayOfMs, weekOf } from '../../src/lib/shared/attendance/rules';
import { migrateToLatest } from '../../src/server/db/migrations';

/** The counts as GROUP BY finds them in the check-ins themselves, and as attendance_counts holds them. */
async function countsBothWays(db: any) {
  const truth = await sql<any>`
    select service_id, branch_id, date, count(*) as n from (
      select service_id, branch_id, date from checkins
      union all
      select service_id, branch_id, date from child_checkins
    ) named group by service_id, branch_id, date`.execute(db);
  const kept = await db
    .selectFrom('attendance_counts')
    .select(['service_id', 'branch_id', 'date', 'checked_in as n'])
    .where('checked_in', '>', 0)
    .execute();
  const shape = (rows: any[]) =>
    rows
      .map((r) => `${r.date} ${Number(r.service_id)} ${Number(r.branch_id)} ${Number(r.n)}`)
      .sort()
      .join('\n');
  return [shape(kept), shape(truth.rows)];
}

describe.each(backends())('attendance counts and weeks on %s', (backend) => {
  let api: TestApi;
  let services: any[];
  let tema: any;
  let temaService: any;
  let today: string;
  const t = (username: string) => api.tokenFor(username);
  const get = async (path: string, token: string) => (await api.request('GET', path, { token })).body as any;
  const post = async (path: string, token: string, body: object) => api.request('POST', path, { token, body });
  const userId = async (username: string) =>
    Number(
      (
        await api.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const checkedIn = async (serviceId: number, date: string) =>
    ((await get(`/attendance/?from=${date}&to=${date}&service=${serviceId}`, await t('admin'))) as any[])[0]
      ?.checkedIn ?? 0;

  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    today = dayOfMs(api.clock.now);
    services = await get('/services/', await t('admin'));
    tema = ((await get('/branches/', await t('admin'))) as any[]).find((b) => b.slug === 'grace-chapel-tema');
    temaService = (
      await post('/services/', await t('admin'), {
        name: 'Tema Sunday',
        dayOfWeek: 0,
        startTime: '08:00',
        branchId: tema.id,
      })
    ).body;
    const id = await api.createUser({ username: 'tema_pastor', role: 'PASTOR' });
    await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', id).execute();
  });
  afterAll(() => api?.close());

  it('counts staff check-ins, members’ QR check-ins and children’s check-ins as written, once a person, and follows deletes', async () => {
    const pastor = await t('pastor');
    const date = addDays(today, -1);
    const [a, b] = await Promise.all(
      ['count_a', 'count_b'].map((u) => api.createUser({ username: u, role: 'MEMBER' })),
    );
    for (const person of [a, b, a]) {
      const marked = await post('/attendance/checkins/', pastor, { serviceId: services[0].id, date, userId: person });
      expect(marked.status).toBeLessThan(300);
    }
    expect(await checkedIn(services[0].id, date)).toBe(2);

    // A member's own check-in with today's code, twice: counted once.
    await api.createUser({ username: 'qr_count', role: 'MEMBER', email: 'qr_count@example.org' });
    await api.request('POST', '/members/code/', { body: { email: 'qr_count@example.org' } });
    const mail = api.mails.filter((m) => m.to === 'qr_count@example.org').at(-1)!;
    const session = await api.request('POST', '/members/session/', {
      body: { email: 'qr_count@example.org', code: /\b(\d{6})\b/.exec(mail.text ?? '')![1] },
    });
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const code = (await get(`/attendance/code/?serviceId=${services[1].id}`, pastor)).code;
    for (const status of [201, 200]) {
      const done = await api.request('POST', '/members/me/checkin/', {
        headers: { cookie },
        body: { serviceId: services[1].id, code },
      });
      expect(done.status).toBe(status);
    }
    expect(await checkedIn(services[1].id, today)).toBe(1);

    // Children at a paired station: each child is a named check-in of the service.
    const made = await post('/stations/', await t('admin'), { name: 'Kids desk' });
    const paired = await api.request('POST', '/stations/pair/', { body: { pairingCode: made.body.pairingCode } });
    const station = { Cookie: paired.headers.get('set-cookie')!.split(';')[0] };
    const db = api.database.db;
    const house = await db
      .insertInto('households')
      .values({ name: 'Count household', created_at: new Date(api.clock.now).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const kids = await db
      .insertInto('household_people')
      .values(
        ['Esi', 'Yaw'].map((name) => ({
          household_id: house.id,
          name: `${name} Count`,
          relationship: 'child',
          date_of_birth: `${new Date(api.clock.now).getUTCFullYear() - 5}-03-01`,
          created_at: new Date(api.clock.now).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    const children = await api.request('POST', '/checkin/', {
      headers: station,
      body: { serviceId: services[1].id, childIds: kids.map((k) => `p${k.id}`) },
    });
    expect(children.status).toBe(201);
    expect(await checkedIn(services[1].id, today)).toBe(3);
    // The headcount's answer counts them as the report does.
    const counted = await post('/attendance/', pastor, {
      serviceId: services[1].id,
      date: today,
      men: 1,
      women: 1,
      children: 1,
    });
    expect(counted.body.checkedIn).toBe(3);

    // Deletes: a child taken off the household, a person whose account goes (both cascades).
    await db.deleteFrom('household_people').where('id', '=', kids[0].id).execute();
    expect(await checkedIn(services[1].id, today)).toBe(2);
    await db.deleteFrom('users').where('id', '=', b).execute();
    expect(await checkedIn(services[0].id, date)).toBe(1);
    await db.deleteFrom('checkins').where('user_id', '=', a).execute();
    expect(await checkedIn(services[0].id, date)).toBe(0);
    expect(
      ((await get(`/attendance/?from=${date}&to=${date}`, await t('admin'))) as any[]).filter(
        (r) => r.serviceId === services[0].id,
      ),
    ).toEqual([]);

    const [kept, truth] = await countsBothWays(db);
    expect(kept).toBe(truth);
  });

  it('sums the rows of GET /attendance/ by week, in the scope and with its filters', async () => {
    const pastor = await t('pastor');
    const temaPastor = await t('tema_pastor');
    const member = await userId('member');
    for (let week = 0; week < 5; week++)
      for (const [i, service] of services.entries()) {
        const date = addDays(today, -7 * week - i);
        const body = { serviceId: service.id, date, men: 10 + week, women: 20 + i, children: 5, firstTimers: week };
        expect((await post('/attendance/', pastor, body)).status).toBeLessThan(300);
        if ((week + i) % 2 === 0)
          await post('/attendance/checkins/', pastor, { serviceId: service.id, date, userId: member });
      }
    // Check-ins only, no headcount: a row of zeros and its check-ins.
    await post('/attendance/checkins/', pastor, {
      serviceId: services[2].id,
      date: addDays(today, -40),
      userId: member,
    });
    await post('/attendance/', temaPastor, {
      serviceId: temaService.id,
      date: addDays(today, -3),
      men: 7,
      women: 8,
      children: 9,
      firstTimers: 2,
    });

    const summed = (rows: any[]) => {
      const weeks = new Map<string, any>();
      for (const r of rows) {
        const w = weeks.get(weekOf(r.date)) ?? {
          week: weekOf(r.date),
          men: 0,
          women: 0,
          children: 0,
          total: 0,
          firstTimers: 0,
          checkedIn: 0,
        };
        for (const k of ['men', 'women', 'children', 'total', 'firstTimers', 'checkedIn']) w[k] += r[k];
        weeks.set(w.week, w);
      }
      return [...weeks.values()].sort((x, y) => x.week.localeCompare(y.week));
    };
    const admin = await t('admin');
    for (const [token, query] of [
      [admin, ''],
      [admin, `?from=${addDays(today, -20)}&to=${addDays(today, -2)}`],
      [admin, `?service=${services[1].id}`],
      [admin, `?branch=${tema.id}`],
      [temaPastor, ''],
      [pastor, `?from=${addDays(today, -60)}`],
    ] as const) {
      const weeks = await api.request('GET', `/attendance/weekly/${query}`, { token });
      expect(weeks.status).toBe(200);
      const rows = await get(`/attendance/${query}`, token);
      expect(rows.length).toBeGreaterThan(0);
      expect(weeks.body).toEqual(summed(rows));
    }
    // The scope: Tema's pastor sees Tema's week alone, and another branch is a 404.
    expect((await get('/attendance/weekly/', temaPastor)).map((w: any) => w.total)).toEqual([24]);
    expect(
      (await api.request('GET', `/attendance/weekly/?branch=${services[0].branchId}`, { token: temaPastor })).status,
    ).toBe(404);
    expect((await api.request('GET', '/attendance/weekly/', {})).status).toBe(401);
    const bad = await api.request('GET', `/attendance/weekly/?from=${today}&to=${addDays(today, -1)}`, {
      token: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('keeps the newest rows with ?limit= (the first rows of the whole list); a bad limit is a 400', async () => {
    const admin = await t('admin');
    const all = await get('/attendance/', admin);
    expect(all.length).toBeGreaterThan(10);
    for (const limit of [1, 4, 10, all.length + 5])
      expect(await get(`/attendance/?limit=${limit}`, admin)).toEqual(all.slice(0, limit));
    expect(await get(`/attendance/?limit=3&service=${services[2].id}`, admin)).toEqual(
      all.filter((r: any) => r.serviceId === services[2].id).slice(0, 3),
    );
    for (const limit of ['0', '-1', 'x', '10001']) {
      const bad = await api.request('GET', `/attendance/?limit=${limit}`, { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.limit).toEqual(['The limit is a whole number from 1 to 10,000.']);
    }
  });
});

describe.each(backends())('migration 0025 on %s', (backend) => {
  it('fills the counts from the check-ins already there, people’s and children’s, and keeps them after', async () => {
    const database = await databaseAt(backend, '0022_network_roll_up');
    try {
      const db = database.db as any;
      const at = '2026-01-04T10:00:00.000Z';
      const branch = Number((await db.selectFrom('branches').select('id').executeTakeFirstOrThrow()).id);
      const serviceIds = (
        await db
          .insertInto('services')
          .values(
            ['First', 'Second'].map((name) => ({
              name,
              branch_id: branch,
              day_of_week: 0,
              start_time: '09:00',
              created_at: at,
            })),
          )
          .returning('id')
          .execute()
      ).map((r: any) => Number(r.id));
      const people = (
        await db
          .insertInto('users')
          .values(
            [1, 2, 3].map((i) => ({
              username: `u${i}`,
              email: `u${i}@example.org`,
              password_hash: 'x',
              first_name: 'A',
              last_name: `B${i}`,
              role: 'MEMBER',
              date_joined: at,
              branch_id: branch,
            })),
          )
          .returning('id')
          .execute()
      ).map((r: any) => Number(r.id));
      const checkin = (service: number, date: string, user: number) => ({
        service_id: service,
        branch_id: branch,
        date,
        user_id: user,
        created_at: at,
      });
      await db
        .insertInto('checkins')
        .values([
          ...people.map((p: number) => checkin(serviceIds[0], '2026-01-04', p)),
          checkin(serviceIds[1], '2026-01-04', people[0]),
          checkin(serviceIds[0], '2026-01-11', people[1]),
        ])
        .execute();
      const code = await db
        .insertInto('checkin_codes')
        .values({
          date: '2026-01-04',
          security_code: 'AB12',
          service_id: serviceIds[1],
          branch_id: branch,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('child_checkins')
        .values({
          code_id: code.id,
          service_id: serviceIds[1],
          branch_id: branch,
          date: '2026-01-04',
          security_code: 'AB12',
          user_id: people[2],
          name: 'C',
          checked_in_at: at,
        })
        .execute();

      await migrateToLatest(database.db, database.dialect);
      const counts = async () =>
        (
          await db
            .selectFrom('attendance_counts')
            .select(['service_id', 'date', 'checked_in'])
            .where('checked_in', '>', 0)
            .orderBy('date')
            .orderBy('service_id')
            .execute()
        ).map((r: any) => [Number(r.service_id), r.date, Number(r.checked_in)]);
      expect(await counts()).toEqual([
        [serviceIds[0], '2026-01-04', 3],
        [serviceIds[1], '2026-01-04', 2],
        [serviceIds[0], '2026-01-11', 1],
      ]);
      // The triggers keep them from now on: a check-in moved to another day, a code (and its children) deleted.
      await db
        .updateTable('checkins')
        .set({ date: '2026-01-11' })
        .where('user_id', '=', people[0])
        .where('service_id', '=', serviceIds[0])
        .execute();
      await db.deleteFrom('checkin_codes').where('id', '=', code.id).execute();
      expect(await counts()).toEqual([
        [serviceIds[0], '2026-01-04', 2],
        [serviceIds[1], '2026-01-04', 1],
        [serviceIds[0], '2026-01-11', 2],
      ]);
      const [kept, truth] = await countsBothWays(db);
      expect(kept).toBe(truth);
    } finally {
      await database.close();
    }
  });
});
