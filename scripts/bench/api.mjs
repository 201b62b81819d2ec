// API benchmark (`npm run bench`): `npm start` on 127.0.0.1 over a throw-away SQLite database seeded
// with 1,000 members; autocannon measures req/s and p50/p99 latency of the four calls the portal
// leans on; server memory (RSS) at rest and under load; cold start to first answer. Bounded in time,
// and it stops the server it started.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';
import { waitForHealth } from './lib/health.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'church-bench-'));
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const env = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dir,
  DATABASE_URL: `file:${join(dir, 'church.db')}`,
  LOG_REQUESTS: '0',
};
const base = `http://127.0.0.1:${port}/api/v1`;
const rssMb = (pid) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return NaN;
  }
};

let server;
const stop = () => server && server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  stop();
  process.exit(1);
}, 180_000);

try {
  const seed = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/cli/seed.ts'), '--members', '1000'],
    { env, encoding: 'utf8', cwd: root },
  );
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);
  console.log(seed.stdout.trim());

  server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    env,
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Polled every 10 ms: this is the cold-start figure.
  const coldMs = await waitForHealth(`http://127.0.0.1:${port}`, { intervalMs: 10 });
  const firstLogin = performance.now();
  const login = await (
    await fetch(`${base}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Demo1234!' }),
    })
  ).json();
  const loginMs = Math.round(performance.now() - firstLogin);
  await new Promise((r) => setTimeout(r, 500));
  const restRss = rssMb(server.pid);

  const auth = { authorization: `Bearer ${login.access}`, 'x-platform': 'web' };
  const cases = [
    { name: 'GET /auth/profile/', path: '/auth/profile/', headers: auth },
    { name: 'GET /auth/users/ (1,006 users)', path: '/auth/users/', headers: auth },
    { name: 'GET /auth/users/stats/', path: '/auth/users/stats/', headers: auth },
    {
      name: 'POST /auth/login/ (scrypt N=2^17)',
      path: '/auth/login/',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web' },
      body: JSON.stringify({ username: 'pastor', password: 'Demo1234!' }),
    },
  ];
  const rows = [];
  let peakRss = restRss;
  for (const c of cases) {
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 200);
    const result = await autocannon({
      url: base + c.path,
      method: c.method ?? 'GET',
      headers: c.headers,
      body: c.body,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    clearInterval(sampler);
    const bad = result.non2xx + result.errors + result.timeouts;
    rows.push({
      call: c.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: bad,
    });
  }
  console.log(`\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION}s per call, SQLite, 1,006 users`);
  console.table(rows);
  console.log(`cold start (spawn of npm start's script to first /health/ answer): ${coldMs} ms`);
  console.log(`first login after start: ${loginMs} ms`);
  console.log(`server RSS: ${restRss} MB at rest, ${peakRss} MB peak under load`);
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stop();
  await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r()));
  rmSync(dir, { recursive: true, force: true });
}
