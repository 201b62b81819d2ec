/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Prayer requests over real HTTP, on every backend: a visitor's request (JSON and plain form post, the
// honeypot, the per-address limit, validation), the prayer wall (never an email, phone or surname), "I prayed"
// once per client and day, and every staff call with its permission rule, audit entry and page purge.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAccess } from '../../src/server/credentials/tokens';
import type { LiveTag } from '../../src/lib/shared/live/types';
import { readDemoPrayers } from '../../src/server/seed/prayers';
import { CONTENT_DIR } from '../../src/server/seed/seed';
import { backends, startApi, type TestApi } from './helpers';

const DEMO = readDemoPrayers(CONTENT_DIR);

const REQUEST = {
  name: 'Akosua Serwaa Owusu',
  email: 'akosua@example.org',
  phone: '024 555 0100',
  title: 'Strength for my exams',
  description: 'Please pray that I stay calm and remember what I studied for my final exams.',
  category: 'personal',
  isPublic: true,
  urgent: false,
};

let address = 0;
/** A new client address for each call that should not share another's per-address limit or marks. */
const client = () => ({ 'X-Forwarded-For': `198.51.100.${++address % 250}, 10.0.${address >> 8}.${address % 250}` });

describe.each(backends())('prayer requests on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  let changes: LiveTag[][];
  let start: number;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { TRUST_PROXY: 'true' } });
    start = api.clock.now;
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
    api.content.subscribe((collections) => void changes.push([...collections]));
  });
  beforeEach(() => {
    // Back to when the tokens were signed (tests move the clock by days); every test uses new client addresses.
    api.clock.now = start;
    changes = [];
    api.mails.length = 0;
  });
  afterAll(() => api?.close());

  const count = async () => (await api.database.db.selectFrom('prayer_requests').select('id').execute()).length;
  const send = (body: unknown, headers = client()) => api.request('POST', '/prayers/', { body, headers });
  const form = (fields: Record<string, string>, path = '/prayers/', headers = client()) =>
    fetch(`${api.url}/api/v1${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
  const staffList = async () => (await api.request('GET', '/prayers/', { token: pastor })).body as any[];
  const wall = async () => (await api.request('GET', '/prayers/public/')).body as any[];
  const lastActivity = async () => (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body[0];

  /** A new request, approved for the wall by a pastor. */
  async function onTheWall(fields: Partial<typeof REQUEST> = {}) {
    const { body } = await send({ ...REQUEST, ...fields });
    await api.request('PATCH', `/prayers/${body.id}/`, { token: pastor, body: { approved: true } });
    return body.id as number;
  }

  it('seeds the demo requests: every category, status and priority, private ones, some on the wall', async () => {
    const list = await staffList();
    const demo = list.filter((p) => p.source === 'demo');
    expect(demo).toHaveLength(DEMO.length);
    expect(new Set(demo.map((p) => p.category)).size).toBe(6);
    expect(new Set(demo.map((p) => p.status)).size).toBe(4);
    expect(new Set(demo.map((p) => p.priority)).size).toBe(4);
    expect(demo.some((p) => !p.isPublic)).toBe(true);
    expect(demo.some((p) => p.tags.length > 3)).toBe(true);
    expect(demo.some((p) => p.needsFollowUp)).toBe(true);
    const healing = demo.find((p) => p.title === 'Healing after surgery');
    expect(healing.updates).toHaveLength(3);
    expect(healing.updates[0]).toMatchObject({ author: 'Pastor Grace Adjei', isPublic: true });
    expect((await wall()).length).toBeGreaterThan(0);
  });

  it('stores a request sent as JSON and emails the recipients; it waits for approval', async () => {
    const before = await count();
    const res = await send(REQUEST);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'active', approved: false });
    expect(await count()).toBe(before + 1);
    const stored = (await api.request('GET', `/prayers/${res.body.id}/`, { token: pastor })).body;
    expect(stored).toMatchObject({
      requester: REQUEST.name,
      email: REQUEST.email,
      phone: '+233245550100', // stored whole (E.164), however written
      title: REQUEST.title,
      description: REQUEST.description,
      category: 'personal',
      priority: 'medium',
      status: 'active',
      isPublic: true,
      approved: false,
      supporters: 0,
      updates: [],
      tags: [],
      source: 'prayer-form',
      needsFollowUp: false,
      assignedTo: null,
    });
    expect(api.mails).toHaveLength(1);
    expect(api.mails[0].subject).toBe(`New prayer request: ${REQUEST.title}`);
    expect(api.mails[0].replyTo).toBe(REQUEST.email);
    expect(api.mails[0].text).toContain(REQUEST.description);
    expect((await wall()).map((p) => p.id)).not.toContain(res.body.id);
    expect(changes).toEqual([]);
  });

  it('marks an urgent request URGENT in the mail subject and stores it with urgent priority', async () => {
    const res = await send({ ...REQUEST, urgent: true, email: '', phone: '' });
    expect(res.status).toBe(201);
    expect(api.mails[0].subject).toBe(`URGENT prayer request: ${REQUEST.title}`);
    expect(api.mails[0].replyTo).toBeUndefined();
    const stored = (await api.request('GET', `/prayers/${res.body.id}/`, { token: pastor })).body;
    expect(stored).toMatchObject({ priority: 'urgent', email: null, phone: null });
  });

  it('takes a phone number written with its country code (the form has no country picker)', async () => {
    const whole = {
      '+233 24 555 0100': '+233245550100',
      '+44 (20) 7946-0958': '+442079460958',
      '+1 555 0100 123': '+15550100123',
    };
    for (const [phone, stored] of Object.entries(whole)) {
      const res = await send({ ...REQUEST, phone });
      expect(res.status, phone).toBe(201);
      expect((await api.request('GET', `/prayers/${res.body.id}/`, { token: pastor })).body.phone).toBe(stored);
    }
    for (const phone of ['+233', '233+24 555 0100', '+233 24 555 0100 99999', 'call me']) {
      const res = await send({ ...REQUEST, phone });
      expect(res.status, phone).toBe(400);
      expect(res.body.errors.phone, phone).toEqual(['Please enter a valid phone number']);
    }
  });

  it('refuses invalid input with per-field messages and stores nothing', async () => {
    const before = await count();
    let res = await send({});
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Please correct the highlighted fields.');
    expect(res.body.errors).toMatchObject({
      name: ['Name is required'],
      title: ['Title is required'],
      description: ['Prayer Request is required'],
      category: ['Category is required'],
    });
    res = await send({ ...REQUEST, name: 'A', email: 'not-an-email', title: 'Hi', description: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Minimum 2 characters required']);
    expect(res.body.errors.email).toEqual(['Please enter a valid email address']);
    expect(res.body.errors.title).toEqual(['Minimum 3 characters required']);
    expect(res.body.errors.description).toEqual(['Minimum 10 characters required']);
    res = await send({ ...REQUEST, category: 'weather' });
    expect(res.body.errors.category).toEqual(['Category is required']);
    expect(await count()).toBe(before);
    expect(api.mails).toHaveLength(0);
  });

  it('takes a plain form post: 303 back to the thank-you, checkboxes and radios read as booleans', async () => {
    const before = await count();
    const res = await form({
      name: 'Kwame Nkrumah Mensah',
      email: '',
      phone: '',
      title: 'A job interview',
      description: 'I have an interview on Friday. Please pray for courage.',
      category: 'guidance',
      isPublic: 'false',
      urgent: 'on',
      website: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/prayers#request-sent');
    expect(await count()).toBe(before + 1);
    const [newest] = await staffList();
    expect(newest).toMatchObject({ title: 'A job interview', isPublic: false, priority: 'urgent', email: null });
  });

  it('answers a refused form post with a page listing the messages', async () => {
    const res = await form({ name: '', title: '', description: '', category: 'health' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('Name is required');
    expect(page).toContain('Prayer Request is required');
  });

  it('answers a filled honeypot like a success and stores and mails nothing', async () => {
    const before = await count();
    const res = await send({ ...REQUEST, website: 'https://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'active', approved: false });
    const posted = await form({ ...REQUEST, isPublic: 'true', urgent: '', website: 'buy now' } as any);
    expect(posted.status).toBe(303);
    expect(await count()).toBe(before);
    expect(api.mails).toHaveLength(0);
  });

  it('limits one address to PUBLIC_RATE_LIMIT requests in ten minutes: 429 with Retry-After', async () => {
    const headers = client();
    for (let i = 0; i < api.config.publicRateLimit; i++) expect((await send(REQUEST, headers)).status).toBe(201);
    const before = await count();
    const refused = await send(REQUEST, headers);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many submissions from your connection. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    expect((await send(REQUEST)).status).toBe(201); // another address
    api.clock.advance(10 * 60 * 1000 + 1000);
    expect((await send(REQUEST, headers)).status).toBe(201);
  });

  it('shows approved public requests on the wall, newest first, with the first name only', async () => {
    const id = await onTheWall();
    const list = await wall();
    const card = list.find((p) => p.id === id);
    expect(Object.keys(card).sort()).toEqual(
      [
        'category',
        'dateRequested',
        'description',
        'id',
        'requester',
        'status',
        'supporters',
        'title',
        'updates',
      ].sort(),
    );
    expect(card.requester).toBe('Akosua');
    const dates = list.map((p) => p.dateRequested);
    expect([...dates].sort().reverse()).toEqual(dates);
    const staff = await staffList();
    const visible = staff.filter((p) => p.approved && p.isPublic && p.status !== 'closed').map((p) => p.id);
    expect(list.map((p) => p.id).sort()).toEqual(visible.sort());
  });

  it('never lets an email, a phone or a surname reach the wall', async () => {
    const id = await onTheWall({
      name: 'Efua Leaky Surname',
      email: 'efua.private@example.org',
      phone: '0201234567',
    });
    await api.request('PATCH', `/prayers/${id}/`, { token: pastor, body: { isPublic: true } });
    const res = await fetch(`${api.url}/api/v1/prayers/public/`);
    const text = await res.text();
    expect(text).toContain('"Efua"');
    for (const secret of ['Leaky', 'Surname', 'efua.private', '1234567', '@example.org', '"email"', '"phone"']) {
      expect(text).not.toContain(secret);
    }
    // No full name of any request (demo ones included) is on the wall, only first names.
    for (const p of await staffList()) if (/\s/.test(p.requester)) expect(text).not.toContain(`"${p.requester}"`);
  });

  it('keeps private, unapproved and closed requests off the wall', async () => {
    const privateId = await onTheWall({ isPublic: false });
    const { body } = await send(REQUEST);
    const closedId = await onTheWall();
    await api.request('PATCH', `/prayers/${closedId}/`, { token: pastor, body: { status: 'closed' } });
    const ids = (await wall()).map((p) => p.id);
    expect(ids).not.toContain(privateId);
    expect(ids).not.toContain(body.id);
    expect(ids).not.toContain(closedId);
    for (const id of [privateId, body.id, closedId]) {
      expect((await api.request('POST', `/prayers/${id}/prayed/`, { headers: client() })).status).toBe(404);
    }
  });

  it('keeps stored HTML as text', async () => {
    const script = '<script>alert("x")</script>';
    const id = await onTheWall({
      title: `${script} title`,
      description: `Help ${script} <img src=x onerror=alert(1)>`,
    });
    const res = await fetch(`${api.url}/api/v1/prayers/public/`);
    expect(res.headers.get('content-type')).toContain('application/json');
    const card = ((await res.json()) as any[]).find((p) => p.id === id);
    expect(card.title).toBe(`${script} title`);
    expect(card.description).toContain('<img src=x onerror=alert(1)>');
  });

  it('"I prayed" counts once per client, request and UTC day', async () => {
    const id = await onTheWall();
    const me = client();
    const prayed = (headers = me) => api.request('POST', `/prayers/${id}/prayed/`, { headers });
    expect((await prayed()).body).toEqual({ supporters: 1 });
    expect(changes).toContainEqual(['prayers']);
    changes = [];
    expect((await prayed()).body).toEqual({ supporters: 1 });
    expect(changes).toEqual([]);
    expect((await prayed(client())).body).toEqual({ supporters: 2 });
    api.clock.advance(24 * 60 * 60 * 1000);
    expect((await prayed()).body).toEqual({ supporters: 3 });
    expect((await wall()).find((p) => p.id === id).supporters).toBe(3);
    expect((await api.request('POST', '/prayers/99999/prayed/')).status).toBe(404);
    expect((await api.request('POST', '/prayers/abc/prayed/')).body).toEqual({ detail: 'Prayer request not found.' });
  });

  it('"I prayed" from a plain form goes back to the card', async () => {
    const id = await onTheWall();
    const res = await form({}, `/prayers/${id}/prayed/`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/prayers#prayer-${id}`);
    expect((await wall()).find((p) => p.id === id).supporters).toBe(1);
  });

  it('staff calls need a signed-in staff member', async () => {
    const { body } = await send(REQUEST);
    const calls: [string, string, unknown?][] = [
      ['GET', '/prayers/'],
      ['GET', `/prayers/${body.id}/`],
      ['PATCH', `/prayers/${body.id}/`, { approved: true }],
      ['POST', `/prayers/${body.id}/updates/`, { text: 'Prayed' }],
      ['POST', `/prayers/${body.id}/support/`],
      ['DELETE', `/prayers/${body.id}/`],
    ];
    for (const [method, path, payload] of calls) {
      const res = await api.request(method, path, { body: payload });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    // Members and staff without web access: 403 on every staff call, nothing changes.
    const noWeb = await Promise.all(
      ['member', 'staffnoweb'].map(async (username) => {
        const user = await api.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        return signAccess(api.config.jwtSecret, { userId: user.id, version: 0 }, 3600, api.clock.now);
      }),
    );
    for (const token of noWeb) {
      for (const [method, path, payload] of calls) {
        expect((await api.request(method, path, { token, body: payload })).status, `${method} ${path}`).toBe(403);
      }
    }
    const after = (await api.request('GET', `/prayers/${body.id}/`, { token: pastor })).body;
    expect(after).toMatchObject({ approved: false, supporters: 0, updates: [] });
  });

  it('manage: status, priority, public/private, assignee and tags, audited and purged', async () => {
    const { body } = await send(REQUEST);
    const pastorId = (await api.request('GET', '/auth/profile/', { token: pastor })).body.id;
    const res = await api.request('PATCH', `/prayers/${body.id}/`, {
      token: pastor,
      body: {
        status: 'ongoing',
        priority: 'high',
        isPublic: false,
        assignedTo: pastorId,
        tags: ['exams', 'exams', 'peace'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ongoing',
      priority: 'high',
      isPublic: false,
      assignedToId: pastorId,
      tags: ['exams', 'peace'],
    });
    expect(res.body.assignedTo).toMatch(/\S/);
    expect(changes).toEqual([['prayers']]);
    expect(await lastActivity()).toMatchObject({
      type: 'prayer',
      action: `updated the prayer request ${REQUEST.title}`,
    });
    const cleared = await api.request('PATCH', `/prayers/${body.id}/`, { token: pastor, body: { assignedTo: null } });
    expect(cleared.body).toMatchObject({ assignedTo: null, assignedToId: null });
  });

  it('manage refuses what is not allowed, and changes nothing', async () => {
    const { body } = await send(REQUEST);
    const memberId = await api.createUser({ username: 'notastaff', role: 'MEMBER' });
    const bad = async (payload: unknown) =>
      (await api.request('PATCH', `/prayers/${body.id}/`, { token: pastor, body: payload })).body;
    expect((await bad({ assignedTo: memberId })).errors).toEqual({ assignedTo: ['Choose a staff member to assign.'] });
    expect((await bad({ status: 'done' })).errors.status).toEqual([
      'Status must be one of active, ongoing, answered, closed',
    ]);
    expect((await bad({ priority: 'now' })).errors.priority[0]).toMatch(/^Priority must be one of/);
    expect((await bad({ requester: 'Someone' })).detail).toBe('Please correct the highlighted fields.');
    const after = (await api.request('GET', `/prayers/${body.id}/`, { token: pastor })).body;
    expect(after).toMatchObject({ status: 'active', priority: 'medium', assignedTo: null });
    expect((await api.request('PATCH', '/prayers/999999/', { token: pastor, body: {} })).status).toBe(404);
    expect(changes).toEqual([]);
  });

  it('approve for the wall and take it off again, each audited', async () => {
    const { body } = await send(REQUEST);
    let res = await api.request('PATCH', `/prayers/${body.id}/`, { token: pastor, body: { approved: true } });
    expect(res.body.approved).toBe(true);
    expect(await lastActivity()).toMatchObject({
      type: 'prayer',
      action: `approved the prayer request ${REQUEST.title} for the wall`,
    });
    expect((await wall()).map((p) => p.id)).toContain(body.id);
    res = await api.request('PATCH', `/prayers/${body.id}/`, { token: pastor, body: { approved: false } });
    expect(res.body.approved).toBe(false);
    expect(await lastActivity()).toMatchObject({ action: `took the prayer request ${REQUEST.title} off the wall` });
    expect((await wall()).map((p) => p.id)).not.toContain(body.id);
    expect(changes).toEqual([['prayers'], ['prayers']]);
  });

  it('add update: public ones show on the wall, private ones only to staff', async () => {
    const id = await onTheWall();
    changes = [];
    let res = await api.request('POST', `/prayers/${id}/updates/`, {
      token: pastor,
      body: { text: 'We prayed on Wednesday.' },
    });
    expect(res.status).toBe(201);
    expect(res.body.updates).toEqual([
      {
        id: expect.any(Number),
        text: 'We prayed on Wednesday.',
        author: expect.any(String),
        createdAt: expect.any(String),
        isPublic: true,
      },
    ]);
    res = await api.request('POST', `/prayers/${id}/updates/`, {
      token: pastor,
      body: { text: 'Pastoral note: call the family.', isPublic: false },
    });
    expect(res.body.updates).toHaveLength(2);
    const card = (await wall()).find((p) => p.id === id);
    expect(card.updates.map((u: any) => u.text)).toEqual(['We prayed on Wednesday.']);
    expect(Object.keys(card.updates[0]).sort()).toEqual(['author', 'createdAt', 'id', 'text']);
    expect(changes).toEqual([['prayers'], ['prayers']]);
    expect(await lastActivity()).toMatchObject({ action: `added an update to the prayer request ${REQUEST.title}` });
    const empty = await api.request('POST', `/prayers/${id}/updates/`, { token: pastor, body: { text: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ text: ['Update is required'] });
  });

  it('support prayer adds one supporter', async () => {
    const { body } = await send(REQUEST);
    const res = await api.request('POST', `/prayers/${body.id}/support/`, { token: pastor });
    expect(res.status).toBe(200);
    expect(res.body.supporters).toBe(1);
    const both = await Promise.all([
      api.request('POST', `/prayers/${body.id}/support/`, { token: pastor }),
      api.request('POST', `/prayers/${body.id}/support/`, { token: admin }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await api.request('GET', `/prayers/${body.id}/`, { token: pastor })).body.supporters).toBe(3);
    expect(await lastActivity()).toMatchObject({ action: `supported the prayer request ${REQUEST.title}` });
  });

  it('delete is for ADMIN and above: a pastor gets 403 and nothing changes', async () => {
    const id = await onTheWall();
    await api.request('POST', `/prayers/${id}/updates/`, { token: pastor, body: { text: 'Prayed' } });
    changes = [];
    const refused = await api.request('DELETE', `/prayers/${id}/`, { token: pastor });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await api.request('GET', `/prayers/${id}/`, { token: pastor })).status).toBe(200);
    expect(changes).toEqual([]);
    const res = await api.request('DELETE', `/prayers/${id}/`, { token: admin });
    expect(res.status).toBe(204);
    expect(changes).toEqual([['prayers']]);
    expect(await lastActivity()).toMatchObject({
      type: 'prayer',
      action: `deleted the prayer request ${REQUEST.title}`,
    });
    expect((await api.request('GET', `/prayers/${id}/`, { token: pastor })).body).toEqual({
      detail: 'Prayer request not found.',
    });
    expect((await api.request('DELETE', `/prayers/${id}/`, { token: admin })).status).toBe(404);
    const orphans = await api.database.db
      .selectFrom('prayer_updates')
      .select('id')
      .where('prayer_id', '=', id)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('flags requests untouched for 30 days that are not answered or closed', async () => {
    const { body } = await send(REQUEST);
    api.clock.advance(31 * 24 * 60 * 60 * 1000);
    let token = await api.tokenFor('pastor');
    let prayer = (await api.request('GET', `/prayers/${body.id}/`, { token })).body;
    expect(prayer.needsFollowUp).toBe(true);
    prayer = (await api.request('POST', `/prayers/${body.id}/support/`, { token })).body;
    expect(prayer.needsFollowUp).toBe(false);
    await api.request('PATCH', `/prayers/${body.id}/`, { token, body: { status: 'answered' } });
    api.clock.advance(31 * 24 * 60 * 60 * 1000);
    token = await api.tokenFor('pastor');
    prayer = (await api.request('GET', `/prayers/${body.id}/`, { token })).body;
    expect(prayer.needsFollowUp).toBe(false);
  });
});
