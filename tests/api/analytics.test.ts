/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The analytics report on every backend, on fixed data: the clock is moved years past the demo data, so each
// window holds exactly the rows this test writes. Covers every overview figure and its growth, retention, the
// chart's buckets, the categories, the top lists, the prayer categories, a bad range, and an empty window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

const NOW = Date.parse('2031-01-20T10:00:00Z'); // 30d: [2030-12-22, 2031-01-21); before: [2030-11-22, 2030-12-22)

describe.each(backends())('analytics on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let sermons: string[];
  let eventId: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    api.clock.now = NOW;
    pastor = await api.tokenFor('pastor');
    const db = api.database.db;
    await db.deleteFrom('member_activity').execute(); // the pastor's sign-in just now: this test counts its own
    sermons = (await db.selectFrom('sermons').select('id').orderBy('id').limit(2).execute()).map((s) => s.id);
    eventId = (await db.selectFrom('events').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => api?.close());

  const report = async (range = '30d') => {
    const res = await api.request('GET', `/analytics/?range=${range}`, { token: pastor });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('needs a signed-in staff member and one of the four ranges', async () => {
    expect((await api.request('GET', '/analytics/')).status).toBe(401);
    const bad = await api.request('GET', '/analytics/?range=2w', { token: pastor });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ range: ['range must be one of 7d, 30d, 90d, 1y'] });
    expect((await api.request('GET', '/analytics/', { token: pastor })).body.range).toBe('30d');
  });

  it('an empty window counts zeros, never NaN or an error', async () => {
    const body = await report('7d');
    expect(body.period).toEqual({ start: '2031-01-14', end: '2031-01-21' });
    const { totalUsers, ...rest } = body.overview;
    expect(totalUsers).toBeGreaterThan(0); // the demo accounts exist
    expect(Object.values(rest).every((v) => v === 0)).toBe(true);
    expect(body.growth).toEqual({ users: 0, activeUsers: 0, events: 0, prayers: 0, sermons: 0, engagement: 0 });
    expect(body.timeframe).toHaveLength(7);
    expect(body.timeframe.every((p: any) => p.users === 0 && p.events === 0 && p.engagement === 0)).toBe(true);
    expect(body.topSermons).toEqual([]);
    expect(body.topEvents).toEqual([]);
    expect(body.categories.every((c: any) => c.count === 0 && c.percentage === 0)).toBe(true);
    expect(body.prayerCategories).toHaveLength(6);
  });

  it('counts every figure of the range against the period before', async () => {
    const db = api.database.db;
    const joined = async (username: string, day: string) =>
      Number(
        await api.createUser({ username, role: 'MEMBER' }).then(async (id) => {
          await db
            .updateTable('users')
            .set({ date_joined: `${day}T09:00:00.000Z` })
            .where('id', '=', id)
            .execute();
          return id;
        }),
      );
    const before = (await report()).overview.totalUsers;
    const a = await joined('ana', '2031-01-05');
    const b = await joined('ben', '2031-01-06');
    const c = await joined('cee', '2031-01-07');
    await joined('dan', '2030-12-01'); // the period before
    await db
      .insertInto('member_activity')
      .values([
        { user_id: a, day: '2030-12-10' },
        { user_id: a, day: '2031-01-10' },
        { user_id: b, day: '2030-12-11' },
        { user_id: c, day: '2031-01-11' },
        { user_id: c, day: '2031-01-12' },
      ])
      .execute();
    const [s1, s2] = sermons;
    await db
      .insertInto('content_views')
      .values([
        { day: '2031-01-10', kind: 'sermon_view', item_id: s1, count: 8 },
        { day: '2031-01-10', kind: 'audio_play', item_id: s1, count: 2 },
        { day: '2031-01-11', kind: 'sermon_view', item_id: s2, count: 2 },
        { day: '2030-12-15', kind: 'sermon_view', item_id: s1, count: 5 },
        { day: '2030-12-15', kind: 'audio_play', item_id: s1, count: 5 },
      ])
      .execute();
    const registration = (day: string, seats: number, status: string) => ({
      event_id: eventId,
      name: 'Visitor',
      email: 'v@example.org',
      phone: null,
      seats,
      status: status as any,
      created_at: `${day}T12:00:00.000Z`,
      cancel_token_hash: null,
      updated_at: null,
    });
    await db
      .insertInto('event_registrations')
      .values([
        registration('2031-01-10', 2, 'confirmed'),
        registration('2031-01-12', 3, 'checked_in'),
        registration('2031-01-12', 4, 'cancelled'),
      ])
      .execute();
    const prayer = (day: string, category: string, status: string) => ({
      title: `Prayer ${category} ${day}`,
      requester: 'Ama Mensah',
      email: null,
      phone: null,
      category,
      priority: 'medium',
      status,
      description: 'Please pray for this.',
      is_public: false,
      approved: false,
      assigned_to_id: null,
      assigned_to: null,
      supporters: 0,
      tags: '[]',
      source: 'prayer-form',
      date_requested: `${day}T08:00:00.000Z`,
      last_updated: `${day}T08:00:00.000Z`,
    });
    await db
      .insertInto('prayer_requests')
      .values([
        prayer('2031-01-02', 'health', 'answered'),
        prayer('2031-01-03', 'health', 'active'),
        prayer('2031-01-04', 'family', 'active'),
        prayer('2030-12-05', 'family', 'active'),
      ])
      .execute();
    await db
      .insertInto('contact_messages')
      .values({
        name: 'Kofi',
        email: 'k@example.org',
        phone: null,
        preferred_contact: 'email',
        subject: 'Hello',
        inquiry_type: 'general',
        services: '[]',
        message: 'A message',
        read: false,
        archived: false,
        prayer_request_id: null,
        created_at: '2031-01-15T10:00:00.000Z',
      })
      .execute();

    const body = await report();
    expect(body.period).toEqual({ start: '2030-12-22', end: '2031-01-21' });
    expect(body.previous).toEqual({ start: '2030-11-22', end: '2030-12-22' });
    expect(body.overview).toEqual({
      totalUsers: before + 4,
      activeUsers: 2, // ana and cee
      newUsers: 3,
      totalEvents: 0,
      totalPrayers: 3,
      totalSermons: 0,
      sermonViews: 10,
      audioPlays: 2,
      engagement: 20,
      retention: 50, // of ana and ben, active before, ana came back
    });
    expect(body.growth).toMatchObject({
      users: Math.round(((before + 4 - (before + 1)) / (before + 1)) * 1000) / 10,
      activeUsers: 0,
      prayers: 200,
      engagement: -80,
    });
    const day = (d: string) => body.timeframe.find((p: any) => p.start === d);
    expect(body.timeframe).toHaveLength(30);
    expect(day('2031-01-10')).toMatchObject({ label: 'Jan 10', users: 1, events: 1, engagement: 25 });
    expect(day('2031-01-12')).toMatchObject({ users: 1, events: 2, engagement: 0 });
    expect(body.topSermons.map((s: any) => [s.id, s.views, s.plays])).toEqual([
      [s1, 8, 2],
      [s2, 2, 0],
    ]);
    expect(body.topEvents).toEqual([
      expect.objectContaining({ id: eventId, registrations: 2, seats: 5, checkedIn: 1 }),
    ]);
    expect(body.prayerCategories.slice(0, 2)).toEqual([
      { category: 'health', requests: 2, answered: 1 },
      { category: 'family', requests: 1, answered: 0 },
    ]);
    const category = (name: string) => body.categories.find((c: any) => c.name === name);
    expect(category('Sermon views')).toEqual({ name: 'Sermon views', count: 10, percentage: 53 }); // of 19
    expect(category('Event registrations').count).toBe(3);
    expect(category('Contact messages').count).toBe(1);
  });

  it('groups 90 days by week and a year by month', async () => {
    const quarter = await report('90d');
    expect(quarter.timeframe).toHaveLength(13);
    expect(quarter.timeframe[0].label).toMatch(/^Week of /);
    const year = await report('1y');
    expect(year.timeframe.map((p: any) => p.label).at(-1)).toBe('Jan 2031');
    expect(year.timeframe.length).toBeGreaterThanOrEqual(12);
    expect(year.timeframe.reduce((sum: number, p: any) => sum + p.events, 0)).toBe(3);
    // ana was active in December and January: once in each month's bucket
    expect(year.timeframe.find((p: any) => p.label === 'Dec 2030').users).toBe(2);
  });

  it('counts sermon audio plays once per start, not per seek', async () => {
    api.views.audioPlay('never-uploaded.mp3'); // no sermon has it: dropped
    await api.views.flush();
    const rows = await api.database.db
      .selectFrom('content_views')
      .selectAll()
      .where('item_id', '=', 'never-uploaded.mp3')
      .execute();
    expect(rows).toEqual([]);
  });
});
