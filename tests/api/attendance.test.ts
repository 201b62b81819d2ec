/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Attendance (docs/API.md, Services and attendance), on both databases, with dates relative to today: headcounts
// (201 new, 200 replacing; whole numbers 0 to 100,000 or a 400 per field with nothing stored; a service of another
// branch or a deleted one a 400); the report per service and date with the named check-ins, its filters and CSV;
// staff marking people present (once per service and date); the day's code and QR; a member checking in with it
// (JSON and a form post; another service's or day's code a 400 that counts nothing); absentees across weeks, in the
// scope, their follow-ups and a message to them through the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The helpers first: they load @hono/zod-openapi, which the shared schemas' .openapi() needs.
import { backends, startApi, type TestApi } from './helpers';
import { addDays, dayOfMs } from '../../src/lib/shared/attendance/rules';
import { checkinCode } from '../../src/server/attendance/codes';
import { signAccess } from '../../src/server/credentials/tokens';

describe.each(backends())('attendance on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  let pastor: string;
  let temaPastor: string;
  let tema: any;
  let services: any[];
  let temaService: any;
  let today: string;

  const post = (path: string, token: string, body: object) => api.request('POST', path, { token, body });
  const headcount = (token: string, body: object) => post('/attendance/', token, body);
  const report = async (token: string, query = '') =>
    (await api.request('GET', `/attendance/${query}`, { token })).body as any[];

  beforeAll(async () => {
    api = await startApi(backend);
    today = dayOfMs(api.clock.now);
    [admin, pastor] = await Promise.all(['admin', 'pastor'].map((u) => api.tokenFor(u)));
    tema = ((await api.request('GET', '/branches/')).body as any[]).find((b) => b.slug === 'grace-chapel-tema');
    const id = await api.createUser({ username: 'tema_pastor', role: 'PASTOR' });
    await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', id).execute();
    temaPastor = await api.tokenFor('tema_pastor');
    services = (await api.request('GET', '/services/')).body;
    temaService = (
      await post('/services/', admin, { name: 'Tema Sunday', dayOfWeek: 0, startTime: '08:00', branchId: tema.id })
    ).body;
  });
  afterAll(() => api?.close());

  it('saves a headcount (201), replaces it for the same service and date (200), and reports it with its total', async () => {
    const date = addDays(today, -2);
    const first = await headcount(pastor, {
      serviceId: services[0].id,
      date,
      men: 40,
      women: 55,
      children: 30,
      firstTimers: 4,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      serviceId: services[0].id,
      service: 'First Service',
      total: 125,
      firstTimers: 4,
      replaced: false,
    });
    const again = await headcount(pastor, { serviceId: services[0].id, date, men: 41, women: 55, children: 30 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ total: 126, firstTimers: 0, replaced: true });
    const rows = (await report(pastor)).filter((r) => r.date === date);
    expect(rows).toEqual([
      {
        serviceId: services[0].id,
        service: 'First Service',
        branchId: services[0].branchId,
        date,
        men: 41,
        women: 55,
        children: 30,
        total: 126,
        firstTimers: 0,
        checkedIn: 0,
      },
    ]);
    const stored = await api.database.db.selectFrom('headcounts').selectAll().where('date', '=', date).execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses counts that are not whole numbers 0 to 100,000, per field, and stores nothing', async () => {
    const date = addDays(today, -3);
    const bad = await headcount(pastor, {
      serviceId: services[1].id,
      date,
      men: -1,
      women: 2.5,
      children: 100_001,
      firstTimers: 'many',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['children', 'firstTimers', 'men', 'women']);
    expect(bad.body.errors.men).toEqual(['Enter a whole number from 0 to 100,000.']);
    const badDate = await headcount(pastor, {
      serviceId: services[1].id,
      date: '2025-02-30',
      men: 1,
      women: 1,
      children: 1,
    });
    expect(badDate.body.errors.date).toEqual(['Enter a date as YYYY-MM-DD.']);
    const future = await headcount(pastor, {
      serviceId: services[1].id,
      date: addDays(today, 5),
      men: 1,
      women: 1,
      children: 1,
    });
    expect(future.status).toBe(400);
    // The limits themselves are fine.
    const edge = await headcount(pastor, { serviceId: services[1].id, date, men: 0, women: 100_000, children: 0 });
    expect(edge.status).toBe(201);
    expect(
      (await api.database.db.selectFrom('headcounts').select('women').where('date', '=', date).execute()).map(
        (r) => r.women,
      ),
    ).toEqual([100_000]);
  });

  it('refuses a service of another branch or a deleted one (400); a member is 403', async () => {
    const date = addDays(today, -1);
    const outside = await headcount(temaPastor, { serviceId: services[0].id, date, men: 1, women: 1, children: 1 });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.serviceId).toEqual(['Choose a service.']);
    const gone = (await post('/services/', admin, { name: 'Old', dayOfWeek: 6, startTime: '18:00' })).body;
    await api.request('DELETE', `/services/${gone.id}/`, { token: admin });
    expect((await headcount(pastor, { serviceId: gone.id, date, men: 1, women: 1, children: 1 })).status).toBe(400);
    // Members cannot sign in to the portal, but a member's token must still count nothing.
    const memberId = await api.createUser({ username: 'plain_member', role: 'MEMBER', can_access_web: true });
    const member = await signAccess(api.config.jwtSecret, { userId: memberId, version: 0 }, 3600, api.clock.now);
    expect((await headcount(member, { serviceId: services[0].id, date, men: 1, women: 1, children: 1 })).status).toBe(
      403,
    );
    expect((await api.request('GET', '/attendance/', { token: member })).status).toBe(403);
    expect(await api.database.db.selectFrom('headcounts').select('id').where('date', '=', date).execute()).toEqual([]);
  });

  it('marks people present once per service and date, counted in the report; the scope holds for people and services', async () => {
    const date = addDays(today, -4);
    const memberId = (
      await api.database.db.selectFrom('users').select('id').where('username', '=', 'member').executeTakeFirstOrThrow()
    ).id;
    const marked = await post('/attendance/checkins/', pastor, { serviceId: services[2].id, date, userId: memberId });
    expect(marked.status).toBe(201);
    const twice = await post('/attendance/checkins/', pastor, { serviceId: services[2].id, date, userId: memberId });
    expect(twice.status).toBe(200);
    expect(twice.body.created).toBe(false);
    const rows = (await report(pastor)).filter((r) => r.date === date);
    expect(rows).toMatchObject([{ serviceId: services[2].id, service: 'Twi Service', total: 0, checkedIn: 1 }]);
    // Tema's pastor can neither mark a root member nor use a root service.
    const outside = await post('/attendance/checkins/', temaPastor, {
      serviceId: temaService.id,
      date,
      userId: memberId,
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.userId).toEqual(['Choose a person.']);
    expect(
      (await post('/attendance/checkins/', pastor, { serviceId: services[2].id, date, userId: 999_999 })).status,
    ).toBe(400);
  });

  it('filters by branch, service and dates (outside the scope 404) and exports CSV', async () => {
    const date = addDays(today, -5);
    await headcount(temaPastor, { serviceId: temaService.id, date, men: 10, women: 12, children: 8 });
    expect((await report(temaPastor)).map((r) => r.service)).toEqual(['Tema Sunday']);
    expect((await report(admin, `?branch=${tema.id}`)).map((r) => r.service)).toEqual(['Tema Sunday']);
    expect(
      (await api.request('GET', `/attendance/?branch=${services[0].branchId}`, { token: temaPastor })).status,
    ).toBe(404);
    expect((await report(admin, `?service=${services[0].id}`)).every((r) => r.serviceId === services[0].id)).toBe(true);
    expect((await report(admin, `?from=${date}&to=${date}`)).map((r) => r.service)).toEqual(['Tema Sunday']);
    const csv = await fetch(`${api.url}/api/v1/attendance/?from=${date}&to=${date}&format=csv`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe(
      '"Date","Service","Men","Women","Children","Total","First-timers","Checked in"\r\n' +
        `"${date}","Tema Sunday","10","12","8","30","0","0"\r\n`,
    );
  });

  it("gives today's code of a service with its link and QR; a member checks in with it once; another service's or day's code counts nothing", async () => {
    const code = await api.request('GET', `/attendance/code/?serviceId=${services[1].id}`, { token: pastor });
    expect(code.status).toBe(200);
    expect(code.body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(code.body.url).toBe(`${api.config.siteUrl}/my/checkin?service=${services[1].id}&code=${code.body.code}`);
    expect(code.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const other = await api.request('GET', `/attendance/code/?serviceId=${services[0].id}`, { token: pastor });
    expect(other.body.code).not.toBe(code.body.code);
    expect((await api.request('GET', `/attendance/code/?serviceId=${temaService.id}`, { token: pastor })).status).toBe(
      200,
    );
    expect(
      (await api.request('GET', `/attendance/code/?serviceId=${services[1].id}`, { token: temaPastor })).status,
    ).toBe(400);

    // The member signs in to /my with a mailed code.
    await api.createUser({ username: 'qr_member', role: 'MEMBER', email: 'qr_member@example.org' });
    await api.request('POST', '/members/code/', { body: { email: 'qr_member@example.org' } });
    const mail = api.mails.filter((m) => m.to === 'qr_member@example.org').at(-1)!;
    const signInCode = /\b(\d{6})\b/.exec(mail.text ?? '')![1];
    const session = await api.request('POST', '/members/session/', {
      body: { email: 'qr_member@example.org', code: signInCode },
    });
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const checkins = () =>
      api.database.db
        .selectFrom('checkins')
        .select('id')
        .where('service_id', '=', services[1].id)
        .where('date', '=', today)
        .execute();

    const yesterday = checkinCode(api.config.jwtSecret, services[1].id, addDays(today, -1));
    for (const wrong of [other.body.code, yesterday, 'NOPE']) {
      const refused = await api.request('POST', '/members/me/checkin/', {
        headers: { cookie },
        body: { serviceId: services[1].id, code: wrong },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.code).toEqual([
        'This check-in code is not today’s code of that service. Scan the code on the screen again.',
      ]);
    }
    expect(await checkins()).toEqual([]);

    const first = await api.request('POST', '/members/me/checkin/', {
      headers: { cookie },
      body: { serviceId: services[1].id, code: code.body.code.toLowerCase() },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ service: 'Second Service', date: today, created: true });
    // The form the page posts without JavaScript: 303 back to the page, counted once.
    const form = await fetch(`${api.url}/api/v1/members/me/checkin/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
      body: `serviceId=${services[1].id}&code=${code.body.code}`,
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/my/checkin?service=${services[1].id}&done=already-in`);
    const wrongForm = await fetch(`${api.url}/api/v1/members/me/checkin/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
      body: `serviceId=${services[0].id}&code=${code.body.code}`,
    });
    expect(wrongForm.status).toBe(303);
    expect(wrongForm.headers.get('location')).toBe(
      `/my/checkin?service=${services[0].id}&code=${code.body.code}&error=code`,
    );
    expect(await checkins()).toHaveLength(1);
    const row = (await report(pastor)).find((r) => r.date === today && r.serviceId === services[1].id);
    expect(row?.checkedIn).toBe(1);
    // Without a session: 401, nothing counted.
    expect(
      (await api.request('POST', '/members/me/checkin/', { body: { serviceId: services[1].id, code: code.body.code } }))
        .status,
    ).toBe(401);
  });

  it('finds absentees: 3 of the 8 weeks before the last N weeks and none since, in the scope; records follow-ups and messages them', async () => {
    const db = api.database.db;
    const make = async (username: string, branch?: number) => {
      const id = await api.createUser({ username, role: 'MEMBER', email: `${username}@example.org` });
      await db
        .updateTable('users')
        .set({ phone_number: '+233245550100', ...(branch && { branch_id: branch }) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const [regular, sameWeek, stillComing, twoWeeks, temaRegular, longGone] = [
      await make('abs_regular'),
      await make('abs_sameweek'),
      await make('abs_still'),
      await make('abs_two'),
      await make('abs_tema', tema.id),
      await make('abs_longgone'),
    ];
    const since = addDays(today, -21); // weeks=3
    // Week k of the window is the 7 days ending `since - 7(k-1)`.
    const inWeek = (k: number, day = 0) => addDays(since, -7 * (k - 1) - day);
    const visits: [number, string, number][] = [
      [regular, inWeek(1), services[0].id],
      [regular, inWeek(4), services[0].id],
      [regular, inWeek(8, 6), services[1].id],
      [sameWeek, inWeek(2), services[0].id],
      [sameWeek, inWeek(2, 1), services[1].id],
      [sameWeek, inWeek(2, 2), services[2].id],
      [stillComing, inWeek(1), services[0].id],
      [stillComing, inWeek(2), services[0].id],
      [stillComing, inWeek(3), services[0].id],
      [stillComing, addDays(today, -7), services[0].id],
      [twoWeeks, inWeek(1), services[0].id],
      [twoWeeks, inWeek(5), services[0].id],
      [temaRegular, inWeek(2), temaService.id],
      [temaRegular, inWeek(3), temaService.id],
      [temaRegular, inWeek(6), temaService.id],
      // Three weeks, but before the window: gone for longer than we look.
      [longGone, inWeek(9), services[0].id],
      [longGone, inWeek(10), services[0].id],
      [longGone, inWeek(11), services[0].id],
    ];
    for (const [user, date, service] of visits)
      await db
        .insertInto('checkins')
        .values({
          user_id: user,
          date,
          service_id: service,
          branch_id: service === temaService.id ? tema.id : services[0].branchId,
          recorded_by: null,
          created_at: new Date(api.clock.now).toISOString(),
        })
        .execute();

    const absent = async (token: string, query = '') =>
      ((await api.request('GET', `/attendance/absent/${query}`, { token })).body as any[]).filter(
        (a) => a.user.name.startsWith('abs_') || /abs_/.test(a.user.email),
      );
    const all = await absent(pastor);
    expect(all.map((a) => a.user.id).sort()).toEqual([regular, temaRegular].sort());
    const mine = all.find((a) => a.user.id === regular);
    expect(mine).toMatchObject({ lastSeen: inWeek(1), phone: '+233245550100', weeksCame: 3, followups: [] });
    expect((await absent(temaPastor)).map((a) => a.user.id)).toEqual([temaRegular]);
    // Counted from a later point (the last 1 week), stillComing's visit 7 days ago is in the window, not after it.
    expect((await absent(pastor, '?weeks=1')).map((a) => a.user.id)).not.toContain(regular);
    expect((await api.request('GET', '/attendance/absent/?weeks=0', { token: pastor })).status).toBe(400);

    const called = await post(`/attendance/absent/${regular}/followups/`, pastor, {
      kind: 'called',
      note: 'Was travelling',
    });
    expect(called.status).toBe(201);
    expect((await post(`/attendance/absent/${regular}/followups/`, temaPastor, { kind: 'visited' })).status).toBe(404);
    expect((await post(`/attendance/absent/${regular}/followups/`, pastor, { kind: 'waved' })).status).toBe(400);
    const noted = (await absent(pastor)).find((a) => a.user.id === regular);
    expect(noted.followups).toMatchObject([{ kind: 'called', note: 'Was travelling', by: expect.any(String) }]);

    // A message through the outbox with the broadcasts' rules; a person outside the scope refuses the whole send.
    const outside = await post('/attendance/absent/message/', temaPastor, {
      requestKey: 'absent-msg-0001',
      userIds: [regular, temaRegular],
      subject: 'We miss you',
      message: 'We have missed you at church. Hope all is well!',
      channels: ['email'],
    });
    expect(outside.status).toBe(400);
    const sent = await post('/attendance/absent/message/', pastor, {
      requestKey: 'absent-msg-0002',
      userIds: [regular, temaRegular],
      subject: 'We miss you',
      message: 'We have missed you at church. Hope all is well!',
      channels: ['email'],
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ recipients: 2, channels: { email: 2, sms: 0 }, repeated: false });
    await api.outbox.settle();
    const mail = api.mails.find((m) => m.subject === 'We miss you');
    expect(mail?.bcc).toEqual(expect.arrayContaining(['abs_regular@example.org', 'abs_tema@example.org']));
    const again = await post('/attendance/absent/message/', pastor, {
      requestKey: 'absent-msg-0002',
      userIds: [regular, temaRegular],
      subject: 'We miss you',
      message: 'We have missed you at church. Hope all is well!',
      channels: ['email'],
    });
    expect(again.body.repeated).toBe(true);
    const after = (await absent(pastor)).find((a) => a.user.id === regular);
    expect(after.followups.map((f: any) => f.kind)).toEqual(['email', 'called']);
  });
  it('takes a headcount from /my as a form post (no JavaScript): a pastor saves and replaces it, in their scope only; a member is 403', async () => {
    /** A /my session of a new account of that role and branch, signed in with a mailed code. */
    async function myCookie(username: string, role: 'MEMBER' | 'PASTOR', branchId?: number) {
      const id = await api.createUser({ username, role, email: `${username}@example.org` });
      if (branchId)
        await api.database.db.updateTable('users').set({ branch_id: branchId }).where('id', '=', id).execute();
      await api.request('POST', '/members/code/', { body: { email: `${username}@example.org` } });
      const mail = api.mails.filter((m) => m.to === `${username}@example.org`).at(-1)!;
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1];
      const session = await api.request('POST', '/members/session/', {
        body: { email: `${username}@example.org`, code },
      });
      return session.headers.get('set-cookie')!.split(';')[0];
    }
    const form = (cookie: string, body: string) =>
      fetch(`${api.url}/api/v1/members/me/headcount/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', cookie },
        body,
      });
    const date = addDays(today, -6);
    const stored = () => api.database.db.selectFrom('headcounts').selectAll().where('date', '=', date).execute();
    const usher = await myCookie('door_pastor', 'PASTOR');
    const counts = (men: number) =>
      `serviceId=${services[2].id}&date=${date}&men=${men}&women=50&children=20&firstTimers=2`;

    const saved = await form(usher, counts(30));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(
      `/my/headcount?service=${services[2].id}&date=${date}&done=headcount-saved`,
    );
    const again = await form(usher, counts(31));
    expect(again.headers.get('location')).toBe(
      `/my/headcount?service=${services[2].id}&date=${date}&done=headcount-replaced`,
    );
    expect(await stored()).toEqual([expect.objectContaining({ service_id: services[2].id, men: 31, first_timers: 2 })]);
    const row = (await report(pastor)).find((r) => r.date === date && r.serviceId === services[2].id);
    expect(row).toMatchObject({ total: 101, firstTimers: 2 });

    // A count out of its rules: the refusal page, nothing changed.
    const bad = await form(usher, `serviceId=${services[2].id}&date=${date}&men=-1&women=1.5&children=20`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    expect(await bad.text()).toContain('Enter a whole number from 0 to 100,000.');
    // A member may sign in at /my but does not count: 403, nothing stored.
    const member = await myCookie('door_member', 'MEMBER');
    const refused = await api.request('POST', '/members/me/headcount/', {
      headers: { cookie: member },
      body: { serviceId: services[0].id, date, men: 1, women: 1, children: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Only pastors and administrators can enter headcounts');
    // A pastor of Tema counts Tema's services only: the root's is a 400 on serviceId.
    const temaUsher = await myCookie('door_tema', 'PASTOR', tema.id);
    const outside = await api.request('POST', '/members/me/headcount/', {
      headers: { cookie: temaUsher },
      body: { serviceId: services[0].id, date, men: 1, women: 1, children: 1 },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.serviceId).toEqual(['Choose a service.']);
    expect(
      (
        await api.request('POST', '/members/me/headcount/', {
          headers: { cookie: temaUsher },
          body: { serviceId: temaService.id, date, men: 1, women: 1, children: 1 },
        })
      ).status,
    ).toBe(201);
    expect(await stored()).toHaveLength(2);
    // No session: back to the sign-in, nothing stored; a bearer token does not open the member door.
    const none = await form('', counts(99));
    expect(none.headers.get('location')).toBe('/my?error=signed-out');
    expect(
      (
        await api.request('POST', '/members/me/headcount/', {
          token: pastor,
          body: { serviceId: services[2].id, date, men: 99, women: 1, children: 1 },
        })
      ).status,
    ).toBe(401);
    expect((await stored()).find((r) => r.service_id === services[2].id)?.men).toBe(31);
  });
});
