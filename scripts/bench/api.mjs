// API benchmark (`npm run bench`): `npm start` on 127.0.0.1 over a throw-away SQLite database seeded with 1,000
// members, measured in the same run as a bare node:http server answering a fixed 700-byte JSON (the ceiling of
// any Node server on this machine, measured right before each call, as the machine's speed drifts) and, when BENCH_PEER_URL points at one (a loopback server of the same API, e.g.
// a Django REST framework build of it), that peer. Per call: req/s, p50/p99 latency, failed answers, and the
// ratios to the ceiling and the peer. Then a sign-in burst: 1,000 wrong passwords from one address while another
// address signs in (its p99, and how the burst was answered). Cold start to the first health answer, and the
// server's memory: at rest and its peak over the whole run (VmHWM). Bounded in time; stops what it started.
// Load: wrk when installed (apt-get install wrk), else autocannon (lib/load.mjs).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { waitForHealth } from './lib/health.mjs';
import { LOOPBACK, load, tool } from './lib/load.mjs';
import { freePort } from './lib/ports.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PEER = process.env.BENCH_PEER_URL?.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
if (PEER && !LOOPBACK.test(`${PEER}/`)) throw new Error('BENCH_PEER_URL must be a loopback http:// URL');
const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'church-bench-'));
const port = await freePort();
const env = {
  ...serverEnv({ port, dir }),
  // The burst below comes from one address and the other sign-ins from another (X-Forwarded-For).
  TRUST_PROXY: 'true',
};
const origin = `http://127.0.0.1:${port}`;
const base = `${origin}/api/v1`;
const memoryMb = (pid, field) => {
  try {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return NaN;
  }
};

const children = [];
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('exit', stopAll);
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  stopAll();
  process.exit(1);
}, 900_000);

/** The ceiling: node:http answering a fixed 700-byte JSON, nothing else. Answers its URL once it listens. */
async function startCeiling() {
  const ceilingPort = await freePort();
  const body = JSON.stringify({ detail: 'x'.repeat(686) });
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end(${JSON.stringify(body)}); }).listen(${ceilingPort}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  children.push(server);
  await new Promise((r) => setTimeout(r, 300));
  return `http://127.0.0.1:${ceilingPort}/`;
}

async function signIn(apiBase, username) {
  const res = await fetch(`${apiBase}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web' },
    body: JSON.stringify({ username, password: 'Demo1234!' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} at ${apiBase} answered ${res.status}`);
  return (await res.json()).access;
}

