// The wiring behind the live public pages, on every backend: the host hands the pages the runtime's read
// functions, the API's own (Astro.locals.content, src/host/pages.ts), and every sermon or event write purges the
// host's copies of the pages for that collection. Visitors' visibility: published, scheduled once due (injected
// clock), public events.
import { directoryStore } from '../../src/server/media/directory-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentReader } from '../../src/lib/shared/live/registry';
import type { LiveTag } from '../../src/lib/shared/live/types';
import type { ResponseCache } from '../../src/host/response-cache';
import { servePages } from '../../src/host/pages';
import { contentReaderOf } from '../../src/server/runtime';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('live pages on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  /** What the content hook heard. */
  const purged: LiveTag[][] = [];
  /** What the host's response cache was told to drop: the same purges. */
  const shellPurged: string[][] = [];
  const shellCache: ResponseCache = {
    answer: () => false,
    record() {},
    invalidate: (tags) => void shellPurged.push([...tags]),
    size: 0,
  };

  beforeAll(async () => {
    api = await startApi(backend);
    // 2026-11-20: before the seeded "Advent: Waiting Well" (scheduled for 2026-11-29) is due.
    api.clock.now = Date.parse('2026-11-20T12:00:00Z');
    const deps = {
      database: api.database,
      config: api.config,
      now: () => api.clock.now,
      mailer: { send: async () => {} },
      media: directoryStore(api.config.uploadsDir),
    };
    reader = servePages({ content: api.content, reader: contentReaderOf(deps) }, { pageResponses: shellCache }).locals()
      .content!;
    api.content.subscribe((collections) => void purged.push([...collections]));
    pastor = await api.tokenFor('pastor');
  });
  afterAll(async () => {
    await api.close();
  });

  /** What the pages read (Astro.locals.content). */
  let reader: ContentReader;
  const contentReader = () => reader;

  const publicIds = async () => (await contentReader().listSermons('public')).map((s) => s.id);

  it('reads what visitors may see, and staff everything', async () => {
    const ids = await publicIds();
    expect(ids).toContain('walking-in-faith');
    expect(ids).not.toContain('generosity-draft');
    expect(ids).not.toContain('advent-waiting-well');
    expect((await contentReader().listSermons('staff')).map((s) => s.id)).toContain('generosity-draft');
    expect(await contentReader().getSermon('public', 'generosity-draft')).toBeUndefined();
    expect((await contentReader().getSermon('staff', 'generosity-draft'))?.status).toBe('draft');
    const events = await contentReader().listEvents('public');
    expect(events.every((e) => e.isPublic)).toBe(true);
    const privateOne = (await contentReader().listEvents('staff')).find((e) => !e.isPublic)!;
    expect(await contentReader().getEvent('public', privateOne.id)).toBeUndefined();
    expect((await contentReader().getEvent('staff', privateOne.id))?.id).toBe(privateOne.id);
  });

  it('purges the sermon pages on create and on unpublish; a draft is never public', async () => {
    purged.length = 0;
    shellPurged.length = 0;
    const base = { speaker: 'Rev. A', date: '2026-11-01', category: 'Faith' };
    const created = await api.request('POST', '/sermons/', {
      token: pastor,
      body: { ...base, title: 'Live Wiring', status: 'published' },
    });
    expect(created.status).toBe(201);
    expect(purged).toEqual([['sermons']]);
    expect(await publicIds()).toContain(created.body.id);

    const draft = await api.request('POST', '/sermons/', {
      token: pastor,
      body: { ...base, title: 'Live Draft', status: 'draft' },
    });
    expect(await publicIds()).not.toContain(draft.body.id);

    await api.request('PATCH', `/sermons/${created.body.id}/`, { token: pastor, body: { status: 'draft' } });
    expect(purged).toHaveLength(3);
    expect(await publicIds()).not.toContain(created.body.id);
    expect(await contentReader().getSermon('public', created.body.id)).toBeUndefined();
    expect(shellPurged).toEqual(purged);
  });

  it('purges the event pages on an event write', async () => {
    purged.length = 0;
    const res = await api.request('PATCH', '/events/community-health-outreach/', {
      token: pastor,
      body: { organizer: 'X' },
    });
    expect(res.status).toBe(200);
    expect(purged).toEqual([['events']]);
  });

  it('a scheduled sermon is public once the clock passes its date', async () => {
    expect(await publicIds()).not.toContain('advent-waiting-well');
    api.clock.now = Date.parse('2026-11-29T00:00:00Z');
    expect(await publicIds()).toContain('advent-waiting-well');
  });
});
