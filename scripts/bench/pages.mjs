// Public page benchmark (`npm run bench`, after `npm run build`): `npm start` on 127.0.0.1 over a throw-away
// SQLite database with the demo content; autocannon measures req/s and p50/p99 latency of a prerendered page
// (/about, a static file) and of the cached live pages (rendered on demand, then served from the page cache,
// src/server/http/response-cache.ts and src/lib/content/page-cache.ts), all in the same run, so the ratio is
// the figure (issue 10's target: the cached live pages at >= 80% of /about). Then the time to render a page
// the cache does not hold: /sermons with a query string no other request used (a miss in both caches).
// Requests say what Chromium says in Accept-Encoding (BENCH_ACCEPT_ENCODING=identity for uncompressed answers);
// the bytes per answer (headers included) show what compression saves. First, the start-up: from spawning
// `npm start` on an empty database to the first 200 of /api/v1/health/.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { waitForHealth } from './lib/health.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, 'church.db')}`,
  LOG_REQUESTS: '0',
};

const spawned = performance.now();
const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  env,
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
// The yardstick of what this machine can do: a bare node:http server answering /about's file from memory.
const rawPort = await freePort();
const raw = spawn(
  process.execPath,
  [
    '-e',
    `const body = require('node:fs').readFileSync(process.env.FILE);
     require('node:http').createServer((req, res) => {
       res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
       res.end(body);
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
  60_000 + (PAGES.length + 1) * (DURATION + 1) * 2_000,
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  await waitForHealth(origin, { intervalMs: 10 });
  const startupMs = Math.round(performance.now() - spawned);
  const rows = [];
  for (const path of PAGES) {
    const first = await fetch(origin + path, { headers }); // fills the cache of a live page
    await first.arrayBuffer();
    if (!first.ok) throw new Error(`${path} answered ${first.status}`);
    // A second of load first, so each page is measured with warm code (the first one measured would lose).
    await autocannon({ url: origin + path, connections: CONNECTIONS, duration: 1, headers });
    const result = await autocannon({ url: origin + path, connections: CONNECTIONS, duration: DURATION, headers });
    rows.push({
      page: path,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'bytes/answer': Math.round(result.throughput.total / Math.max(1, result.requests.total)),
      errors: result.non2xx + result.errors + result.timeouts,
    });
  }
  const about = rows[0]['req/s'];
  for (const row of rows) row['% of /about'] = Math.round((row['req/s'] / about) * 100);
  const rawUrl = `http://127.0.0.1:${rawPort}/about`;
  await autocannon({ url: rawUrl, connections: CONNECTIONS, duration: 1 });
  const bare = await autocannon({ url: rawUrl, connections: CONNECTIONS, duration: DURATION });
  const bareRate = Math.round(bare.requests.average);

  // A miss in both caches: a query string no request used before renders the page from the database.
  const missMs = [];
  for (let i = 0; i < MISSES; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/sermons?bench-miss=${i}`, { headers });
    await res.arrayBuffer();
    missMs.push(performance.now() - started);
  }

  console.log(`\nStart-up: ${startupMs} ms from spawning \`npm start\` (empty database) to the first health answer`);
  console.log(
    `Public pages: ${CONNECTIONS} connections, ${DURATION}s per page, SQLite, demo content, Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  console.table(rows);
  console.log(
    `bare node:http answering about/index.html from memory: ${bareRate} req/s (${rows[0].page} at ${Math.round((about / bareRate) * 100)}% of it)`,
  );
  console.log(
    `cache miss (/sermons rendered from the database), median of ${MISSES} sequential: ${median(missMs).toFixed(1)} ms`,
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
