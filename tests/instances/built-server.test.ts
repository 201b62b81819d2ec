// The real server from the build (`npm start`'s script, run `npm run build` first) on an empty SQLite database:
// it listens before the API's features (the runtime) are loaded, the demo data is in and Astro's handler is loaded,
// and starts without their code, yet a demo sign-in and a page
// rendered on demand, asked for the moment the health check answers, both succeed;
// the prerendered /about goes out precompressed with its security headers and its Content-Security-Policy (the
// header's frame-ancestors, the <meta> tag's hashes); the hashed assets are immutable; the cached /sermons is
// answered compressed from the shell's copy, and never shows the headers by which it may be kept; a range of the
// build's audio is answered from disk; the API's JSON is gzipped as before; /login's first visit stays within its
// budget (what the sign-in form needs; zod and the phone picker come later, with the portal). What it prints says where it listens
// and which demo accounts it created.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_ENV } from '../api/helpers';
import { rawRequest } from '../unit/http-raw';
import { freePort } from './server';
import { firstVisit, LOGIN_BUDGET_BYTES } from '../../scripts/bench/lib/first-visit.mjs';

const root = new URL('../../', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/server/main.mjs')) || !existsSync(join(root, 'dist/client/about/index.html.br'))) {
  throw new Error('No build in dist/: run `npm run build` before this test (npm test does).');
}
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('the built server', () => {
  let child: ChildProcess;
  let dataDir: string;
  let origin: string;
  let output = '';
  let signIn: { status: number; access?: string };
  let pageAtOnce: { status: number; text: string };

  beforeAll(async () => {
    const port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'church-built-'));
    origin = `http://127.0.0.1:${port}`;
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
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    for (const started = performance.now(); ;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      if (performance.now() - started > 30_000) throw new Error('the server did not start');
      const ok = await fetch(`${origin}/api/v1/health/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    // At once: Astro's handler may not be loaded yet, the page waits for it.
    const page = fetch(`${origin}/events`).then(async (r) => ({ status: r.status, text: await r.text() }));
    // At once: the demo accounts may not be in yet, the shell holds this until they are.
    const res = await fetch(`${origin}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    signIn = { status: res.status, access: ((await res.json()) as { access?: string }).access };
    pageAtOnce = await page;
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs its start-up time, and a demo sign-in and a page the moment it answers succeed', () => {
    const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
    expect(JSON.parse(line!)).toMatchObject({ level: 'info', startup_ms: expect.any(Number) });
    expect(output).toContain(`Serving on ${origin}/ (the staff portal at ${origin}/login`);
    expect(signIn.status).toBe(200);
    expect(signIn.access).toBeTruthy();
    expect(pageAtOnce.status).toBe(200);
    expect(pageAtOnce.text).toContain('<h1');
  });

  it('tells a newcomer the demo accounts it created and how to sign in with them', async () => {
    await expect.poll(() => output, { timeout: 5000 }).toContain('Demo accounts created');
    expect(output).toContain(`the staff portal: ${origin}/login as superadmin, admin or pastor`);
    expect(output).toContain(`the members' pages: ${origin}/my with member@gracechapel.example.org`);
    expect(output).toContain(`password ${DEMO_PASSWORD}`);
  });

  it('serves /about precompressed, with the security headers and its Content-Security-Policy', async () => {
    const about = await rawRequest(origin, '/about', { headers: BROWSER });
    expect(about.status).toBe(200);
    expect(about.headers['content-encoding']).toBe('br');
    expect(about.headers.vary).toBe('Accept-Encoding');
    expect(about.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(about.headers['x-frame-options']).toBe('DENY');
    expect(about.headers['x-content-type-options']).toBe('nosniff');
    expect(about.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(about.body.length).toBeLessThan(about.text.length / 3);
    expect(about.text).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/);
    const again = await rawRequest(origin, '/about', { headers: { ...BROWSER, 'if-none-match': about.headers.etag! } });
    expect(again.status).toBe(304);

    const css = /<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/.exec(about.text)?.[1];
    const asset = await rawRequest(origin, css!, { headers: BROWSER });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers the cached /sermons compressed from its copy, with the page policy in the header', async () => {
    const first = await rawRequest(origin, '/sermons', { headers: BROWSER });
    expect(first.headers['content-encoding']).toBe('br'); // compressed on the way out
    // The page says it may be kept (CDN-Cache-Control, Cache-Tag) to the host alone.
    expect([first.headers['cdn-cache-control'], first.headers['cache-tag']]).toEqual([undefined, undefined]);
    let hit = first;
    for (let i = 0; i < 50 && hit.headers['content-length'] === undefined; i++) {
      await new Promise((r) => setTimeout(r, 20));
      hit = await rawRequest(origin, '/sermons', { headers: BROWSER });
    }
    expect(hit.headers['x-astro-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
    expect(hit.text).toBe(first.text);
    expect(hit.text).toContain('Walking in Faith');
    expect(hit.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-.*frame-ancestors 'none'/);
    const gzip = await rawRequest(origin, '/sermons', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(first.text);
  });

  it("answers a range of the build's audio from disk, for players that seek", async () => {
    const part = await rawRequest(origin, '/audio/walking-in-faith.mp3', { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-3\/\d+$/);
    expect(part.body.length).toBe(4);
  });

  it("gzips the API's JSON as before", async () => {
    const users = await rawRequest(origin, '/api/v1/auth/users/', {
      headers: { ...BROWSER, authorization: `Bearer ${signIn.access}`, 'x-platform': 'web' },
    });
    expect(users.status).toBe(200);
    expect(users.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(users.text)).toBeTruthy();
  });

  it('sends a first visit to /login at most 100 KB: the page, its CSS and the sign-in form, no zod', async () => {
    const visit = await firstVisit(origin, '/login');
    const names = visit.files.map((f) => f.url).join(' ');
    expect(names).toMatch(/\/_astro\/LoginForm\.[\w-]+\.js/);
    expect(names).toMatch(/\.css/);
    // zod (its schemas) and the phone picker's countries load with the portal or the contact form, not here.
    expect(
      visit.files.filter((f) => f.body.includes('_zod') || f.body.includes('Burkina Faso')).map((f) => f.url),
    ).toEqual([]);
    expect(visit.total).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
    // In a few scripts, not one per shared module (astro.config.mjs, fewerScripts): 6 with the small shared chunks
    // copied into their importers, 17 without.
    expect(visit.files.filter((f) => /\.js(\?|$)/.test(f.url)).length).toBeLessThanOrEqual(8);
  });

  it("reads the church's details from settings.yaml with the YAML parser it loads then", async () => {
    // The parser is CommonJS, loaded by import() from dist/server/lazy/: its exports must be found there too (the
    // church's name of the branch tree's root, made by migration 0018, and the emails' signature).
    const headers = { authorization: `Bearer ${signIn.access}`, 'x-platform': 'web' };
    const general = (await (await fetch(`${origin}/api/v1/settings/general/`, { headers })).json()) as {
      church: { name: string; email: string };
    };
    expect(general.church).toMatchObject({ name: 'Grace Chapel International', email: 'info@gracechapel.example.org' });
    const branches = (await (await fetch(`${origin}/api/v1/branches/`, { headers })).json()) as { name: string }[];
    expect(branches[0].name).toBe('Grace Chapel International');
  });

  it("starts without the WebAuthn library, zod's other languages or the features, and loads the library for a passkey call", async () => {
    const bundle = loadedAtStart(join(root, 'dist/server/main.mjs'));
    // The API's features (the runtime) are loaded after the first answer (src/host/main.ts).
    expect(bundle).not.toContain('The payment could not be started.');
    expect(bundle).toContain('/health/');
    // Nor what a rare call needs: YAML (the first email's signature), QR codes (the day's check-in code), uploads.
    expect(bundle).not.toContain('YAMLParseError');
    expect(bundle).not.toContain('toSJISFunc');
    expect(bundle).not.toContain('Malformed part header');
    expect(bundle).not.toContain('SimpleWebAuthn');
    expect(bundle).not.toContain('@peculiar');
    expect(bundle).not.toContain('Entrée invalide'); // zod's French
    expect(bundle).toContain('Invalid input'); // its English stays
    // Usernameless passkey sign-in options: generated by the library, loaded on this first call.
    const res = await fetch(`${origin}/api/v1/auth/login/passkey/options/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web', origin },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const { challenge_id, options } = (await res.json()) as { challenge_id: string; options: { challenge: string } };
    expect(challenge_id).toBeTruthy();
    expect(options.challenge).toMatch(/^[\w-]{16,}$/);
  });
});

/**
 * The bundle's code a start loads: the entry and the chunks it imports, and theirs, not those it loads later by
 * import() (dist/server/lazy/).
 */
function loadedAtStart(entry: string, seen = new Map<string, string>()): string {
  if (!seen.has(entry)) {
    const code = readFileSync(entry, 'utf8');
    seen.set(entry, code);
    for (const [, chunk] of code.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g))
      loadedAtStart(resolve(dirname(entry), chunk), seen);
  }
  return [...seen.values()].join('\n');
}
