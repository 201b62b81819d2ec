// A gift survives kill -9 between Paystack's success and our write (issue 23): the built server on SQLite against a
// fake Paystack (../api/paystack-fake.ts). Twenty gifts are started and paid at Paystack; half of the payments'
// webhooks are lost, and the server is killed with SIGKILL while the other half's webhooks are arriving. Restarted
// on the same database, its background check (GIVING_VERIFY_AFTER_MS shortened for the test) asks Paystack about
// every gift still pending and credits it: every gift ends paid, each with exactly one receipt in the outbox.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../api/helpers';
import { PAYSTACK_KEY, startFakePaystack, type FakePaystack } from '../api/paystack-fake';
import { ended, needsBuild, sleep, startBuiltServer } from './server';

needsBuild();
const COUNT = 20;

describe('a gift when the server is killed between Paystack and our write', () => {
  let paystack: FakePaystack;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let origin: string;

  async function startServer() {
    // Ready once the demo funds are in.
    const server = await startBuiltServer(
      dataDir,
      {
        PUBLIC_RATE_LIMIT: '100000',
        PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
        PAYSTACK_BASE_URL: paystack.url,
        GIVING_VERIFY_AFTER_MS: '1000',
        GIVING_VERIFY_EVERY_MS: '200',
      },
      async (at, signal) => {
        const res = await fetch(`${at}/api/v1/giving/funds/`, { signal });
        return res.ok && ((await res.json()) as unknown[]).length > 0;
      },
    );
    ({ child, origin } = server);
    paystack.webhookUrl = `${origin}/api/v1/giving/webhooks/paystack/`;
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
    await ended(child!);

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
