/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Sermons over real HTTP, on every backend: who sees which (drafts never, scheduled ones once their date has
// come), who may change them (CONTENT_RULES), validation, the audit log and the content change hook.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAccess } from '../../src/server/credentials/tokens';
import type { LiveTag } from '../../src/lib/shared/live/types';
import { backends, startApi, type TestApi } from './helpers';

/** Before the seeded "Advent: Waiting Well" (scheduled for 2036-11-30, so no real day reaches it) is due. */
const BEFORE_ADVENT = Date.parse('2026-11-20T12:00:00Z');

/** Everything a sermon call could change, to prove a refused call changed nothing. */
async function contentSnapshot(api: TestApi) {
  const db = api.database.db;
  const [sermons, events, audit] = await Promise.all([
    db.selectFrom('sermons').selectAll().orderBy('id').execute(),
    db.selectFrom('events').selectAll().orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ sermons, events, audit: Number(audit.n) });
}

const NEW_SERMON = {
  title: 'The Lord Is My Shepherd',
  speaker: 'Rev. Samuel Owusu',
  date: '2026-11-22',
  category: 'Faith',
  status: 'published',
};

describe.each(backends())('sermons on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  let superadmin: string;
  let changes: LiveTag[][];
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    api.clock.now = BEFORE_ADVENT;
    [pastor, admin, superadmin] = await Promise.all([
      api.tokenFor('pastor'),
      api.tokenFor('admin'),
      api.tokenFor('superadmin'),
    ]);
    api.content.subscribe((collections) => void changes.push([...collections]));
  });
  beforeEach(() => {
    api.clock.now = BEFORE_ADVENT;
    changes = [];
  });
  afterAll(() => api?.close());

  const ids = (list: any[]) => list.map((s) => s.id);

  it('answers visitors the published sermons only, newest first, with notes from the Markdown body', async () => {
    const res = await api.request('GET', '/sermons/');
    expect(res.status).toBe(200);
    expect(ids(res.body)).not.toContain('generosity-draft');
    expect(ids(res.body)).not.toContain('advent-waiting-well');
    expect(res.body.every((s: any) => s.status === 'published')).toBe(true);
    expect(res.body).toHaveLength(6);
    const dates = res.body.map((s: any) => s.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const faith = res.body.find((s: any) => s.id === 'walking-in-faith');
    expect(faith).toMatchObject({
      title: 'Walking in Faith Through Uncertain Times',
      speaker: 'Rev. Samuel Owusu',
      date: '2026-11-15',
      duration: '45 min',
      audioUrl: '/audio/walking-in-faith.mp3',
      series: 'Faith Foundations',
      views: 1250,
      likes: 89,
      comments: 23,
      tags: ['faith', 'trust', 'abraham'],
    });
    expect(faith.notes).toMatch(/^Abraham left everything he knew/);
    expect(faith).not.toHaveProperty('videoUrl'); // unset optional fields are left out, as in Sermon
  });

  it('answers staff every sermon, drafts and scheduled ones too', async () => {
    const res = await api.request('GET', '/sermons/', { token: pastor });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expect.arrayContaining(['generosity-draft', 'advent-waiting-well']));
    expect(res.body).toHaveLength(8);
  });

  it('reads one sermon: 404 for visitors asking for a draft or a scheduled one not yet due', async () => {
    expect((await api.request('GET', '/sermons/walking-in-faith/')).body.title).toMatch(/^Walking in Faith/);
    expect((await api.request('GET', '/sermons/generosity-draft/')).status).toBe(404);
    expect((await api.request('GET', '/sermons/advent-waiting-well/')).status).toBe(404);
    const draft = await api.request('GET', '/sermons/generosity-draft/', { token: pastor });
    expect(draft.status).toBe(200);
    expect(draft.body.status).toBe('draft');
    for (const bad of ['no-such-sermon', 'Walking-In-Faith', 'a.b', 'a_b', '-x', "x' OR '1'='1"]) {
      const res = await api.request('GET', `/sermons/${encodeURIComponent(bad)}/`, { token: pastor });
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ detail: 'Sermon not found.' });
    }
  });

  it('shows a scheduled sermon to visitors from its date on (UTC, by the injected clock)', async () => {
    api.clock.now = Date.parse('2036-11-29T23:59:59Z');
    expect(ids((await api.request('GET', '/sermons/')).body)).not.toContain('advent-waiting-well');
    api.clock.now = Date.parse('2036-11-30T00:00:00Z');
    expect(ids((await api.request('GET', '/sermons/')).body)).toContain('advent-waiting-well');
    expect((await api.request('GET', '/sermons/advent-waiting-well/')).status).toBe(200);
    // A draft stays hidden whatever its date.
    api.clock.now = Date.parse('2040-01-01T00:00:00Z');
    expect(ids((await api.request('GET', '/sermons/')).body)).not.toContain('generosity-draft');
    expect((await api.request('GET', '/sermons/generosity-draft/')).status).toBe(404);
  });

  it('checks a token when one is sent: 401 for a bad one, 403 without web access', async () => {
    expect((await api.request('GET', '/sermons/', { token: 'not-a-token' })).status).toBe(401);
    expect((await api.request('GET', '/sermons/walking-in-faith/', { token: 'not-a-token' })).status).toBe(401);
    const member = await api.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'member')
      .executeTakeFirstOrThrow();
    const token = await signAccess(api.config.jwtSecret, { userId: member.id, version: 0 }, 3600, api.clock.now);
    expect((await api.request('GET', '/sermons/', { token })).status).toBe(403);
  });

  it('lets PASTOR create a sermon (201): a slug id, defaults, the audit sentence and the hook', async () => {
    const res = await api.request('POST', '/sermons/', {
      token: pastor,
      body: { ...NEW_SERMON, tags: ['psalms', 'comfort', 'psalms'], notes: '## Psalm 23\n\nThe Lord is my shepherd.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...NEW_SERMON,
      id: 'the-lord-is-my-shepherd',
      duration: '',
      description: '',
      views: 0,
      likes: 0,
      comments: 0,
      tags: ['psalms', 'comfort'],
      notes: '## Psalm 23\n\nThe Lord is my shepherd.',
    });
    expect(changes).toEqual([['sermons']]);
    expect((await api.request('GET', '/sermons/the-lord-is-my-shepherd/')).status).toBe(200);
    const again = await api.request('POST', '/sermons/', { token: pastor, body: NEW_SERMON });
    expect(again.body.id).toBe('the-lord-is-my-shepherd-2');
    const third = await api.request('POST', '/sermons/', { token: admin, body: NEW_SERMON });
    expect(third.body.id).toBe('the-lord-is-my-shepherd-3');

    const activity = await api.request('GET', '/auth/activity/?limit=1', { token: pastor });
    expect(activity.body[0]).toMatchObject({
      type: 'sermon',
      action: 'published the sermon The Lord Is My Shepherd',
      user: 'Ama Owusu',
    });
  });

  it('records a draft as saved and a scheduled sermon as scheduled', async () => {
    for (const [status, sentence] of [
      ['draft', 'saved the draft sermon Advent Notes'],
      ['scheduled', 'scheduled the sermon Advent Notes'],
    ]) {
      const res = await api.request('POST', '/sermons/', {
        token: pastor,
        body: { ...NEW_SERMON, title: 'Advent Notes', date: '2026-12-20', status },
      });
      expect(res.status).toBe(201);
      const [entry] = (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body;
      expect(entry).toMatchObject({ type: 'sermon', action: sentence, user: 'Samuel Boateng' });
      expect((await api.request('GET', `/sermons/${res.body.id}/`)).status).toBe(404);
    }
  });

  it('refuses invalid input (400, per field, spec wording) and stores nothing', async () => {
    const before = await contentSnapshot(api);
    const res = await api.request('POST', '/sermons/', {
      token: pastor,
      body: {
        title: 'ab',
        date: '2026-02-30',
        category: '',
        status: 'live',
        videoUrl: 'javascript:alert(1)',
        thumbnail: '//evil.example/x.png',
        duration: 5,
        views: 1000,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBeTruthy();
    expect(res.body.errors).toMatchObject({
      title: ['Minimum 3 characters required'],
      speaker: ['Speaker is required'],
      date: ['Please enter a valid date'],
      category: ['Category is required'],
      status: ['Status must be one of published, draft, scheduled'],
      videoUrl: ['Invalid format'],
      thumbnail: ['Invalid format'],
      duration: ['Invalid format'],
      _: ['Unknown field(s): views'],
    });
    const long = await api.request('POST', '/sermons/', {
      token: pastor,
      body: { ...NEW_SERMON, title: 'x'.repeat(201), date: '15/11/2026' },
    });
    expect(long.body.errors).toEqual({
      title: ['Maximum 200 characters allowed'],
      date: ['Please enter a valid date'],
    });
    const patch = await api.request('PATCH', '/sermons/walking-in-faith/', { token: pastor, body: { title: '' } });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.body.errors)).toEqual(['title']);
    expect(patch.body.errors.title[0]).toBe('Title is required');
    expect(await contentSnapshot(api)).toBe(before);
    expect(changes).toEqual([]);
  });

  it('PATCH changes only the fields sent and keeps the id; a status change is recorded as such', async () => {
    const created = await api.request('POST', '/sermons/', {
      token: pastor,
      body: { ...NEW_SERMON, title: 'Patch Me', status: 'draft', series: 'Psalms', videoUrl: 'https://v.example/1' },
    });
    const id = created.body.id;
    changes = [];
    // Two staff at once, each sending only the field they changed: both changes survive.
    const [a, b] = await Promise.all([
      api.request('PATCH', `/sermons/${id}/`, { token: pastor, body: { speaker: 'Pastor Grace Adjei' } }),
      api.request('PATCH', `/sermons/${id}/`, { token: admin, body: { description: 'A new description' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const now = (await api.request('GET', `/sermons/${id}/`, { token: pastor })).body;
    expect(now).toMatchObject({
      speaker: 'Pastor Grace Adjei',
      description: 'A new description',
      series: 'Psalms',
      videoUrl: 'https://v.example/1',
      status: 'draft',
    });
    expect(changes).toEqual([['sermons'], ['sermons']]);

    const renamed = await api.request('PATCH', `/sermons/${id}/`, {
      token: pastor,
      body: { title: 'Renamed Sermon', series: null, videoUrl: '' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.id).toBe(id);
    expect(renamed.body.title).toBe('Renamed Sermon');
    expect(renamed.body).not.toHaveProperty('series');
    expect(renamed.body).not.toHaveProperty('videoUrl');
    let [entry] = (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body;
    expect(entry).toMatchObject({ type: 'sermon', action: 'updated the sermon Renamed Sermon' });

    const published = await api.request('PATCH', `/sermons/${id}/`, { token: pastor, body: { status: 'published' } });
    expect(published.body.status).toBe('published');
    [entry] = (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body;
    expect(entry.action).toBe('published the sermon Renamed Sermon');
    expect((await api.request('GET', `/sermons/${id}/`)).status).toBe(200);

    expect((await api.request('PATCH', '/sermons/no-such-sermon/', { token: pastor, body: {} })).status).toBe(404);
    expect(
      (await api.request('PATCH', '/sermons/no-such-sermon/', { token: pastor, body: { title: 'Something' } })).status,
    ).toBe(404);
  });

  it('stores HTML as the text it is', async () => {
    const title = '<script>alert("x")</script> Grace & <b>Truth</b>';
    const notes = '<img src=x onerror="alert(1)"> **bold** </textarea>';
    const res = await api.request('POST', '/sermons/', { token: pastor, body: { ...NEW_SERMON, title, notes } });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe('script-alert-x-script-grace-b-truth-b');
    const read = (await api.request('GET', `/sermons/${res.body.id}/`)).body;
    expect(read.title).toBe(title);
    expect(read.notes).toBe(notes);
  });

  it('refuses writes by rank: anonymous 401, no web access 403, PASTOR may not delete (nothing changes)', async () => {
    const before = await contentSnapshot(api);
    const calls = [
      { method: 'POST', path: '/sermons/', body: NEW_SERMON },
      { method: 'PATCH', path: '/sermons/walking-in-faith/', body: { title: 'Hijacked' } },
      { method: 'DELETE', path: '/sermons/walking-in-faith/' },
    ];
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
    for (const call of calls) {
      expect((await api.request(call.method, call.path, { body: call.body })).status, call.method).toBe(401);
      for (const token of noWeb) {
        const res = await api.request(call.method, call.path, { token, body: call.body });
        expect(res.status, call.method).toBe(403);
      }
    }
    const refused = await api.request('DELETE', '/sermons/walking-in-faith/', { token: pastor });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    // Refused by rank before the id is even looked at.
    expect((await api.request('DELETE', '/sermons/no-such-sermon/', { token: pastor })).status).toBe(403);
    expect(await contentSnapshot(api)).toBe(before);
    expect(changes).toEqual([]);
  });

  it('lets ADMIN and SUPERADMIN delete (204), recorded in Recent Activity', async () => {
    for (const token of [admin, superadmin]) {
      const created = await api.request('POST', '/sermons/', { token: pastor, body: { ...NEW_SERMON, title: 'Gone' } });
      changes = [];
      const res = await api.request('DELETE', `/sermons/${created.body.id}/`, { token });
      expect(res.status).toBe(204);
      expect(changes).toEqual([['sermons']]);
      expect((await api.request('GET', `/sermons/${created.body.id}/`, { token })).status).toBe(404);
      expect((await api.request('DELETE', `/sermons/${created.body.id}/`, { token })).status).toBe(404);
      const [entry] = (await api.request('GET', '/auth/activity/?limit=1', { token })).body;
      expect(entry).toMatchObject({ type: 'sermon', action: 'deleted the sermon Gone' });
    }
  });
});
