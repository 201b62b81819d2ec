/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Children's check-in (docs/API.md, Children's check-in), on both databases: stations added by administrators and
// paired once by code (a cookie that opens only check-in, dead at once when unpaired); the lookup by any way of
// writing a Ghanaian phone; a check-in's security code (its alphabet, unique per day, a child once per service and
// day, a station's idempotency key); pickup (wrong, old and second pickups refused, who and where recorded); who is
// in the building; the labels page; ZPL to a local TCP "printer" (and a dead one: the check-in stands, retry); the
// code by SMS. Children's data reach no member and no visitor.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';
// After the helpers, which load the app (and so @hono/zod-openapi's extension of zod) first.
import { MEMBER_COOKIE } from '../../src/lib/shared/constants';
import { CHECKIN_TEXT } from '../../src/lib/shared/checkin/api';
import { startMemberSession } from '../../src/server/members/session';

const CODE = /^[ACDEFHJKLMNPRTUVWXY3479]{4}$/;

/** A TCP listener standing in for a label printer: what each connection sent. */
async function fakePrinter() {
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => received.push(data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends())('children’s check-in on %s', (backend) => {
  let api: TestApi;
  /** A fresh token: the tests move the clock by days, past any access token's life. */
  const t = (username: string) => api.tokenFor(username);
  let services: any[];
  let householdId: number;
  let amaId: string;
  let kofiId: string;
  let teenId: string;

  const asStation = (cookie: string) => ({ headers: { Cookie: cookie } });
  async function pairedStation(body: Record<string, unknown> = { name: 'Front desk' }) {
    const made = await api.request('POST', '/stations/', { token: await t('admin'), body });
    expect(made.status).toBe(201);
    const paired = await api.request('POST', '/stations/pair/', { body: { pairingCode: made.body.pairingCode } });
    expect(paired.status).toBe(200);
    const cookie = paired.headers.get('set-cookie')!.split(';')[0];
    return { id: made.body.id as number, cookie };
  }

  beforeAll(async () => {
    api = await startApi(backend, {
      members: 0,
      env: { SMS_PROVIDER: 'arkesel', SMS_API_KEY: 'test-key', SMS_SENDER_ID: 'GraceChapel' },
    });
    services = (await api.request('GET', '/services/')).body;
    const db = api.database.db;
    const parent = await api.createUser({ username: 'mensah_parent', role: 'MEMBER' });
    const teen = await api.createUser({ username: 'mensah_teen', role: 'MEMBER' });
    const now = new Date(api.clock.now);
    const bornYearsAgo = (years: number) => `${now.getUTCFullYear() - years}-01-15`;
    const house = await db
      .insertInto('households')
      .values({ name: 'Mensah household', head_user_id: parent, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    householdId = Number(house.id);
    await db
      .updateTable('users')
      .set({ household_id: householdId, household_relationship: 'Head', phone_number: '+233245550100' })
      .where('id', '=', parent)
      .execute();
    await db
      .updateTable('users')
      .set({ household_id: householdId, household_relationship: 'Child', date_of_birth: bornYearsAgo(14) })
      .where('id', '=', teen)
      .execute();
    const people = await db
      .insertInto('household_people')
      .values([
        {
          household_id: householdId,
          name: 'Ama <b>Mensah</b>',
          relationship: 'child',
          date_of_birth: bornYearsAgo(6),
          allergies: 'peanuts',
          created_at: now.toISOString(),
        },
        {
          household_id: householdId,
          name: 'Kofi Mensah',
          relationship: 'Child',
          date_of_birth: bornYearsAgo(4),
          created_at: now.toISOString(),
        },
        { household_id: householdId, name: 'Nana Mensah', relationship: 'Grandmother', created_at: now.toISOString() },
      ])
      .returning('id')
      .execute();
    amaId = `p${people[0].id}`;
    kofiId = `p${people[1].id}`;
    teenId = `u${teen}`;
  });
  afterAll(() => api?.close());

  it('pairs a station once by its code; the cookie opens check-in only, and nothing once unpaired', async () => {
    const made = await api.request('POST', '/stations/', { token: await t('admin'), body: { name: 'Kids desk' } });
    expect(made.status).toBe(201);
    expect(made.body.pairingCode).toMatch(/^[A-Z0-9]{8}$/);
    expect((await api.request('POST', '/stations/', { token: await t('pastor'), body: { name: 'X' } })).status).toBe(
      403,
    );
    const bad = await api.request('POST', '/stations/', {
      token: await t('admin'),
      body: { name: ' ', printer: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'printer']);

    // Typed in lower case with a space, as a volunteer might.
    const typed = `${made.body.pairingCode.slice(0, 4).toLowerCase()} ${made.body.pairingCode.slice(4)}`;
    const paired = await api.request('POST', '/stations/pair/', { body: { pairingCode: typed } });
    expect(paired.status).toBe(200);
    const setCookie = paired.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^gc_station=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const cookie = setCookie.split(';')[0];
    // One use.
    expect((await api.request('POST', '/stations/pair/', { body: { pairingCode: typed } })).status).toBe(400);

    expect((await api.request('GET', '/stations/me/', asStation(cookie))).body).toMatchObject({ name: 'Kids desk' });
    const lookup = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '0245550100' },
    });
    expect(lookup.status).toBe(200);
    // The station's cookie is no staff sign-in and no member's.
    for (const path of ['/auth/users/', '/members/me/', '/stations/', `/checkin/present/?serviceId=${services[0].id}`])
      expect((await api.request('GET', path, asStation(cookie))).status).toBe(401);

    const listed = (await api.request('GET', '/stations/', { token: await t('admin') })).body.find(
      (s: any) => s.id === made.body.id,
    );
    expect(listed).toMatchObject({ name: 'Kids desk', paired: true, pairingExpiresAt: null });
    expect(Date.parse(listed.lastSeenAt)).toBeGreaterThan(0);

    expect((await api.request('DELETE', `/stations/${made.body.id}/`, { token: await t('pastor') })).status).toBe(403);
    expect((await api.request('DELETE', `/stations/${made.body.id}/`, { token: await t('admin') })).status).toBe(204);
    const after = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '0245550100' },
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('station_unpaired');
    expect((await api.request('GET', '/stations/me/', asStation(cookie))).status).toBe(401);
    expect((await api.request('DELETE', `/stations/${made.body.id}/`, { token: await t('admin') })).status).toBe(404);
  });

  it('refuses a pairing code after 24 hours', async () => {
    const made = await api.request('POST', '/stations/', { token: await t('admin'), body: { name: 'Late' } });
    api.clock.advance(24 * 3600_000 + 1000);
    const late = await api.request('POST', '/stations/pair/', { body: { pairingCode: made.body.pairingCode } });
    expect(late.status).toBe(400);
    expect(late.body.errors.pairingCode[0]).toMatch(/expired/);
  });

  it('looks a household up by any way of writing the phone; children with age and allergies; 404 says what to do', async () => {
    const { cookie } = await pairedStation();
    for (const phone of ['024 555 0100', '+233 24 555 0100', '00233245550100', '+233 (0)24-555-0100', '233245550100']) {
      const res = await api.request('POST', '/checkin/lookup/', { ...asStation(cookie), body: { phone } });
      expect(res.status, phone).toBe(200);
      expect(res.body.household).toEqual({ id: householdId, name: 'Mensah household' });
      expect(res.body.children.map((c: any) => [c.id, c.age, c.allergies, c.checkedIn])).toEqual([
        [amaId, 6, 'peanuts', false],
        [kofiId, 4, null, false],
        [teenId, 14, null, false],
      ]);
    }
    const unknown = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '020 000 0000' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/first-timer/);
    const bad = await api.request('POST', '/checkin/lookup/', { ...asStation(cookie), body: { phone: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.phone).toBeDefined();
    // Staff by token too; nobody else.
    expect(
      (await api.request('POST', '/checkin/lookup/', { token: await t('pastor'), body: { phone: '0245550100' } }))
        .status,
    ).toBe(200);
    expect((await api.request('POST', '/checkin/lookup/', { body: { phone: '0245550100' } })).status).toBe(401);
    // A member's /my session opens none of it.
    const memberId = await api.createUser({ username: 'plain_member', role: 'MEMBER' });
    const session = await startMemberSession(
      api.database.db,
      memberId,
      { device: 'test', address: undefined },
      api.clock.now,
    );
    const asMember = { headers: { Cookie: `${MEMBER_COOKIE}=${session}` } };
    expect((await api.request('GET', '/members/me/', asMember)).status).toBe(200);
    expect((await api.request('POST', '/checkin/lookup/', { ...asMember, body: { phone: '0245550100' } })).status).toBe(
      401,
    );
  });

  it('checks children in under a new code, 409 naming a child already in, one check-in per idempotency key, the code by SMS', async () => {
    const { cookie } = await pairedStation();
    const service = services[0];
    const first = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: service.id, childIds: [amaId, kofiId], guardianName: 'Akosua' },
    });
    expect(first.status).toBe(201);
    expect(first.body.securityCode).toMatch(CODE);
    expect(first.body.children).toEqual([
      { id: amaId, name: 'Ama <b>Mensah</b>' },
      { id: kofiId, name: 'Kofi Mensah' },
    ]);
    expect(first.body.labelsUrl).toBe(`/api/v1/checkin/labels/${first.body.id}/`);
    expect(first.body.print).toBeNull();
    expect(first.body.sms).toBe(true);
    expect(api.sms.at(-1)).toMatchObject({ to: '233245550100' });
    expect(api.sms.at(-1)!.text).toContain(first.body.securityCode);

    const again = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: service.id, childIds: [kofiId, teenId] },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('Kofi Mensah');
    const lookup = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '0245550100', serviceId: service.id },
    });
    expect(lookup.body.children.map((c: any) => c.checkedIn)).toEqual([true, true, false]);

    // Another service the same day is another check-in, with another code.
    const second = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: services[1].id, childIds: [kofiId] },
    });
    expect(second.status).toBe(201);
    expect(second.body.securityCode).not.toBe(first.body.securityCode);
    // Children checked in are named check-ins of their service's attendance.
    const today = new Date(api.clock.now).toISOString().slice(0, 10);
    const report = await api.request('GET', `/attendance/?from=${today}&to=${today}`, { token: await t('admin') });
    expect(report.status).toBe(200);
    const counted = (id: number) => report.body.find((r: any) => r.serviceId === id)?.checkedIn;
    expect([counted(service.id), counted(services[1].id)]).toEqual([2, 1]);

    // A queued check-in sent twice with its key is made once.
    const body = { serviceId: services[2].id, childIds: [teenId] };
    const headers = { Cookie: cookie, 'Idempotency-Key': 'queued-1' };
    const q1 = await api.request('POST', '/checkin/', { headers, body });
    const q2 = await api.request('POST', '/checkin/', { headers, body });
    expect([q1.status, q2.status]).toEqual([201, 201]);
    expect(q2.body.securityCode).toBe(q1.body.securityCode);
    const rows = await api.database.db
      .selectFrom('child_checkins')
      .selectAll()
      .where('service_id', '=', services[2].id)
      .execute();
    expect(rows).toHaveLength(1);

    const refused = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: service.id, childIds: ['p999999'] },
    });
    expect(refused.status).toBe(400);
    expect(
      (await api.request('POST', '/checkin/', { ...asStation(cookie), body: { serviceId: 999999, childIds: [amaId] } }))
        .status,
    ).toBe(404);
    // A grandmother is no child.
    const nana = await api.database.db
      .selectFrom('household_people')
      .select('id')
      .where('name', '=', 'Nana Mensah')
      .executeTakeFirstOrThrow();
    expect(
      (
        await api.request('POST', '/checkin/', {
          ...asStation(cookie),
          body: { serviceId: service.id, childIds: [`p${nana.id}`] },
        })
      ).status,
    ).toBe(400);
  });

  it('never gives one code twice on one day (the database refuses it too)', async () => {
    const db = api.database.db;
    const codes = await db.selectFrom('checkin_codes').selectAll().execute();
    expect(new Set(codes.map((c) => `${c.date} ${c.security_code}`)).size).toBe(codes.length);
    const { id: _id, ...copy } = codes[0];
    await expect(
      db
        .insertInto('checkin_codes')
        .values({ ...copy, idempotency_key: null })
        .execute(),
    ).rejects.toThrow();
  });

  it("releases children by today's code: recorded where and when; a second pickup, a wrong or an old code refused", async () => {
    const { id: stationId, cookie } = await pairedStation({ name: 'Pickup' });
    const service = services[0];
    // A fresh day: the earlier tests' check-ins are yesterday's.
    api.clock.advance(24 * 3600_000);
    const made = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: service.id, childIds: [amaId] },
    });
    expect(made.status).toBe(201);

    const present = await api.request('GET', `/checkin/present/?serviceId=${service.id}`, { token: await t('pastor') });
    expect(present.status).toBe(200);
    expect(present.body.children).toEqual([
      expect.objectContaining({ id: amaId, allergies: 'peanuts', securityCode: made.body.securityCode }),
    ]);
    expect((await api.request('GET', `/checkin/present/?serviceId=${service.id}`)).status).toBe(401);

    const wrong = made.body.securityCode === 'AAAA' ? 'CCCC' : 'AAAA';
    expect(
      (await api.request('POST', '/checkin/checkout/', { ...asStation(cookie), body: { securityCode: wrong } })).status,
    ).toBe(404);
    // Another site's page cannot use the station's cookie (SameSite=Lax stops other sites, not the church's own
    // subdomains or ports): nothing is released, and the lookup is refused the same way.
    const elsewhere: Record<string, string>[] = [
      { Origin: 'https://kids.example.org' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of elsewhere) {
      const crossed = await api.request('POST', '/checkin/checkout/', {
        headers: { Cookie: cookie, ...headers },
        body: { securityCode: made.body.securityCode },
      });
      expect(crossed.status).toBe(403);
      expect(crossed.body.detail).toBe(CHECKIN_TEXT.crossSite);
    }
    const lookedUp = await api.request('POST', '/checkin/lookup/', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-site' },
      body: { phone: '0244000001' },
    });
    expect(lookedUp.status).toBe(403);
    const out = await api.request('POST', '/checkin/checkout/', {
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
      body: { securityCode: made.body.securityCode.toLowerCase() },
    });
    expect(out.status).toBe(200);
    expect(out.body.children).toEqual([{ id: amaId, name: 'Ama <b>Mensah</b>' }]);
    const row = await api.database.db
      .selectFrom('child_checkins')
      .selectAll()
      .where('code_id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.collected_station)).toBe(stationId);
    expect(row.collected_at).toBe(new Date(api.clock.now).toISOString());
    const twice = await api.request('POST', '/checkin/checkout/', {
      ...asStation(cookie),
      body: { securityCode: made.body.securityCode },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain('Ama');
    expect(
      (await api.request('GET', `/checkin/present/?serviceId=${service.id}`, { token: await t('pastor') })).body
        .children,
    ).toEqual([]);

    // Yesterday's code is not today's.
    const yesterday = await api.database.db
      .selectFrom('checkin_codes')
      .select('security_code')
      .where('date', '<', new Date(api.clock.now).toISOString().slice(0, 10))
      .executeTakeFirstOrThrow();
    expect(
      (
        await api.request('POST', '/checkin/checkout/', {
          token: await t('pastor'),
          body: { securityCode: yesterday.security_code },
        })
      ).status,
    ).toBe(404);
  });

  it('serves the labels page: 62 × 29 mm, a label per child and one for the guardian, allergies in capitals, names as text', async () => {
    const { cookie } = await pairedStation();
    api.clock.advance(24 * 3600_000);
    const made = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: services[0].id, childIds: [amaId, kofiId] },
    });
    const res = await fetch(api.url + made.body.labelsUrl, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('@page { size: 62mm 29mm');
    // The API forbids inline styles; this page's one style block is allowed by its hash, or the size is lost.
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1];
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'`,
    );
    expect(html.match(/class="label"/g)).toHaveLength(3);
    expect(html).toContain('ALLERGIES: PEANUTS');
    expect(html).toContain('Ama &lt;b&gt;Mensah&lt;/b&gt;');
    expect(html).not.toContain('<b>Mensah');
    expect(html.split(made.body.securityCode).length - 1).toBeGreaterThanOrEqual(3);
    expect((await fetch(api.url + made.body.labelsUrl)).status).toBe(401);
  });

  it('sends the labels as ZPL to the station’s printer; a dead printer fails the print, not the check-in, and a retry prints', async () => {
    const printer = await fakePrinter();
    const { cookie } = await pairedStation({ name: 'Zebra desk', printer: printer.address });
    api.clock.advance(24 * 3600_000);
    const started = Date.now();
    const made = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: services[0].id, childIds: [amaId, kofiId] },
    });
    expect(made.status).toBe(201);
    expect(made.body.print).toBe('ok');
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(() => printer.received.length).toBe(1);
    const zpl = printer.received[0];
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(zpl.match(/\^XZ/g)).toHaveLength(3);
    expect(zpl).toContain('^FDAma <b>Mensah</b>^FS');
    expect(zpl).toContain('ALLERGIES: PEANUTS');
    expect(zpl).toContain(`^FD${made.body.securityCode}^FS`);

    // The printer goes away: the check-in still succeeds and says why the print failed.
    const address = printer.address;
    await printer.close();
    const dead = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: services[1].id, childIds: [kofiId] },
    });
    expect(dead.status).toBe(201);
    expect(dead.body.securityCode).toMatch(CODE);
    expect(dead.body.print).toMatch(/could not be reached/);
    // Back on the same port: a retry prints.
    const back = createServer((socket) => {
      let data = '';
      socket.on('data', (c) => (data += c));
      socket.on('end', () => got.push(data));
    });
    const got: string[] = [];
    await new Promise<void>((resolve) => back.listen(Number(address.split(':')[1]), '127.0.0.1', resolve));
    const retry = await api.request('POST', `/checkin/${dead.body.id}/print/`, asStation(cookie));
    expect(retry.body).toEqual({ print: 'ok' });
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]).toContain(dead.body.securityCode);
    await new Promise<void>((resolve) => back.close(() => resolve()));
  });

  it("keeps a child's allergies: staff set allergies and notes; the parent at /my sets allergies and never sees notes", async () => {
    const personId = Number(kofiId.slice(1));
    const staff = await api.request('PATCH', `/households/${householdId}/people/${personId}/`, {
      token: await t('admin'),
      body: { allergies: 'Penicillin', notes: 'Asthma inhaler in his bag' },
    });
    expect(staff.status).toBe(200);
    expect(staff.body.people.find((p: any) => p.id === personId)).toMatchObject({
      allergies: 'Penicillin',
      notes: 'Asthma inhaler in his bag',
    });
    const { cookie } = await pairedStation();
    const found = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '0245550100' },
    });
    expect(found.body.children.find((c: any) => c.id === kofiId).allergies).toBe('Penicillin');

    const parentId = Number(
      (
        await api.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'mensah_parent')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const session = await startMemberSession(
      api.database.db,
      parentId,
      { device: 'test', address: undefined },
      api.clock.now,
    );
    const asParent = { headers: { Cookie: `${MEMBER_COOKIE}=${session}` } };
    const own = await api.request('PATCH', `/members/me/household/people/${personId}/`, {
      ...asParent,
      body: { allergies: 'Penicillin, eggs' },
    });
    expect(own.status).toBe(200);
    const mine = own.body.people.find((p: any) => p.id === personId);
    expect(mine.allergies).toBe('Penicillin, eggs');
    expect(mine).not.toHaveProperty('notes');
    const me = await api.request('GET', '/members/me/', asParent);
    expect(JSON.stringify(me.body)).not.toContain('Asthma');
    // Notes are staff's: a parent cannot write them.
    const refused = await api.request('PATCH', `/members/me/household/people/${personId}/`, {
      ...asParent,
      body: { notes: 'x' },
    });
    expect(refused.status).toBe(400);
    const row = await api.database.db
      .selectFrom('household_people')
      .selectAll()
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    expect(row.notes).toBe('Asthma inhaler in his bag');
  });

  it('an account under 18 is a child: staff keep its allergies and notes, stations see the allergies, a parent at /my keeps them', async () => {
    const teen = Number(teenId.slice(1));
    const admin = await t('admin');
    // The household answer marks the child account (and only it) and carries a child's fields.
    const before = await api.request('GET', `/households/${householdId}/`, { token: admin });
    const members = before.body.people.filter((p: any) => p.kind === 'member');
    expect(members.find((p: any) => p.userId === teen)).toMatchObject({ child: true, allergies: null, notes: null });
    expect(members.find((p: any) => p.userId !== teen)).not.toHaveProperty('child');

    const staff = await api.request('PATCH', `/households/${householdId}/members/${teen}/`, {
      token: admin,
      body: { allergies: 'Shellfish', notes: 'Diabetic: snack at 10' },
    });
    expect(staff.status).toBe(200);
    expect(staff.body.people.find((p: any) => p.userId === teen)).toMatchObject({
      child: true,
      allergies: 'Shellfish',
      notes: 'Diabetic: snack at 10',
    });
    // A pastor reads households but does not change them; an adult account keeps no child's fields.
    const pastor = await api.request('PATCH', `/households/${householdId}/members/${teen}/`, {
      token: await t('pastor'),
      body: { allergies: 'x' },
    });
    expect(pastor.status).toBe(403);
    const parent = members.find((p: any) => p.userId !== teen).userId;
    const adult = await api.request('PATCH', `/households/${householdId}/members/${parent}/`, {
      token: admin,
      body: { allergies: 'x' },
    });
    expect(adult.status).toBe(400);
    expect(adult.body.detail).toMatch(/children \(under 18\) only/);
    expect(
      (await api.request('PATCH', `/households/${householdId}/members/999999/`, { token: admin, body: { notes: 'x' } }))
        .status,
    ).toBe(404);

    // The station sees the child account's allergies.
    const { cookie } = await pairedStation();
    const found = await api.request('POST', '/checkin/lookup/', {
      ...asStation(cookie),
      body: { phone: '0245550100' },
    });
    expect(found.body.children.find((c: any) => c.id === teenId).allergies).toBe('Shellfish');

    // The parent keeps the allergies current at /my, never sees the notes and cannot write them.
    const session = await startMemberSession(
      api.database.db,
      parent,
      { device: 'test', address: undefined },
      api.clock.now,
    );
    const asParent = { headers: { Cookie: `${MEMBER_COOKIE}=${session}` } };
    const own = await api.request('PATCH', `/members/me/household/members/${teen}/`, {
      ...asParent,
      body: { allergies: 'Shellfish, sesame' },
    });
    expect(own.status).toBe(200);
    const mine = own.body.people.find((p: any) => p.userId === teen);
    expect(mine).toMatchObject({ child: true, allergies: 'Shellfish, sesame' });
    expect(mine).not.toHaveProperty('notes');
    const me = await api.request('GET', '/members/me/', asParent);
    expect(JSON.stringify(me.body)).not.toContain('Diabetic');
    expect(
      (await api.request('PATCH', `/members/me/household/members/${teen}/`, { ...asParent, body: { notes: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await api.request('PATCH', `/members/me/household/members/${parent}/`, {
          ...asParent,
          body: { allergies: 'x' },
        })
      ).status,
    ).toBe(400);
    const row = await api.database.db
      .selectFrom('child_accounts')
      .selectAll()
      .where('user_id', '=', teen)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ allergies: 'Shellfish, sesame', notes: 'Diabetic: snack at 10' });
    // The labels of a check-in carry the child account's allergies.
    const service = services[2].id;
    const made = await api.request('POST', '/checkin/', {
      ...asStation(cookie),
      body: { serviceId: service, childIds: [teenId] },
    });
    expect(made.status).toBe(201);
    const page = await fetch(api.url + made.body.labelsUrl, { headers: { Cookie: cookie } });
    expect(await page.text()).toContain('SHELLFISH, SESAME');
  });
});

