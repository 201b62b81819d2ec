// Two app instances on one PostgreSQL: a sermon or event write on one purges the other's page cache through
// LISTEN/NOTIFY (src/server/content/sync.ts). Each gets its own recorded purge function instead of the page cache;
// the runtime's own wiring (its content hook hears the other instances) is the last case.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIVE_TAGS, type LiveTag } from '../../src/lib/shared/live/types';
import { loadConfig } from '../../src/server/config';
import { CONTENT_CHANNEL, startContentSync, type ContentSync } from '../../src/server/content/sync';
import { createRuntime } from '../../src/server/runtime';
import { startApi, TEST_ENV, type TestApi } from './helpers';

const pg = inject('pgUrl');
if (!pg) console.warn('\n!!! PostgreSQL not available: the content sync (LISTEN/NOTIFY) test is SKIPPED !!!\n');

const ALL = [...LIVE_TAGS];
const sermon = { speaker: 'Rev. A', date: '2026-11-01', category: 'Faith', status: 'published' };

/** Waits until check() passes, at most `ms`. */
async function within(ms: number, check: () => void | Promise<void>) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe.skipIf(!pg)('content changes reach every instance on one PostgreSQL', () => {
  let a: TestApi;
  let b: TestApi;
  let syncA: ContentSync;
  let syncB: ContentSync;
  const purgedA: LiveTag[][] = [];
  const purgedB: LiveTag[][] = [];
  // A channel of its own, so other test files on the same PostgreSQL cannot reach these instances.
  const channel = `church_content_test_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    a = await startApi('postgres');
    b = await startApi('postgres', { databaseUrl: a.config.databaseUrl });
    const start = (api: TestApi, purged: LiveTag[][]) =>
      startContentSync({
        url: api.config.databaseUrl,
        db: api.database.db,
        content: api.content,
        purge: (collections) => void purged.push([...collections]),
        channel,
        retryMs: 50,
      });
    syncA = start(a, purgedA);
    syncB = start(b, purgedB);
    await Promise.all([syncA.ready, syncB.ready]);
  });
  afterAll(async () => {
    await syncA?.close();
    await syncB?.close();
    await b?.close();
    await a?.close();
  });

  it('purges everything once when it starts listening', () => {
    expect(purgedA).toEqual([ALL]);
    expect(purgedB).toEqual([ALL]);
  });

  it("a sermon published through A purges B's sermon pages within 2 seconds, and A's own is not echoed", async () => {
    purgedA.length = 0;
    purgedB.length = 0;
    const pastor = await a.tokenFor('pastor');
    const created = await a.request('POST', '/sermons/', { token: pastor, body: { ...sermon, title: 'Sync A' } });
    expect(created.status).toBe(201);
    await within(2000, () => expect(purgedB).toEqual([['sermons']]));
    // A's local pages are purged by its own content hook (src/server/runtime.ts), not by its notification coming back.
    await new Promise((r) => setTimeout(r, 200));
    expect(purgedA).toEqual([]);
    expect(purgedB).toEqual([['sermons']]);
  });

  it("B's own event write reaches A, and nothing bounces back to B", async () => {
    purgedA.length = 0;
    purgedB.length = 0;
    const admin = await b.tokenFor('admin');
    const events = await b.request('GET', '/events/', { token: admin });
    expect(events.status).toBe(200);
    const first = (events.body.results ?? events.body)[0];
    const deleted = await b.request('DELETE', `/events/${first.id}/`, { token: admin });
    expect(deleted.status).toBeLessThan(300);
    await within(2000, () => expect(purgedA).toEqual([['events']]));
    await new Promise((r) => setTimeout(r, 200));
    expect(purgedA).toEqual([['events']]);
    expect(purgedB).toEqual([]);
  });

  it("reconnects after B's listening connection is killed, and purges everything", async () => {
    purgedA.length = 0;
    purgedB.length = 0;
    const killed = await sql<{ killed: boolean }>`
      SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
      WHERE application_name = ${`church_content_sync ${syncB.instanceId}`}`.execute(a.database.db);
    expect(killed.rows).toEqual([{ killed: true }]);
    await within(5000, () => expect(purgedB).toEqual([ALL]));
    expect(purgedA).toEqual([]);
    // Listening again: A's next write reaches B.
    const pastor = await a.tokenFor('pastor');
    const created = await a.request('POST', '/sermons/', { token: pastor, body: { ...sermon, title: 'Sync again' } });
    expect(created.status).toBe(201);
    await within(2000, () => expect(purgedB).toEqual([ALL, ['sermons']]));
  });

  it('the runtime on PostgreSQL listens, tells its pages of changes here and elsewhere, and stops listening on close', async () => {
    const purged: LiveTag[][] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'church-sync-'));
    const runtime = await createRuntime(
      loadConfig({ ...TEST_ENV, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: a.config.databaseUrl }),
    );
    // What the host's page copies hear (src/host/pages.ts).
    runtime.content.subscribe((collections) => void purged.push([...collections]));
    const listeners = async () =>
      (
        await sql<{ name: string }>`
          SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'church_content_sync %'`.execute(
          a.database.db,
        )
      ).rows.map((r) => r.name);
    const ours = [syncA.instanceId, syncB.instanceId].map((id) => `church_content_sync ${id}`);
    try {
      await within(5000, async () => expect((await listeners()).filter((n) => !ours.includes(n))).toHaveLength(1));
      await within(2000, () => expect(purged).toEqual([ALL]));
      const payload = JSON.stringify({ from: 'another-instance', collections: ['events'] });
      await sql`SELECT pg_notify(${CONTENT_CHANNEL}, ${payload})`.execute(a.database.db);
      await within(2000, () => expect(purged).toEqual([ALL, ['events']]));
      // Its own write reaches its pages once: its notification, coming back, is not heard again.
      const written = await runtime.app.fetch(
        new Request('http://localhost/api/v1/sermons/', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await a.tokenFor('pastor')}`,
            'content-type': 'application/json',
            'x-platform': 'web',
          },
          body: JSON.stringify({ ...sermon, title: 'Sync runtime' }),
        }),
      );
      expect(written.status).toBe(201);
      await new Promise((r) => setTimeout(r, 200));
      expect(purged).toEqual([ALL, ['events'], ['sermons']]);
    } finally {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await within(2000, async () => expect((await listeners()).filter((n) => !ours.includes(n))).toEqual([]));
  });
});
