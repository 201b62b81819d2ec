// What visitors send, under load (`npm run bench`, after `npm run build`): `npm start` on 127.0.0.1 over a
// throw-away SQLite database. A registration rush (autocannon, 50 connections, each POST one seat for an event
// with room for all) gives the registrations per second the API accepts and the p99 latency; then the time from a
// visitor's contact message to the message listed in the staff inbox (POST /contact/, then GET /messages/),
// median of 50. The per-address limit is raised for the run: every request comes from 127.0.0.1.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { waitForHealth } from './lib/health.mjs';
import { freePort } from './lib/ports.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';
import { staffToken } from './lib/sign-in.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const root = new URL('../../', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'church-bench-submissions-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(...START_COMMAND, {
  env: {
    ...serverEnv({ port, dir }),
    ...START_ENV,
    PUBLIC_RATE_LIMIT: '1000000',
  },
  cwd: root,
  // Mail is logged without SMTP_URL: the server's output is not part of the figures.
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  stop();
  process.exit(1);
}, 120_000);

const json = { 'content-type': 'application/json', 'x-platform': 'web' };
try {
  await waitForHealth(origin, { intervalMs: 50 });
  const staff = { ...json, authorization: `Bearer ${await staffToken(origin)}` };
  const event = await (
    await fetch(`${origin}/api/v1/events/`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({
        title: 'Bench Conference',
        category: 'special',
        type: 'one-time',
        startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        startTime: '09:00',
        location: 'Main Sanctuary',
        capacity: null,
        requiresRegistration: true,
      }),
    })
  ).json();

  const rush = await autocannon({
    url: `${origin}/api/v1/events/${event.id}/registrations/`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Rush Guest', email: 'rush@example.org', seats: 1 }),
    connections: 50,
    duration: DURATION,
  });
  const non2xx = rush.non2xx + rush.errors;

  const timings = [];
  for (let i = 0; i < 50; i++) {
    const subject = `Bench message ${i}`;
    const started = performance.now();
    const sent = await fetch(`${origin}/api/v1/contact/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Bench Visitor',
        email: 'visitor@example.org',
        preferredContact: 'email',
        subject,
        inquiryType: 'general',
        message: 'A message long enough for the contact form rules.',
      }),
    });
    if (sent.status !== 201) throw new Error(`POST /contact/ answered ${sent.status}`);
    const inbox = await (await fetch(`${origin}/api/v1/messages/`, { headers: staff })).json();
    if (!inbox.some((m) => m.subject === subject)) throw new Error('the message is not in the inbox');
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);

  console.table([
    {
      measure: 'registration rush (50 connections)',
      'req/s': Math.round(rush.requests.average),
      'p50 ms': rush.latency.p50,
      'p99 ms': rush.latency.p99,
      'not 201': non2xx,
    },
  ]);
  console.log(
    `contact message to the staff inbox: median ${timings[25].toFixed(1)} ms, worst ${timings.at(-1).toFixed(1)} ms (50 messages)`,
  );
  if (non2xx) process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stop();
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  rmSync(dir, { recursive: true, force: true });
}
