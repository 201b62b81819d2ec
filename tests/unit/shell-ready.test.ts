// The HTTP shell while `npm start` makes the rest of the server ready after listening (src/host/main.ts: the API's
// features loaded, an empty database seeded): the health check and the built files are answered at once; the first
// other request starts it, and every other request waits until it is done, then is answered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShell, type Shell } from '../../src/host/shell';
import { createStaticFiles } from '../../src/host/static-files';
import { rawRequest } from './http-raw';

describe('the shell before the demo data is in', () => {
  let dir: string;
  let shell: Shell;
  let origin: string;
  let seeded = false;
  let markSeeded!: () => void;
  let asked = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'church-ready-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
    // Each answer says whether the data was in when it was made.
    const answer = () => new Response(seeded ? 'seeded' : 'too early');
    shell = createShell({
      api: { fetch: answer },
      pages: (_req, res) => void res.end(seeded ? 'seeded' : 'too early'),
      staticFiles: createStaticFiles(dir),
      ready: () => {
        asked += 1;
        return new Promise<void>((resolve) => (markSeeded = resolve)).then(() => void (seeded = true));
      },
      logRequests: false,
    });
    await new Promise<void>((resolve) => shell.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await shell.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the health check and the built files at once, and holds the rest until the data is in', async () => {
    const held = [
      ...['/api/v1/auth/login/', '/sermons', '/admin/dashboard'].map((path) =>
        fetch(origin + path).then((r) => r.text()),
      ),
      // Only a load balancer's kind of health check goes first: not a browser's (CORS), not a POST, and not a path
      // that only starts like it (the adapter resolves the dot segments: this one is the sign-in).
      fetch(`${origin}/api/v1/health/`, { headers: { origin: 'https://gracechapel.example.org' } }).then((r) =>
        r.text(),
      ),
      fetch(`${origin}/api/v1/health/`, { method: 'POST' }).then((r) => r.text()),
      rawRequest(origin, '/api/v1/health/../auth/login/').then((r) => r.text),
    ];
    expect(await (await fetch(`${origin}/api/v1/health/`)).text()).toBe('too early');
    expect((await rawRequest(origin, '/api/v1/health/?probe=1', { method: 'HEAD' })).status).toBe(200);
    expect(await (await fetch(`${origin}/robots.txt`)).text()).toBe('User-agent: *\n');
    const settled = await Promise.race([Promise.all(held), new Promise((r) => setTimeout(() => r('held'), 200))]);
    expect(settled).toBe('held');
    // Made ready by the first request that needs it, once for all of them.
    expect(asked).toBe(1);
    markSeeded();
    expect(await Promise.all(held)).toEqual(Array(6).fill('seeded'));
    expect(await (await fetch(`${origin}/events`)).text()).toBe('seeded');
    expect(asked).toBe(1);
  });
});
