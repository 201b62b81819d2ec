/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Ministries on every backend: anyone lists the public ones (CONTRACT's shape) and asks to join one (JSON or an HTML
// form post with a 303 back to /ministries, the honeypot, the per-address limit), the leader is emailed through the
// outbox; staff read them and decide requests (PASTOR and above), ADMIN and above change them and their members;
// accepting a request adds the account that asked or the one with its email; bad input is a 400 that changes
// nothing; changes are in Recent Activity and purge the /ministries page's copy; a member's ministries and
// request through the members' door functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { backends, databaseAt, startApi, type TestApi } from './helpers';
import { ministriesOfUser } from '../../src/server/ministries/members';
import { requestToJoin } from '../../src/server/ministries/join-requests';

describe.each(backends())('ministries on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  const purged: string[][] = [];
  beforeAll(async () => {
    api = await startApi(backend, { members: 6, env: { PUBLIC_RATE_LIMIT: '4' } });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
    api.content.subscribe((c) => void purged.push([...c]));
  });
  afterAll(() => api?.close());

  const call = (method: string, path: string, body?: unknown, token: string | null = admin) =>
    api.request(method, `/ministries${path}`, { token: token ?? undefined, body });
  const form = async (id: number, fields: Record<string, string>) => {
    const res = await fetch(`${api.url}/api/v1/ministries/${id}/join/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    await api.outbox.settle();
    return res;
  };
  const activity = async () =>
    (await api.request('GET', '/auth/activity/', { token: admin })).body.map((a: any) => a.action) as string[];

  it('lists the public ministries to anyone, in the contract shape', async () => {
    const res = await call('GET', '/', undefined, null);
    expect(res.status).toBe(200);
    const choir = res.body.find((m: any) => m.name === 'Choir');
    expect(Object.keys(choir).sort()).toEqual(
      ['description', 'id', 'meeting_day', 'meeting_place', 'meeting_time', 'name'].sort(),
    );
    expect(choir.description).not.toBe('');
    expect(choir.meeting_day).toBe('Thursday');
  });

  it('lets every staff member read and decide, only ADMIN and above change', async () => {
    expect((await call('GET', '/all/', undefined, null)).status).toBe(401);
    const all = await call('GET', '/all/', undefined, pastor);
    expect(all.status).toBe(200);
    expect(all.body[0]).toHaveProperty('member_count');
    expect((await call('POST', '/', { name: 'Pastors made this' }, pastor)).status).toBe(403);
    expect((await call('PATCH', `/${all.body[0].id}/`, { name: 'Renamed' }, pastor)).status).toBe(403);
    expect((await call('DELETE', `/${all.body[0].id}/`, undefined, pastor)).status).toBe(403);
    expect((await call('GET', '/join-requests/', undefined, pastor)).status).toBe(200);
  });

  it('creates, changes and deletes a ministry, its members and roles, purging /ministries', async () => {
    purged.length = 0;
    const created = await call('POST', '/', {
      name: 'Hospitality',
      description: 'Meals after service.',
      meeting_day: 'Sunday',
      meeting_time: '1:00 PM',
      meeting_place: 'Fellowship hall',
      is_public: false,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(purged).toContainEqual(['ministries']);
    expect((await call('GET', '/', undefined, null)).body.map((m: any) => m.name)).not.toContain('Hospitality');
    expect((await call('POST', '/', { name: 'hospitality' })).status).toBe(400);
    const member = await api.createUser({ username: 'min_ama', role: 'MEMBER' });
    const added = await call('POST', `/${id}/members/`, { user_id: member, role: 'Leader' });
    expect(added.status).toBe(200);
    expect(added.body.members).toEqual([expect.objectContaining({ user_id: member, role: 'Leader' })]);
    expect((await call('POST', `/${id}/members/`, { user_id: member })).status).toBe(400);
    const changed = await call('PATCH', `/${id}/members/${member}/`, { role: 'Secretary' });
    expect(changed.body.members[0].role).toBe('Secretary');
    const user = await api.request('GET', `/auth/users/${member}/`, { token: admin });
    expect(user.body.ministry_memberships).toEqual([expect.objectContaining({ ministry_name: 'Hospitality' })]);
    expect(await ministriesOfUser(api.database.db, member)).toEqual([
      {
        id,
        name: 'Hospitality',
        role: 'Secretary',
        meeting_day: 'Sunday',
        meeting_time: '13:00',
        meeting_place: 'Fellowship hall',
      },
    ]);
    const shown = await call('PATCH', `/${id}/`, { is_public: true, leader_user_id: member });
    expect(shown.body).toMatchObject({ is_public: true, leader: { id: member } });
    expect((await call('GET', '/', undefined, null)).body.map((m: any) => m.name)).toContain('Hospitality');
    expect((await call('DELETE', `/${id}/members/${member}/`)).body.members).toEqual([]);
    expect((await call('DELETE', `/${id}/`)).status).toBe(204);
    expect((await call('GET', `/${id}/`)).status).toBe(404);
    expect(await activity()).toEqual(
      expect.arrayContaining([
        'created the ministry Hospitality',
        'changed the role of ' + user.body.full_name + ' in Hospitality to Secretary',
        'deleted the ministry Hospitality',
      ]),
    );
  });

  it('keeps a meeting time as HH:MM on the 24-hour clock whichever way staff type it, and refuses what is not a time', async () => {
    const choir = (await call('GET', '/', undefined, null)).body.find((m: any) => m.name === 'Choir');
    expect(choir.meeting_time).toBe('18:30');
    const created = await call('POST', '/', { name: 'Evening Prayer', meeting_time: '6:30 PM' });
    expect(created.body.meeting_time).toBe('18:30');
    const id = created.body.id;
    expect((await call('PATCH', `/${id}/`, { meeting_time: '7pm' })).body.meeting_time).toBe('19:00');
    expect((await call('PATCH', `/${id}/`, { meeting_time: '06:15' })).body.meeting_time).toBe('06:15');
    for (const meeting_time of ['evening', '25:00', '6', '13:00 PM']) {
      const refused = await call('PATCH', `/${id}/`, { meeting_time });
      expect(refused.status, meeting_time).toBe(400);
      expect(refused.body.errors.meeting_time).toEqual(['Enter a time such as 6:30 PM or 18:30']);
    }
    expect((await call('GET', `/${id}/`)).body.meeting_time).toBe('06:15');
    expect((await call('PATCH', `/${id}/`, { meeting_time: '' })).body.meeting_time).toBeNull();
    await call('DELETE', `/${id}/`);
  });

  it('takes a join request as JSON or a form post, tells the leader, and staff accept or decline it', async () => {
    const choir = (await call('GET', '/all/')).body.find((m: any) => m.name === 'Choir');
    const leader = await api.createUser({ username: 'min_leader', role: 'MEMBER', email: 'leader@example.org' });
    await call('PATCH', `/${choir.id}/`, { leader_user_id: leader });
    const account = await api.createUser({ username: 'min_kofi', role: 'MEMBER', email: 'kofi@example.org' });

    api.mails.length = 0;
    const json = await call('POST', `/${choir.id}/join/`, { name: 'Kofi Mensah', email: 'KOFI@example.org' }, null);
    expect(json.status).toBe(201);
    expect(api.mails.map((m) => m.to)).toEqual(['leader@example.org']);
    expect(api.mails[0].subject).toBe('Request to join Choir: Kofi Mensah');

    const posted = await form(choir.id, { name: 'Ama Visitor', phone: '+233 24 555 0100', message: 'I sing alto' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/ministries#joined-${choir.id}`);
    const bot = await form(choir.id, { name: 'Bot', email: 'bot@example.org', website: 'http://spam' });
    expect(bot.status).toBe(303);

    const pending = (await call('GET', '/join-requests/', undefined, pastor)).body;
    expect(pending.map((r: any) => r.name)).toEqual(['Kofi Mensah', 'Ama Visitor']);
    expect(pending[1]).toMatchObject({ phone: '+233245550100', message: 'I sing alto', user_id: null });

    // Accepting links the account with the request's email and adds it; a second decision is refused.
    const accepted = await call('POST', `/join-requests/${pending[0].id}/accept/`, undefined, pastor);
    expect(accepted.body).toMatchObject({ status: 'accepted', user_id: account });
    expect((await call('GET', `/${choir.id}/`)).body.members.map((m: any) => m.user_id)).toContain(account);
    expect((await call('POST', `/join-requests/${pending[0].id}/decline/`, undefined, pastor)).status).toBe(409);
    const declined = await call('POST', `/join-requests/${pending[1].id}/decline/`, undefined, pastor);
    expect(declined.body).toMatchObject({ status: 'declined', user_id: null });
    expect((await call('GET', '/join-requests/?status=declined')).body.map((r: any) => r.name)).toEqual([
      'Ama Visitor',
    ]);
    expect((await call('POST', '/join-requests/999999/accept/')).status).toBe(404);
    expect(await activity()).toEqual(
      expect.arrayContaining([
        'accepted the request of Kofi Mensah to join Choir',
        'declined the request of Ama Visitor to join Choir',
      ]),
    );
  });

  it("accepting a visitor's request always adds someone: a found account, a linked one, or a new MEMBER account", async () => {
    const youth = (await call('GET', '/all/')).body.find((m: any) => m.name === 'Youth Ministry');
    const members = async () => (await call('GET', `/${youth.id}/`)).body.members.map((m: any) => m.user_id);
    // Written as the form's post writes it (the public form's per-address limit is tested below).
    const ask = async (body: { name: string; email?: string; phone?: string }) => {
      await api.database.db
        .insertInto('ministry_join_requests')
        .values({
          ministry_id: youth.id,
          user_id: null,
          name: body.name,
          email: body.email ?? null,
          phone: body.phone ?? null,
          message: null,
          status: 'pending',
          created_at: new Date(api.clock.now).toISOString(),
        })
        .execute();
      const pending = (await call('GET', '/join-requests/', undefined, pastor)).body;
      return pending.find((r: any) => r.name === body.name);
    };
    const accept = (id: number, body?: unknown, token = pastor) =>
      call('POST', `/join-requests/${id}/accept/`, body, token);

    // No account by that email or phone: nothing is "accepted" with nobody added.
    const esi = await ask({ name: 'Esi Asante', email: 'esi.asante@example.org', phone: '024 555 0101' });
    expect(esi).toMatchObject({ user_id: null, account: null });
    const none = await accept(esi.id);
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('This person has no account yet: create a member account or link an existing one.');
    // A pastor may not create accounts; an administrator makes a MEMBER account from the request.
    expect((await accept(esi.id, { create_account: true })).status).toBe(403);
    const created = await accept(esi.id, { create_account: true }, admin);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'accepted', account: { name: 'Esi Asante' } });
    const account = await api.userRow(created.body.user_id);
    expect(account).toMatchObject({
      role: 'MEMBER',
      email: 'esi.asante@example.org',
      first_name: 'Esi',
      last_name: 'Asante',
      phone_number: '024 555 0101',
    });
    expect(await members()).toContain(created.body.user_id);
    expect(await activity()).toEqual(
      expect.arrayContaining(['accepted the request of Esi Asante to join Youth Ministry']),
    );

    // An account found by the request's phone, however it was written, is the one Accept adds.
    const kojo = await api.createUser({ username: 'min_kojo', role: 'MEMBER' });
    await api.database.db
      .updateTable('users')
      .set({ phone_number: '+233245550177' }) // as every form and API now store a phone (E.164)
      .where('id', '=', kojo)
      .execute();
    const byPhone = await ask({ name: 'Kojo By Phone', phone: '0245550177' });
    expect(byPhone.account).toEqual({ id: kojo, name: expect.any(String) });
    expect((await accept(byPhone.id)).body).toMatchObject({ status: 'accepted', user_id: kojo });
    expect(await members()).toContain(kojo);

    // Staff may link another account instead; an unknown one is a 400 on user_id.
    const abena = await api.createUser({ username: 'min_abena', role: 'MEMBER' });
    const linked = await ask({ name: 'Abena Phone Only', phone: '020 111 2233' });
    expect((await accept(linked.id, { user_id: 999999 })).status).toBe(400);
    expect((await accept(linked.id, { user_id: abena, create_account: true }, admin)).status).toBe(400);
    expect((await accept(linked.id, { user_id: abena })).body).toMatchObject({ user_id: abena });
    expect(await members()).toContain(abena);

    // A new account needs an email: the request's, or one staff give; one already taken is refused.
    const yaw = await ask({ name: 'Yaw Phone', phone: '027 000 1111' });
    const noEmail = await accept(yaw.id, { create_account: true }, admin);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors.email).toEqual(['A new account needs an email address.']);
    const taken = await accept(yaw.id, { create_account: true, email: 'ESI.ASANTE@example.org' }, admin);
    expect(taken.body.errors.email).toEqual(['An account with that email already exists: link it instead.']);
    expect((await call('GET', '/join-requests/', undefined, pastor)).body.map((r: any) => r.id)).toContain(yaw.id);
    const given = await accept(yaw.id, { create_account: true, email: 'yaw.phone@example.org' }, admin);
    expect(given.status).toBe(200);
    expect((await api.userRow(given.body.user_id)).email).toBe('yaw.phone@example.org');
  });

  it('refuses a bad join request with a 400, an unknown or private ministry with a 404, and limits each address', async () => {
    const choir = (await call('GET', '/all/')).body.find((m: any) => m.name === 'Choir');
    const count = async () => (await call('GET', '/join-requests/')).body.length;
    const before = await count();
    const bad = [
      {},
      { name: 'A', email: 'a@example.org' },
      { name: 'No Contact' },
      { name: 'Bad Email', email: 'nope' },
      { name: 'Bad Phone', phone: 'call me' },
    ];
    for (const body of bad) expect((await call('POST', `/${choir.id}/join/`, body, null)).status).toBe(400);
    expect((await call('POST', '/999999/join/', { name: 'Kojo', email: 'k@example.org' }, null)).status).toBe(404);
    const hidden = (await call('POST', '/', { name: 'Elders', is_public: false })).body;
    expect((await call('POST', `/${hidden.id}/join/`, { name: 'Kojo', email: 'k@example.org' }, null)).status).toBe(
      404,
    );
    expect(await count()).toBe(before);
    // Bad bodies staff send.
    expect((await call('POST', '/', { name: '' })).status).toBe(400);
    expect((await call('POST', '/', { name: 'X', is_public: 'yes' })).status).toBe(400);
    expect((await call('PATCH', `/${choir.id}/`, {})).status).toBe(400);
    expect((await call('POST', `/${choir.id}/members/`, { user_id: 1, role: 'Boss' })).status).toBe(400);
    expect((await call('GET', '/join-requests/?status=maybe')).status).toBe(400);

    // PUBLIC_RATE_LIMIT is 4 here: this address already made two of this kind.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await call('POST', `/${choir.id}/join/`, { name: `Visitor ${i}`, email: `v${i}@example.org` }, null)).status,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it("answers a member's own request through the members' door function, once while it waits", async () => {
    const youth = (await call('GET', '/all/')).body.find((m: any) => m.name === 'Youth Ministry');
    const member = await api.createUser({ username: 'min_door', role: 'MEMBER' });
    const db = api.database.db;
    const first = await requestToJoin(
      db,
      { ministryId: youth.id, userId: member, name: 'Door Member', email: 'door@example.org' },
      Date.now(),
    );
    const again = await requestToJoin(
      db,
      { ministryId: youth.id, userId: member, name: 'Door Member', email: 'door@example.org' },
      Date.now(),
    );
    expect(again.id).toBe(first.id);
    expect(await activity()).toContain('asked to join Youth Ministry');
    await call('POST', `/join-requests/${first.id}/accept/`);
    expect((await ministriesOfUser(db, member)).map((m) => m.name)).toEqual(['Youth Ministry']);
    await expect(
      requestToJoin(db, { ministryId: youth.id, userId: member, name: 'Door Member' }, Date.now()),
    ).rejects.toMatchObject({ status: 409 });
  });
});

