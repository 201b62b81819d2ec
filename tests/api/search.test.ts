/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// The portal's search on every backend: each kind found case-insensitively, drafts found by staff, % and _
// matched literally, prayer requests only for roles that may handle them, the query's limits, sign-in needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('search on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 3 });
    pastor = await api.tokenFor('pastor');
  });
  afterAll(() => api?.close());

  const find = async (q: string, token = pastor) => {
    const res = await api.request('GET', `/search/?q=${encodeURIComponent(q)}`, { token });
    expect(res.status).toBe(200);
    return res.body.results as any[];
  };

  it('finds people, sermons, events and prayer requests, whatever the case', async () => {
    const db = api.database.db;
    const sermon = await db.selectFrom('sermons').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const word = sermon.title.split(' ').find((w) => w.length > 4)!;
    const sermons = (await find(word.toUpperCase())).filter((r) => r.kind === 'sermon');
    expect(sermons.map((r) => r.id)).toContain(sermon.id);
    expect(sermons[0].href).toMatch(/^\/sermons\?q=/);
    const admin = (await find('ADMIN')).find((r) => r.kind === 'person');
    expect(admin).toMatchObject({ kind: 'person', href: '/users?q=admin' });
    const event = await db.selectFrom('events').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    expect((await find(event.title)).some((r) => r.kind === 'event' && r.id === event.id)).toBe(true);
    const prayer = await db
      .selectFrom('prayer_requests')
      .select(['id', 'title'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await find(prayer.title.toLowerCase())).some((r) => r.kind === 'prayer' && r.id === String(prayer.id)),
    ).toBe(true);
  });

  it('staff find drafts; at most five of a kind', async () => {
    const draft = await api.request('POST', '/sermons/', {
      token: pastor,
      body: {
        title: 'Unfinished Zephaniah Notes',
        speaker: 'Rev. Samuel Owusu',
        date: '2026-11-22',
        category: 'Faith',
        status: 'draft',
      },
    });
    expect(draft.status).toBe(201);
    expect((await find('zephaniah')).map((r) => r.title)).toEqual(['Unfinished Zephaniah Notes']);
    for (let i = 0; i < 7; i++) await api.createUser({ username: `kwabena${i}`, role: 'MEMBER' });
    expect((await find('kwabena')).filter((r) => r.kind === 'person')).toHaveLength(5);
  });

  it('matches % and _ literally', async () => {
    await api.createUser({ username: 'odd_name', role: 'MEMBER' });
    await api.createUser({ username: 'oddxname', role: 'MEMBER' });
    expect((await find('odd_')).map((r) => r.href)).toEqual(['/users?q=odd_name']);
    expect(await find('100%')).toEqual([]);
  });

  it('needs a sign-in and 2 to 100 characters', async () => {
    expect((await api.request('GET', '/search/?q=grace')).status).toBe(401);
    for (const q of ['a', ' a ', 'x'.repeat(101)]) {
      const res = await api.request('GET', `/search/?q=${encodeURIComponent(q)}`, { token: pastor });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ q: ['Type 2 to 100 characters to search'] });
    }
    expect((await api.request('GET', '/search/', { token: pastor })).status).toBe(400);
  });
});
