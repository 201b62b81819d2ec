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
    // 2026-11-20: before the seeded "Advent: Waiting Well" (scheduled for 2036-11-30, so no real day reaches it) is due.
    api.clock.now = Date.parse('2026-11-20T12:00:00Z');
    const deps = {
      database: api.database,
      config: api.config,
      now: () => api.clock.now,
      mailer: { send: async () => {} },
      media: directoryStore(api.config.uploadsDir),
    };
    reader = servePages(
      { content: api.content, reader: contentReaderOf(deps) },
      { pageResponses: shellCache, loadHandler: () => Promise.reject(new Error('no pages here')) },
    ).locals().content!;
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

  it('/assemblies reads the findable branches and one with its upcoming public events; a branch write purges them', async () => {
    const superadmin = await api.tokenFor('superadmin');
    const root = ((await api.request('GET', '/branches/')).body as { id: number; name: string }[])[0];
    purged.length = 0;
    const made = await api.request('POST', '/branches/', {
      token: superadmin,
      body: { name: 'Live Teshie', parentId: root.id, kind: 'Assembly', serviceTimes: 'Sundays 8:00' },
    });
    expect(made.status).toBe(201);
    const hidden = await api.request('POST', '/branches/', {
      token: superadmin,
      body: { name: 'Live Office', parentId: root.id },
    });
    expect(purged).toEqual([['branches'], ['branches']]);
    const listed = await contentReader().listAssemblies();
    expect(listed.find((a) => a.slug === made.body.slug)).toMatchObject({
      name: 'Live Teshie',
      kind: 'Assembly',
      parentName: root.name,
      serviceTimes: 'Sundays 8:00',
    });
    // Without an address or service times there is nothing for a visitor to find.
    expect(listed.map((a) => a.slug)).not.toContain(hidden.body.slug);
    expect(await contentReader().getAssembly(hidden.body.slug)).toBeUndefined();
    expect(await contentReader().branchCount()).toBeGreaterThanOrEqual(3);

    const events = await contentReader().listEvents('staff');
    const shown = events.find((e) => e.isPublic && e.status === 'upcoming')!;
    const privateOne = events.find((e) => !e.isPublic)!;
    await api.database.db
      .updateTable('events')
      .set({ branch_id: made.body.id })
      .where('id', 'in', [shown.id, privateOne.id])
      .execute();
    const page = await contentReader().getAssembly(made.body.slug);
    expect(page?.assembly.name).toBe('Live Teshie');
    expect(page?.events.map((e) => e.id)).toEqual([shown.id]);

    purged.length = 0;
    expect((await api.request('DELETE', `/branches/${hidden.body.id}/`, { token: superadmin })).status).toBe(204);
    expect(purged).toEqual([['branches']]);
    await api.database.db
      .updateTable('events')
      .set({ branch_id: root.id })
      .where('id', 'in', [shown.id, privateOne.id])
      .execute();
  });

  it('a scheduled sermon is public once the clock passes its date', async () => {
    expect(await publicIds()).not.toContain('advent-waiting-well');
    api.clock.now = Date.parse('2036-11-30T00:00:00Z');
    expect(await publicIds()).toContain('advent-waiting-well');
  });
});
