// Two real servers (`npm start`'s, from the build: run `npm run build` first) on one PostgreSQL: a sermon published
// through instance A's API shows on instance B's public pages within 2 seconds, even though B had those pages in
// its caches, and one unpublished or deleted on A leaves B's pages as quickly (src/server/content/sync.ts carries
// the purge; docs/DEPLOY.md). `npm test` runs this after the build (scripts/test.mjs, step `instances`).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, freshPgUrl, TEST_ENV } from '../api/helpers';
import { freePort } from './server';

const WITHIN_MS = 2_000;
const root = new URL('../../', import.meta.url).pathname;
const pg = inject('pgUrl');
const built = existsSync(join(root, 'dist/server/main.mjs')) && existsSync(join(root, 'dist/server/entry.mjs'));
if (!pg) console.warn('\n!!! PostgreSQL not available: the two-server live pages test is SKIPPED !!!\n');
if (!built) throw new Error('No build in dist/: run `npm run build` before this test (npm test does).');

interface Instance {
  origin: string;
  child: ChildProcess;
  dataDir: string;
}

/** Starts `npm start`'s script on its own port and data directory; resolves once it answers /api/v1/health/. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'church-instance-'));
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...TEST_ENV,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const instance = { origin, child, dataDir };
  for (const started = performance.now(); performance.now() - started < 30_000;) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${origin}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    // The demo data of an empty schema goes in after listening; this request is held until it is in.
    if (ok && (await fetch(`${origin}/api/v1/sermons/`)).ok) return instance;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopInstance(instance);
  throw new Error(`the server on ${origin} did not start`);
}

/** Stops the server by its pid and waits for it to exit (a graceful stop, then a kill after 5 s). */
async function stopInstance({ child, dataDir }: Instance) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function page(instance: Instance, path: string) {
  const res = await fetch(instance.origin + path);
  return { status: res.status, body: await res.text(), cache: res.headers.get('x-astro-cache') };
}

/** Polls B's page until `done` holds; answers the milliseconds it took, or fails after twice the target. */
async function msUntil(instance: Instance, path: string, done: (p: Awaited<ReturnType<typeof page>>) => boolean) {
  const started = performance.now();
  while (performance.now() - started < 2 * WITHIN_MS) {
    if (done(await page(instance, path))) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} on ${instance.origin} did not change within ${2 * WITHIN_MS} ms`);
}

// A test that misses its 2 s is tried once more (each makes its own sermon): `npm test` runs this beside four browsers
// on two cores, where B once took 2.17 s in all to show a new sermon. A purge that does not arrive fails both tries.
describe.skipIf(!pg)('two servers on one PostgreSQL: the public pages', { retry: 1 }, () => {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let pastor: string;
  let admin: string;

  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${a!.origin}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-platform': 'web' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
  const login = async (username: string) => {
    const res = await fetch(`${a!.origin}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    return ((await res.json()) as { access: string }).access;
  };
  /** Publishes a sermon through A's API as the pastor; answers its id. */
  const publish = async (title: string) => {
    const created = await api('POST', '/sermons/', pastor, {
      title,
      speaker: 'Rev. A',
      date: '2026-11-01',
      category: 'Faith',
      status: 'published',
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  /** Fills B's caches with the page, so a change can only show through the purge A's write sends. */
  const warm = async (path: string) => {
    await page(b!, path);
    expect((await page(b!, path)).cache).toBe('HIT');
  };

  beforeAll(async () => {
    const url = await freshPgUrl(pg);
    // One after the other: the first migrates and seeds the empty schema.
    a = await startInstance(url);
    b = await startInstance(url);
    [pastor, admin] = await Promise.all([login('pastor'), login('admin')]);
  });
  afterAll(async () => {
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
  });

  it('a sermon published on A shows on B within 2 s; unpublished, it leaves B as quickly', async () => {
    await warm('/sermons');
    const title = `Two Servers ${Date.now().toString(36)}`;
    const id = await publish(title);
    expect(await msUntil(b!, '/sermons', (p) => p.body.includes(title))).toBeLessThan(WITHIN_MS);
    const sermonPage = await page(b!, `/sermons/${id}`);
    expect(sermonPage.status).toBe(200);
    expect(sermonPage.body).toContain(title);

    await warm('/sermons');
    await warm(`/sermons/${id}`);
    expect((await api('PATCH', `/sermons/${id}/`, pastor, { status: 'draft' })).status).toBe(200);
    expect(await msUntil(b!, '/sermons', (p) => !p.body.includes(title))).toBeLessThan(WITHIN_MS);
    expect(await msUntil(b!, `/sermons/${id}`, (p) => p.status === 404)).toBeLessThan(WITHIN_MS);
  });

  it('a sermon deleted on A leaves B within 2 s', async () => {
    // Its own sermon, so that a second try has one to delete.
    const id = await publish(`Deleted Soon ${Date.now().toString(36)}`);
    await msUntil(b!, `/sermons/${id}`, (p) => p.status === 200);
    await warm(`/sermons/${id}`);
    await warm('/sermons');
    expect((await api('DELETE', `/sermons/${id}/`, admin)).status).toBe(204);
    expect(await msUntil(b!, `/sermons/${id}`, (p) => p.status === 404)).toBeLessThan(WITHIN_MS);
    expect(await msUntil(b!, '/sermons', (p) => !p.body.includes(`href="/sermons/${id}"`))).toBeLessThan(WITHIN_MS);
  });
});
