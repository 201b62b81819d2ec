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

  it('runs the system checks for real', async () => {
    const { checks } = await get('/dashboard/status/');
    expect(checks.map((c: any) => c.name)).toEqual(['Database', 'API Services', 'File Storage', 'Email Service']);
    const by = (name: string) => checks.find((c: any) => c.name === name);
    expect(by('Database').status).toBe('operational');
    expect(by('File Storage')).toMatchObject({ status: 'operational', detail: 'Writable' });
    // The test mailer has no SMTP behind it: said, not hidden.
    expect(by('Email Service').status).toBe('degraded');
    expect(Date.parse(by('Database').checkedAt)).toBeGreaterThan(0);
  });
});
