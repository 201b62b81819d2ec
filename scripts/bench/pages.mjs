// Public page benchmark (`npm run bench`, after `npm run build`): `npm start` on 127.0.0.1 over a throw-away
// SQLite database with the demo content; the load tool (lib/load.mjs: wrk, else autocannon) measures req/s and
// p50/p99 latency of a prerendered page (/about, a static file) and of the cached live pages (rendered on demand,
// then served from the host's copies, src/host/response-cache.ts), all in the
// same run as a bare node:http server (the ceiling: a fixed 700-byte JSON, as in the API bench, and /about's file
// from memory), so the ratios are the figures (targets: /about at >= 25% of the ceiling, the cached live pages at
// >= 80% of /about). Then a Sunday rush: 200 connections on /sermons for 30 s (BENCH_RUSH_SECONDS), with no failed
// answer and p99 under 100 ms. Then the time to render a page the cache does not hold: /sermons with a query
// string (an address with a query string is never kept). Requests say what Chromium says in Accept-Encoding
// (BENCH_ACCEPT_ENCODING=identity for uncompressed answers); the bytes per answer (headers included) show what
// compression saves. First, the start-up: from spawning the start command on an empty database to the first 200
// of /api/v1/health/, and to the first page Astro renders. Last, the members' pages (/my, rendered for one member
// and never kept): signed in as the demo member (the code read from the outbox row the server wrote), each page's
// HTML + CSS gzip bytes and JavaScript bytes (target: none of its own), and /my's latency under the same load.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { waitForHealth } from './lib/health.mjs';
import { load, tool } from './lib/load.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 30);
const RUSH_CONNECTIONS = 200;
const MISSES = 60;
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const headers = { 'accept-encoding': ACCEPT_ENCODING };
// The first is the yardstick; BENCH_PAGES=/about,/sermons measures fewer.
const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/about',
  '/sermons',
  '/sermons/walking-in-faith',
  '/events',
  '/prayers',
];
const root = new URL('../../', import.meta.url).pathname;

if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'church-bench-pages-'));
/** Free loopback ports, held together while asked for so that no two of them are the same. */
const freePorts = async (count) => {
  const held = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) =>
          createServer().listen(0, '127.0.0.1', function () {
            resolve(this);
          }),
        ),
    ),
  );
  const ports = held.map((s) => s.address().port);
  await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
};
const [port, rawPort] = await freePorts(2);
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...serverEnv({ port, dir }),
};

const spawned = performance.now();
const server = spawn(...START_COMMAND, {
  env: { ...env, ...START_ENV },
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
// The yardstick of what this machine can do: a bare node:http server answering a fixed 700-byte JSON at /, and
// /about's file from memory at /about.
const raw = spawn(
  process.execPath,
  [
    '-e',
    `const page = require('node:fs').readFileSync(process.env.FILE);
     const json = JSON.stringify({ detail: 'x'.repeat(686) });
     require('node:http').createServer((req, res) => {
       if (req.url !== '/about') return res.writeHead(200, { 'content-type': 'application/json' }).end(json);
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
       res.end(page);
     }).listen(Number(process.env.PORT), '127.0.0.1');`,
  ],
  { env: { ...process.env, PORT: String(rawPort), FILE: join(root, 'dist/client/about/index.html') }, stdio: 'ignore' },
);
const running = (child) => child.exitCode === null && child.signalCode === null;
const stop = () => {
  if (running(server)) server.kill('SIGTERM');
  if (running(raw)) raw.kill('SIGTERM');
};
process.on('exit', stop);
const watchdog = setTimeout(
  () => {
    console.error('bench: time limit reached');
    stop();
    process.exit(1);
  },
  120_000 + (PAGES.length + 2) * (DURATION + 1) * 2_000 + RUSH_SECONDS * 1_000,
);

/**
 * One GET on a connection of its own (a kept-alive one may have been closed by the server while the load ran):
 * its status and its bytes as they travel (status line, headers and the body as sent, compressed or not).
 */
const get = (url) =>
  new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        bytes += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
    })
      .on('error', reject)
      .end();
  });
const measure = async (url, connections = CONNECTIONS, seconds = DURATION) => {
  // A second of load first, so each page is measured with warm code (the first one measured would lose).
  await load({ url, headers, connections, seconds: 1 });
  return load({ url, headers, connections, seconds });
};
const round = (n) => Math.round(n * 10) / 10;

const MY_PAGES = [
  '/my',
  '/my/details',
  '/my/household',
  '/my/registrations',
  '/my/consent',
  '/my/directory',
  '/my/data',
];
const MEMBER_EMAIL = 'member@gracechapel.example.org';