describe.each(backends())('migration 0015 on %s', (backend) => {
  it('rewrites meeting times typed either way as HH:MM and moves other text to the meeting day', async () => {
    const database = await databaseAt(backend, '0013_giving');
    try {
      const db = database.db as any;
      const ministry = (name: string, meeting_day: string | null, meeting_time: string | null) => ({
        name,
        description: '',
        meeting_day,
        meeting_time,
        is_public: true,
      });
      await db
        .insertInto('ministries')
        .values([
          ministry('Choir', 'Thursday', '6:30 PM'),
          ministry('Ushers', 'Sunday', '08:00'),
          ministry('Elders', 'First Sunday', 'after the second service'),
          ministry('Media', null, null),
        ])
        .execute();
      await migrateToLatest(database.db, database.dialect);
      const rows = await db
        .selectFrom('ministries')
        .select(['name', 'meeting_day', 'meeting_time'])
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { name: 'Choir', meeting_day: 'Thursday', meeting_time: '18:30' },
        { name: 'Elders', meeting_day: 'First Sunday, after the second service', meeting_time: null },
        { name: 'Media', meeting_day: null, meeting_time: null },
        { name: 'Ushers', meeting_day: 'Sunday', meeting_time: '08:00' },
      ]);
    } finally {
      await database.close();
    }
  });
});