// The reads of a check-in go by index (migration 0023): a full read of users for the phone took 5 ms of each lookup
// with 6,000 members under the 20 stations of scripts/bench/checkin.mjs. SQLite's plans (PostgreSQL reads a test's
// few rows whole whatever the indexes).
describe('children’s check-in reads by index on sqlite', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi('sqlite', { members: 0 });
  });
  afterAll(() => api?.close());

  async function plan(query: { compile(): { sql: string } }) {
    const { rows } = await sql.raw(`explain query plan ${query.compile().sql}`).execute(api.database.db);
    return (rows as { detail: string }[]).map((r) => r.detail).join('; ');
  }

  it('finds the household by phone, its head, and a child’s check-ins of the day by index', async () => {
    const db = api.database.db;
    const byPhone = await plan(
      db
        .selectFrom('users')
        .innerJoin('households', 'households.id', 'users.household_id')
        .select(['households.id'])
        .where('users.phone_number', '=', '+233245550100'),
    );
    expect(byPhone).toMatch(/SEARCH users USING INDEX users_phone/);
    const head = await plan(db.selectFrom('households').select('id').where('head_user_id', '=', 1));
    expect(head).toMatch(/SEARCH households USING (COVERING )?INDEX households_head/);
    // A child's check-ins of the day, as children.ts's checkinsOf reads them (by person, then by account).
    const ofPerson = await plan(
      db
        .selectFrom('child_checkins')
        .select(['person_id', 'user_id', 'name'])
        .where('person_id', 'in', [1, 2])
        .where('date', '=', '2026-11-29')
        .where('service_id', '=', 1),
    );
    expect(ofPerson).toMatch(/SEARCH child_checkins USING INDEX \S+ \((service_id=\? AND date=\? AND )?person_id=\?/);
    const anyService = await plan(
      db
        .selectFrom('child_checkins')
        .select(['person_id', 'user_id', 'name'])
        .where('user_id', 'in', [3])
        .where('date', '=', '2026-11-29')
        .where('collected_at', 'is', null),
    );
    expect(anyService).toMatch(
      /SEARCH child_checkins USING INDEX child_checkins_by_account \(user_id=\? AND date=\?\)/,
    );
  });
});