/** A session cookie of the demo member: a code asked for, read from the outbox row, and sent back. */
async function memberCookie() {
  const post = (path, body) =>
    fetch(`${origin}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const asked = await post('/members/code/', { email: MEMBER_EMAIL });
  if (asked.status !== 202) throw new Error(`POST /members/code/ answered ${asked.status}`);
  const db = new DatabaseSync(join(dir, 'church.db'), { readOnly: true });
  const row = db.prepare('SELECT payload FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(MEMBER_EMAIL);
  db.close();
  const code = /\b(\d{6})\b/.exec(row?.payload ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the outbox');
  const session = await post('/members/session/', { email: MEMBER_EMAIL, code });
  const cookie = session.headers.get('set-cookie')?.split(';')[0];
  if (session.status !== 200 || !cookie) throw new Error(`POST /members/session/ answered ${session.status}`);
  return cookie;
}

/** A page as a first visit downloads it: HTML and linked CSS gzipped, and every script (inline or a file, with the
 * modules those import) as bytes before compression. */
async function pageWeight(path, cookie) {
  const res = await fetch(origin + path, { headers: { cookie, 'accept-encoding': 'identity' }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const html = await res.text();
  const file = (url) => readFileSync(join(root, 'dist/client', url));
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => file(m[1]));
  const seen = new Set();
  const walk = (url) => {
    if (seen.has(url)) return 0;
    seen.add(url);
    const code = file(url);
    let bytes = code.length;
    for (const m of code.toString().matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g)) {
      bytes += walk(new URL(m[1], `http://x${url}`).pathname);
    }
    return bytes;
  };
  let js = 0;
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /src="([^"]+)"/.exec(m[1])?.[1];
    if (src) js += walk(src);
    else if (!/type="application\/ld\+json"/.test(m[1])) js += Buffer.byteLength(m[2]);
  }
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js += walk(m[1]);
  const htmlCss = gzipSync(html).length + css.reduce((sum, c) => sum + gzipSync(c).length, 0);
  return { page: path, 'HTML+CSS gzip B': htmlCss, 'JS B': js, 'cache-control': res.headers.get('cache-control') };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  await waitForHealth(origin, { intervalMs: 10 });
  const startupMs = Math.round(performance.now() - spawned);
  // The first page Astro renders (it waits for Astro's handler, loaded once the server listens, and the demo data).
  await get(`${origin}/sermons`);
  const firstPageMs = Math.round(performance.now() - spawned);
  const rows = [];
  for (const path of PAGES) {
    const first = await get(origin + path); // fills the cache of a live page
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
    const result = await measure(origin + path);
    rows.push({
      page: path,
      'req/s': Math.round(result.rps),
      'p50 ms': round(result.p50),
      'p99 ms': round(result.p99),
      'bytes/answer': first.bytes,
      failed: result.bad,
    });
  }
  const top = await measure(`http://127.0.0.1:${rawPort}/`);
  const bare = await measure(`http://127.0.0.1:${rawPort}/about`);
  const about = rows[0]['req/s'];
  for (const row of rows) {
    row['% of /about'] = Math.round((row['req/s'] / about) * 100);
    row['% of ceiling'] = Math.round((row['req/s'] / top.rps) * 100);
  }

  // The Sunday rush: many phones at once on the live sermon library.
  const rush = await measure(`${origin}/sermons`, RUSH_CONNECTIONS, RUSH_SECONDS);

  // Not kept: an address with a query string renders the page from the database every time.
  const missMs = [];
  for (let i = 0; i < MISSES; i++) {
    const started = performance.now();
    await get(`${origin}/sermons?bench-miss=${i}`);
    missMs.push(performance.now() - started);
  }

  // The members' pages: private, rendered for the signed-in member on every request.
  const cookie = await memberCookie();
  const myRows = [];
  for (const path of MY_PAGES) myRows.push(await pageWeight(path, cookie));
  const my = await load({
    url: `${origin}/my`,
    headers: { ...headers, cookie },
    connections: CONNECTIONS,
    seconds: 1,
  }).then(() =>
    load({ url: `${origin}/my`, headers: { ...headers, cookie }, connections: CONNECTIONS, seconds: DURATION }),
  );

  console.log(
    `\nStart-up, from spawning the start command (npm start's, without npm) on an empty database: first health ` +
      `answer ${startupMs} ms, first /sermons rendered ${firstPageMs} ms`,
  );
  console.log(
    `Public pages (${tool}): ${CONNECTIONS} connections, ${DURATION}s per page, SQLite, demo content, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  console.table(rows);
  console.log(`ceiling, bare node:http answering a fixed 700-byte JSON: ${Math.round(top.rps)} req/s`);
  console.log(
    `bare node:http answering about/index.html from memory: ${Math.round(bare.rps)} req/s (${rows[0].page} at ${Math.round((about / bare.rps) * 100)}% of it)`,
  );
  console.log(
    `Sunday rush, ${RUSH_CONNECTIONS} connections on /sermons for ${RUSH_SECONDS}s: ${Math.round(rush.rps)} req/s, p50 ${round(rush.p50)} ms, p99 ${round(rush.p99)} ms, ${rush.bad} failed`,
  );
  console.log(
    `cache miss (/sermons rendered from the database), median of ${MISSES} sequential: ${median(missMs).toFixed(1)} ms`,
  );
  console.log(`\nMembers' pages, signed in as the demo member (JS B: every script the page loads, inline or file):`);
  console.table(myRows);
  console.log(
    `/my signed in, ${CONNECTIONS} connections for ${DURATION}s (${tool}): ${Math.round(my.rps)} req/s, ` +
      `p50 ${round(my.p50)} ms, p99 ${round(my.p99)} ms, ${my.bad} failed`,
  );
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stop();
  await Promise.all([server, raw].map((child) => new Promise((r) => (running(child) ? child.once('exit', r) : r()))));
  rmSync(dir, { recursive: true, force: true });
}
