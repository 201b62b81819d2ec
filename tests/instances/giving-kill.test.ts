// A gift survives kill -9 between Paystack's success and our write (issue 23): the built server on SQLite against a
// fake Paystack (../api/paystack-fake.ts). Twenty gifts are started and paid at Paystack; half of the payments'
// webhooks are lost, and the server is killed with SIGKILL while the other half's webhooks are arriving. Restarted
// on the same database, its background check (GIVING_VERIFY_AFTER_MS shortened for the test) asks Paystack about
// every gift still pending and credits it: every gift ends paid, each with exactly one receipt in the outbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_ENV } from '../api/helpers';
import { PAYSTACK_KEY, startFakePaystack, type FakePaystack } from '../api/paystack-fake';

const root = new URL('../../', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/server/main.mjs'))) {
  throw new Error('No build in dist/: run `npm run build` before this test (npm test does).');
}
const COUNT = 20;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a gift when the server is killed between Paystack and our write', () => {
  let paystack: FakePaystack;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let origin: string;
  let output = '';

  async function startServer() {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    paystack.webhookUrl = `${origin}/api/v1/giving/webhooks/paystack/`;
    child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        ...TEST_ENV,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${join(dataDir, 'church.db')}`,
        PUBLIC_RATE_LIMIT: '100000',
        PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
        PAYSTACK_BASE_URL: paystack.url,
        GIVING_VERIFY_AFTER_MS: '1000',
        GIVING_VERIFY_EVERY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    for (const started = performance.now(); ; await sleep(10)) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      if (performance.now() - started > 30_000) throw new Error('the server did not start');
      // Each probe gives up after a second: a probe may meet the killed server's kept-alive connection and hang.
      const ok = await fetch(`${origin}/api/v1/giving/funds/`, { signal: AbortSignal.timeout(1000) }).then(
        async (r) => r.ok && ((await r.json()) as unknown[]).length > 0,
        () => false,
      );
      if (ok) break;
    }
  }

  async function call(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-platform': 'web',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers checked field by field
    return { status: res.status, body: (await res.json()) as any };
  }

  beforeAll(async () => {
    paystack = await startFakePaystack();
    dataDir = mkdtempSync(join(tmpdir(), 'church-giving-kill-'));
    await startServer();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await paystack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('credits every paid gift once after a restart, by the background check', async () => {
    const references: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const res = await call('POST', '/giving/', {
        fund: 'Tithe',
        amount: 10 + i,
        name: `Giver ${i}`,
        email: `giver${i}@example.org`,
      });
      expect(res.status).toBe(201);
      references.push(res.body.reference);
    }
    // Half the webhooks are lost; the other half are on their way when the process dies.
    for (const reference of references.slice(0, COUNT / 2)) await paystack.pay(reference, { webhook: false });
    const inFlight = references.slice(COUNT / 2).map((reference) => paystack.pay(reference).catch(() => undefined));
    child!.kill('SIGKILL');
    await Promise.all(inFlight);
    // Killed by a signal, a process has no exit code but a signal code: it may have gone before we listen.
    const gone = () => child!.exitCode !== null || child!.signalCode !== null;
    await new Promise((resolve) => (gone() ? resolve(null) : child!.once('exit', resolve)));

    await startServer();
    const admin = (await call('POST', '/auth/login/', { username: 'admin', password: DEMO_PASSWORD })).body.access;
    let statuses: string[] = [];
    for (const started = performance.now(); performance.now() - started < 20_000; await sleep(200)) {
      const gifts = (await call('GET', '/giving/gifts/', undefined, admin)).body as {
        reference: string;
        status: string;
      }[];
      statuses = references.map((r) => gifts.find((g) => g.reference === r)?.status ?? 'missing');
      if (statuses.every((s) => s === 'paid')) break;
    }
    expect(statuses).toEqual(Array(COUNT).fill('paid'));
    const outbox = (await call('GET', '/outbox/', undefined, admin)).body as { to: string; subject: string }[];
    for (let i = 0; i < COUNT; i++) {
      const receipts = outbox.filter((m) => m.to === `giver${i}@example.org` && m.subject.startsWith('Receipt'));
      expect(receipts, `giver${i}`).toHaveLength(1);
    }
  }, 90_000);
});
