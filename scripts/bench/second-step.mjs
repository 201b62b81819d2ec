// Two-factor sign-in benchmark (`npm run bench`): what the second step adds to a sign-in. `npm start` over a
// throw-away SQLite database with 600 sample members, each with an authenticator app set up through the API
// (the code computed from its secret, as an app does). Then 32 connections sign them all in at once, each a
// password (POST /auth/login/, answered {mfa_required, mfa_token}) and then the code (POST /auth/login/2fa/):
// the median and p99 of each step under that load. The second step's time is what two-factor adds. Each account
// signs in once: a code signs in once only. Bounded in time; stops what it started.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { Secret, TOTP } from 'otpauth';
import { waitForHealth } from './lib/health.mjs';
import { freePort } from './lib/ports.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PASSWORD = 'Demo1234!';
const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'church-bench-2fa-'));
const port = await freePort();
const env = {
  ...serverEnv({ port, dir }),
  // Every sign-in comes from this one address: the failed-sign-in throttle never sees a failure here.
};
const base = `http://127.0.0.1:${port}/api/v1`;
let server;
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  server?.kill('SIGTERM');
  process.exit(1);
}, 300_000);

async function post(path, body, token) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-platform': 'web',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms: performance.now() - started };
}

/** Runs `task` over `items` with at most `width` at once. */
async function pool(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

const code = (secret, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
const pct = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

try {
  const seed = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'src/server/cli/seed.ts'), '--members', String(ACCOUNTS)],
    { env, encoding: 'utf8', cwd: root },
  );
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);
  // Staff sign in to the portal: the sample members become active pastors with web access (before the server starts).
  const db = new DatabaseSync(join(dir, 'church.db'));
  db.exec(
    "UPDATE users SET role = 'PASTOR', can_access_web = 1, is_active = 1, is_suspended = 0 WHERE username LIKE 'member%'",
  );
  db.close();
  server = spawn(...START_COMMAND, {
    env: { ...env, ...START_ENV },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${port}`, { intervalMs: 20 });

  // Set-up: every account turns on an authenticator app.
  const users = Array.from({ length: ACCOUNTS }, (_, i) => ({ username: `member${String(i + 1).padStart(4, '0')}` }));
  await pool(users, 8, async (user) => {
    const { json: signIn } = await post('/auth/login/', { username: user.username, password: PASSWORD });
    const { json: setup } = await post('/auth/2fa/totp/setup/', {}, signIn.access);
    await post('/auth/2fa/totp/confirm/', { code: code(setup.secret) }, signIn.access);
    user.secret = setup.secret;
  });

  // The measured run: password then code, 32 at once. The confirming step's code never signs in: the next one.
  const first = [];
  const second = [];
  const started = performance.now();
  await pool(users, CONNECTIONS, async (user) => {
    const one = await post('/auth/login/', { username: user.username, password: PASSWORD });
    if (!one.json.mfa_required) throw new Error('no second step asked');
    first.push(one.ms);
    const two = await post('/auth/login/2fa/', { mfa_token: one.json.mfa_token, code: code(user.secret, 1) });
    if (!two.json.access) throw new Error('the second step did not sign in');
    second.push(two.ms);
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nTwo-factor sign-in: ${ACCOUNTS} accounts, ${CONNECTIONS} at once, ${Math.round(ACCOUNTS / seconds)} sign-ins/s`,
  );
  console.table([
    { step: 'password (POST /auth/login/)', 'p50 ms': pct(first, 50), 'p99 ms': pct(first, 99) },
    { step: 'code (POST /auth/login/2fa/)', 'p50 ms': pct(second, 50), 'p99 ms': pct(second, 99) },
  ]);
  console.log('The second row is what two-factor adds to a sign-in, in server time on loopback under that load.');
} finally {
  clearTimeout(watchdog);
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
}
