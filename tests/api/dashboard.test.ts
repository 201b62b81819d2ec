/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The dashboard's calls on every backend: the six figures move with what staff and visitors do (a sermon, a prayer
// request, a staff update), the Notifications list counts what awaits staff (prayer requests to review, unread
// messages, new registrations) and empties as they are handled, and the System Status checks run for real.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

let address = 0;
const client = () => ({ 'X-Forwarded-For': `203.0.113.${++address % 250}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends())('dashboard on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { TRUST_PROXY: 'true' } });
    pastor = await api.tokenFor('pastor');
  });
  afterAll(() => api?.close());

  const get = async (path: string) => {
    const res = await api.request('GET', path, { token: pastor });
    expect(res.status).toBe(200);
    return res.body;
  };
  const figures = () => get('/dashboard/figures/');
  const notices = () => get('/dashboard/notifications/');

  it('needs a signed-in staff member', async () => {
    for (const path of ['/dashboard/figures/', '/dashboard/notifications/', '/dashboard/status/'])
      expect((await api.request('GET', path)).status).toBe(401);
  });

  it('on a fresh demo start counts each awaiting item once and each event with new registrations once', async () => {
    const [list, f, unread, events] = await Promise.all([
      notices(),
      figures(),
      get('/messages/unread-count/'),
      get('/events/'),
    ]);
    const withRegistrations = events.filter((e: any) => e.registered + e.waitlist > 0);
    expect(withRegistrations.length).toBeGreaterThan(1);
    expect(list.counts).toEqual({
      setup: 0,
      prayer: f.pendingRequests.value,
      message: unread.unread,
      registration: withRegistrations.length,
    });
    expect(list.total).toBe(f.pendingRequests.value + unread.unread + withRegistrations.length);
    // One line per event, with how many registrations are new, leading to that event on the events screen.
    const rows = await api.database.db
      .selectFrom('event_registrations')
      .select(['event_id', (eb) => eb.fn.countAll().as('n')])
      .where('status', '!=', 'cancelled')
      .groupBy('event_id')
      .execute();
    const lines = list.items.filter((item: any) => item.kind === 'registration');
    expect(lines.map((l: any) => l.id).sort()).toEqual(withRegistrations.map((e: any) => e.id).sort());
    for (const row of rows) {
      const event = events.find((e: any) => e.id === row.event_id);
      expect(lines.find((l: any) => l.id === row.event_id)).toEqual({
        kind: 'registration',
        id: event.id,
        title: event.title,
        count: Number(row.n),
        detail: `${Number(row.n)} new registrations`,
        at: expect.any(String),
        href: `/events?q=${encodeURIComponent(event.title)}`,
      });
    }
  });

  it('counts what the lists count', async () => {
    const f = await figures();
    const stats = (await api.request('GET', '/auth/users/stats/', { token: pastor })).body;
    expect(f.totalUsers.value).toBe(stats.total_users);
    expect(f.activeUsers.value).toBe(stats.active_users);
    const sermons = (await api.request('GET', '/sermons/', { token: pastor })).body;
    expect(f.totalSermons.value).toBe(sermons.length);
    const prayers = (await api.request('GET', '/prayers/', { token: pastor })).body;
    expect(f.totalPrayers.value).toBe(prayers.length);
    // The pastor signed in this month.
    expect(f.activeUsers.thisMonth).toBeGreaterThanOrEqual(1);
  });

  it('a new sermon and a new prayer request move their figures this month', async () => {
    const before = await figures();
    const sermon = await api.request('POST', '/sermons/', {
      token: pastor,
      body: {
        title: 'Grace Upon Grace',
        speaker: 'Rev. Samuel Owusu',
        date: inDays(0),
        category: 'Faith',
        status: 'draft',
      },
    });
    expect(sermon.status).toBe(201);
    const prayer = await api.request('POST', '/prayers/', {
      headers: client(),
      body: {
        name: 'Yaa Asantewaa',
        title: 'Healing for my mother',
        description: 'Please pray for my mother, who is in hospital this week.',
        category: 'health',
        isPublic: false,
        urgent: true,
      },
    });
    expect(prayer.status).toBe(201);
    const after = await figures();
    for (const key of ['totalSermons', 'totalPrayers', 'pendingRequests']) {
      expect(after[key].value, key).toBe(before[key].value + 1);
      expect(after[key].thisMonth, key).toBe(before[key].thisMonth + 1);
    }
    const list = await notices();
    expect(list.counts.prayer).toBe(after.pendingRequests.value);
    expect(list.items[0]).toMatchObject({
      kind: 'prayer',
      id: String(prayer.body.id),
      title: 'Healing for my mother',
      href: '/prayers',
    });
    // Staff take it up a minute later: no longer awaiting review.
    api.clock.advance(60_000);
    await api.request('POST', `/prayers/${prayer.body.id}/updates/`, {
      token: pastor,
      body: { text: 'We are praying with you.', isPublic: false },
    });
    expect((await figures()).pendingRequests.value).toBe(before.pendingRequests.value);
  });

  it('lists unread messages and new registrations until they are handled', async () => {
    const before = await notices();
    const message = await api.request('POST', '/contact/', {
      headers: client(),
      body: {
        name: 'Esi Ampofo',
        email: 'esi@example.org',
        preferredContact: 'email',
        subject: 'Choir auditions',
        inquiryType: 'volunteer',
        message: 'I would like to join the choir. When are the auditions held?',
      },
    });
    expect(message.status).toBe(201);
    const event = await api.request('POST', '/events/', {
      token: pastor,
      body: {
        title: 'Choir Workshop',
        category: 'fellowship',
        type: 'one-time',
        startDate: inDays(5),
        startTime: '10:00',
        endTime: '12:00',
        location: 'Main Sanctuary',
        capacity: 20,
        requiresRegistration: true,
        isPublic: true,
      },
    });
    const registration = await api.request('POST', `/events/${event.body.id}/registrations/`, {
      headers: client(),
      body: { name: 'Kofi Boateng', email: 'kofi@example.org', seats: 2 },
    });
    expect(registration.status).toBe(201);
    const list = await notices();
    expect(list.counts.message).toBe(before.counts.message + 1);
    expect(list.counts.registration).toBe(before.counts.registration + 1);
    expect(list.total).toBe(list.counts.prayer + list.counts.message + list.counts.registration);
    expect(list.items).toContainEqual(
      expect.objectContaining({
        kind: 'message',
        id: String(message.body.id),
        detail: 'Unread message from Esi Ampofo',
      }),
    );
    expect(list.items).toContainEqual(
      expect.objectContaining({ kind: 'registration', id: event.body.id, title: 'Choir Workshop' }),
    );
    await api.request('PATCH', `/messages/${message.body.id}/`, { token: pastor, body: { read: true } });
    expect((await notices()).counts.message).toBe(before.counts.message);
  });

  it('opening the list clears the badge for that staff member only; what comes after counts again', async () => {
    const admin = await api.tokenFor('admin');
    const asAdmin = async () => (await api.request('GET', '/dashboard/notifications/', { token: admin })).body;
    const seen = (asOf: unknown, token = admin) =>
      api.request('POST', '/dashboard/notifications/seen/', { token, body: { asOf } });
    const pastorBefore = await notices();
    const shown = await asAdmin();
    expect(shown.total).toBeGreaterThan(0);
    expect(shown.counts.registration).toBeGreaterThan(0);

    api.clock.advance(1000);
    const seenRes = await seen(shown.asOf);
    expect(seenRes.status).toBe(204);
    const after = await asAdmin();
    expect(after.total).toBe(0);
    // Prayer requests and messages still await someone: listed until handled, but no longer new to the admin.
    expect(after.counts).toEqual({
      setup: shown.counts.setup,
      prayer: shown.counts.prayer,
      message: shown.counts.message,
      registration: 0,
    });
    expect(after.items.filter((i: any) => i.kind === 'registration')).toEqual([]);
    // The pastor has not opened the list: theirs is as it was.
    expect(await notices()).toEqual({ ...pastorBefore, asOf: expect.any(String) });

    // Whatever came after the list the admin saw counts again, even when the mark arrives later.
    const shownAgain = await asAdmin();
    api.clock.advance(1000);
    const event = (await get('/events/')).find((e: any) => e.id === 'youth-camp');
    const registration = await api.request('POST', `/events/${event.id}/registrations/`, {
      headers: client(),
      body: { name: 'Ama Owusu', email: 'ama@example.org', seats: 1 },
    });
    expect(registration.status).toBe(201);
    expect((await seen(shownAgain.asOf)).status).toBe(204);
    const fresh = await asAdmin();
    expect(fresh.total).toBe(1);
    expect(fresh.items.filter((i: any) => i.kind === 'registration')).toEqual([
      expect.objectContaining({ id: 'youth-camp', title: event.title, count: 1, detail: '1 new registration' }),
    ]);
    // An older mark (another tab's) does not bring back what was seen.
    expect((await seen(fresh.asOf)).status).toBe(204);
    expect((await seen(shown.asOf)).status).toBe(204);
    expect((await asAdmin()).total).toBe(0);
  });

  it('tells an administrator, not a pastor, that giving details are missing until they are given (issue 28)', async () => {
    const admin = await api.tokenFor('admin');
    const asAdmin = async () => (await api.request('GET', '/dashboard/notifications/', { token: admin })).body;
    const missing = {
      kind: 'setup',
      id: 'giving-details',
      title: 'Giving details are missing',
      detail: '/give has no mobile money or bank details to show: add them in Settings → Giving.',
      at: expect.any(String),
      href: '/settings',
    };
    const before = await asAdmin();
    expect(before.items.filter((i: any) => i.kind === 'setup')).toEqual([missing]);
    expect(before.counts.setup).toBe(1);
    // A standing task, not news: the badge is what is new, and marking the list seen leaves the task listed.
    const news = before.counts.prayer + before.counts.message + before.counts.registration;
    expect(before.total).toBeLessThanOrEqual(news);
    expect(
      (await api.request('POST', '/dashboard/notifications/seen/', { token: admin, body: { asOf: before.asOf } }))
        .status,
    ).toBe(204);
    expect((await asAdmin()).items.filter((i: any) => i.kind === 'setup')).toEqual([missing]);
    // A pastor cannot set giving up: not told.
    const pastorList = await notices();
    expect(pastorList.counts.setup).toBe(0);
    expect(pastorList.items.filter((i: any) => i.kind === 'setup')).toEqual([]);

    // A bank account alone is enough for /give to say how to give: the task is done.
    const saved = await api.request('PATCH', '/settings/giving/', {
      token: admin,
      body: { bank: { name: 'GCB Bank', accountName: 'Grace Chapel', accountNumber: '1234 5678 90', branch: '' } },
    });
    expect(saved.status).toBe(200);
    const after = await asAdmin();
    expect(after.counts.setup).toBe(0);
    expect(after.items.filter((i: any) => i.kind === 'setup')).toEqual([]);
    // Emptied again, it is missing again.
    const emptied = await api.request('PATCH', '/settings/giving/', {
      token: admin,
      body: { bank: { name: '', accountName: '', accountNumber: '', branch: '' } },
    });
    expect(emptied.status).toBe(200);
    expect((await asAdmin()).counts.setup).toBe(1);
  });

  it('refuses a seen mark from no one, or with no time', async () => {
    expect(
      (await api.request('POST', '/dashboard/notifications/seen/', { body: { asOf: new Date().toISOString() } }))
        .status,
    ).toBe(401);
    for (const body of [{}, { asOf: 'yesterday' }]) {
      const res = await api.request('POST', '/dashboard/notifications/seen/', { token: pastor, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toHaveProperty('asOf');
    }
  });

  it('runs the system checks for real', async () => {
    const { checks } = await get('/dashboard/status/');
    expect(checks.map((c: any) => c.name)).toEqual([
      'Database',
      'API Services',
      'File Storage',
      'Email Service',
      'Outbox',
      'SMS Service',
    ]);
    const by = (name: string) => checks.find((c: any) => c.name === name);
    expect(by('Database').status).toBe('operational');
    expect(by('File Storage')).toMatchObject({ status: 'operational', detail: 'Writable' });
    // The test mailer has no SMTP behind it: said, not hidden.
    expect(by('Email Service').status).toBe('degraded');
    expect(Date.parse(by('Database').checkedAt)).toBeGreaterThan(0);
  });
});