/** The four calls of the portal, for a server at apiBase. */
async function calls(apiBase) {
  const auth = { authorization: `Bearer ${await signIn(apiBase, 'superadmin')}`, 'x-platform': 'web' };
  return [
    { name: 'GET /auth/profile/', url: `${apiBase}/auth/profile/`, headers: auth },
    {
      name: 'GET /auth/users/ (1,006 users, gzip)',
      url: `${apiBase}/auth/users/`,
      headers: { ...auth, 'accept-encoding': 'gzip' },
    },
    { name: 'GET /auth/users/stats/', url: `${apiBase}/auth/users/stats/`, headers: auth },
    {
      name: 'POST /auth/login/',
      url: `${apiBase}/auth/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web' },
      body: JSON.stringify({ username: 'pastor', password: 'Demo1234!' }),
    },
  ];
}

/**
 * A process's CPU time so far (Linux: /proc), in milliseconds: its main thread's, and its other threads' (V8's
 * collector and compiler helpers, libuv's pool). Per request, this moves far less with the machine's speed than
 * req/s does, and the second figure tells the garbage collector's work apart: the main thread's profile does not
 * show it.
 */
function threadCpu(pid) {
  const tick = 10; // ms: USER_HZ is 100 on Linux
  const cpu = { main: 0, others: 0 };
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * tick;
      cpu[task === String(pid) ? 'main' : 'others'] += ms;
    }
    return cpu;
  } catch {
    return undefined;
  }
}

async function measure(call, pid) {
  await load({ ...call, connections: CONNECTIONS, seconds: 2 });
  // Quiet first: the warm-up's last requests (a sign-in's queued hashes) finish before the measured run.
  await new Promise((r) => setTimeout(r, 2000));
  const before = pid && threadCpu(pid);
  const result = await load({ ...call, connections: CONNECTIONS, seconds: SECONDS });
  const after = pid && threadCpu(pid);
  const answered = result.rps * SECONDS;
  if (before && after && answered > 0)
    result.cpu = `${Math.round(((after.main - before.main) * 1000) / answered)} + ${Math.round(((after.others - before.others) * 1000) / answered)}`;
  return result;
}

/** 1,000 wrong passwords from one address at once, while another address signs in: the other's latency. */
async function burst() {
  const wrong = autocannon({
    url: `${base}/auth/login/`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web', 'x-forwarded-for': '198.51.100.7' },
    // A new username each time ([<id>]), so the per-username lockout never answers first: the throttle must.
    body: JSON.stringify({ username: 'ghost-[<id>]', password: 'not-the-password' }),
    idReplacement: true,
    connections: 64,
    amount: 1000,
  });
  const other = load({
    url: `${base}/auth/login/`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify({ username: 'admin', password: 'Demo1234!' }),
    connections: 4,
    seconds: 5,
  });
  const [flood, signIns] = await Promise.all([wrong, other]);
  const statuses = Object.entries(flood.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count} x ${status}`)
    .join(', ');
  return { statuses, signIns };
}

/** `npm start` on the same database, spawned as a process group (npm, sh, node) and stopped as one. */
async function npmColdStart() {
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const child = spawn(npm[0], [...npm[1], 'start'], { env, cwd: root, stdio: 'ignore', detached: true });
  try {
    return await waitForHealth(origin, { intervalMs: 10 });
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const round = (n) => Math.round(n * 10) / 10;
try {
  const seed = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/cli/seed.ts'), '--members', '1000'],
    { env, encoding: 'utf8', cwd: root },
  );
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);

  const ceilingUrl = await startCeiling();
  const server = spawn(...START_COMMAND, {
    env: { ...env, ...START_ENV },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  // Polled every 10 ms: this is the cold-start figure.
  const coldMs = await waitForHealth(origin, { intervalMs: 10 });
  const firstLogin = performance.now();
  await signIn(base, 'admin');
  const loginMs = Math.round(performance.now() - firstLogin);
  await new Promise((r) => setTimeout(r, 500));
  const restRss = memoryMb(server.pid, 'VmRSS');

  const ours = [];
  const peaks = [];
  const peer = [];
  const peerCalls = PEER ? await calls(`${PEER}/api/v1`) : [];
  for (const [i, call] of (await calls(base)).entries()) {
    // The ceiling right before each call: this machine's speed drifts by a fifth or more within a run.
    const top = await measure({ url: ceilingUrl });
    ours.push({ call, result: await measure(call, server.pid), top });
    peaks.push(`${call.name.split(' (')[0]} ${memoryMb(server.pid, 'VmHWM')}`);
    // The peer's same call right after ours, not after all of ours: the drift between the two is then seconds'.
    if (PEER) peer.push(await measure(peerCalls[i]));
  }
  const { statuses, signIns } = await burst();
  peaks.push(`burst ${memoryMb(server.pid, 'VmHWM')}`);

  const rows = ours.map(({ call, result, top }, i) => ({
    call: call.name,
    'req/s': Math.round(result.rps),
    'p50 ms': round(result.p50),
    'p99 ms': round(result.p99),
    failed: result.bad,
    ceiling: Math.round(top.rps),
    // The host's share of the CPU during the call and its ceiling: where it is high, both figures are low.
    'steal %': `${Math.round(result.steal * 100)} / ${Math.round(top.steal * 100)}`,
    'of ceiling': `${Math.round((result.rps / top.rps) * 100)}%`,
    // The server's CPU per answer in µs: its main thread + its other threads (mostly V8's garbage collector).
    'µs/req': result.cpu ?? '-',
    ...(PEER
      ? {
          'peer req/s': Math.round(peer[i].rps),
          'peer p99': round(peer[i].p99),
          'peer failed': peer[i].bad,
          'x peer': round(result.rps / peer[i].rps),
        }
      : {}),
  }));
  console.log(`\nAPI benchmark (${tool}): ${CONNECTIONS} connections, ${SECONDS} s per call, SQLite, 1,006 users`);
  console.log('ceiling: a bare node:http server answering a fixed 700-byte JSON, measured right before each call');
  console.table(rows);
  if (!PEER) console.log('(set BENCH_PEER_URL=http://127.0.0.1:PORT to measure a peer server of the same API too)');
  console.log(
    `sign-in burst: 1,000 wrong passwords from one address answered ${statuses}; meanwhile another address signed in ` +
      `${Math.round(signIns.rps)}/s, p99 ${round(signIns.p99)} ms, ${signIns.bad} failed`,
  );
  console.log(`cold start (spawn of npm start's script to first /health/ answer): ${coldMs} ms`);
  console.log(`first sign-in after start: ${loginMs} ms`);
  console.log(
    `server memory: ${restRss} MB resident at rest, ${memoryMb(server.pid, 'VmHWM')} MB peak over the run (VmHWM)`,
  );
  console.log(`peak so far after each step (MB): ${peaks.join(', ')}`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  console.log(`cold start through npm start itself (npm's own start-up included): ${await npmColdStart()} ms`);
} catch (err) {
  console.error(`bench failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stopAll();
  await Promise.all(
    children.map((c) => c.exitCode === null && c.signalCode === null && new Promise((r) => c.once('exit', r))),
  );
  rmSync(dir, { recursive: true, force: true });
}
