// Giving under load (`npm run bench`, after `npm run build`): `npm start` on 127.0.0.1 over a throw-away SQLite
// database, against the tests' fake Paystack (tests/api/paystack-fake.ts, loaded through tsx) on loopback, so
// Paystack's own time is a loopback round trip. Prints: /give's bytes (HTML and CSS gzipped, JavaScript) and pages
// a second; the time to answer POST /giving/ (a pending gift written and Paystack's initialize asked) under 32
// connections, each request from its own address, median and p99; signed charge.success webhooks credited per
// second (each verified with Paystack, the gift paid and its receipt queued); and 100 identical webhooks at once,
// which must credit one gift with one receipt.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { waitForHealth } from './lib/health.mjs';
import { freePort } from './lib/ports.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';
import { staffToken } from './lib/sign-in.mjs';

register();
const { PAYSTACK_KEY, sign, startFakePaystack } = await import('../../tests/api/paystack-fake.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const root = new URL('../../', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/server/main.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'church-bench-giving-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const paystack = await startFakePaystack();
paystack.webhookUrl = `${origin}/api/v1/giving/webhooks/paystack/`;
const server = spawn(...START_COMMAND, {
  env: {
    ...serverEnv({ port, dir }),
    ...START_ENV,
    PUBLIC_RATE_LIMIT: '1000000',
    // Givers come from many addresses: each request names its own (the per-address limit admits one submission
    // of an address at a time, so one address for all would measure that queue, not a gift).
    TRUST_PROXY: 'true',
    PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
    PAYSTACK_BASE_URL: paystack.url,
  },
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stop);
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  stop();
  process.exit(1);
}, 180_000);

const json = { 'content-type': 'application/json', 'x-platform': 'web' };
const rnd = () => Math.floor(Math.random() * 256);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
try {
  await waitForHealth(origin, { intervalMs: 50 });
  for (let i = 0; i < 200 && !(await fetch(`${origin}/api/v1/giving/funds/`).then((r) => r.json())).length; i++) {
    await new Promise((r) => setTimeout(r, 50));
  }

  // /give's bytes, as a first visit downloads them.
  const html = await (await fetch(`${origin}/give`)).text();
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  let cssGzip = 0;
  for (const href of css)
    cssGzip += gzipSync(Buffer.from(await (await fetch(new URL(href, origin))).arrayBuffer())).length;
  const external = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  let jsBytes = 0;
  for (const src of external) jsBytes += (await (await fetch(new URL(src, origin))).arrayBuffer()).byteLength;
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const inlineBytes = inline.reduce((n, s) => n + Buffer.byteLength(s), 0);
  console.log(
    `/give: HTML ${kb(gzipSync(html).length)} + CSS ${kb(cssGzip)} gzipped (${css.length} stylesheet); ` +
      `JavaScript: ${external.length} files, ${jsBytes} bytes; inline ${inlineBytes} bytes (the theme script)`,
  );

  // /give rendered on demand (not kept: it reads the funds and the giving details).
  const page = await autocannon({ url: `${origin}/give`, connections: CONNECTIONS, duration: DURATION });
  console.log(
    `GET /give (${CONNECTIONS} connections): ${Math.round(page.requests.average)} pages/s, median ${page.latency.p50} ms, ` +
      `p99 ${page.latency.p99} ms`,
  );

  // Starting gifts under 32 connections.
  const body = JSON.stringify({ fund: 'Offering', amount: 50, name: 'Bench Giver', email: 'bench@example.org' });
  const run = await autocannon({
    url: `${origin}/api/v1/giving/`,
    method: 'POST',
    headers: json,
    body,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': `10.${rnd()}.${rnd()}.${rnd()}` },
        }),
      },
    ],
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const started = run.requests.total;
  console.log(
    `POST /giving/ (${CONNECTIONS} connections, ${DURATION} s): ${Math.round(run.requests.average)} gifts/s, ` +
      `median ${run.latency.p50} ms, p99 ${run.latency.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
  );
  const init = paystack.requests.filter((r) => r.path === '/transaction/initialize').length;
  console.log(`  (${started} answered; Paystack asked ${init} times: a loopback round trip of the fake)`);

  // Webhooks credited per second: every started gift paid at Paystack, its webhook posted, 32 at a time.
  const references = [...paystack.transactions.keys()];
  for (const reference of references) await paystack.pay(reference, { webhook: false });
  const bodies = references.map((reference) => paystack.eventBody(reference));
  let next = 0;
  let refused = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < bodies.length) {
        const b = bodies[next++];
        const res = await fetch(paystack.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(b) },
          body: b,
        });
        await res.arrayBuffer();
        if (res.status !== 200) refused++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const staff = { ...json, authorization: `Bearer ${await staffToken(origin)}` };
  const gifts = await (await fetch(`${origin}/api/v1/giving/gifts/?status=paid`, { headers: staff })).json();
  console.log(
    `webhooks: ${bodies.length} in ${seconds.toFixed(2)} s = ${Math.round(bodies.length / seconds)} credited/s ` +
      `(${gifts.length} gifts paid, at most 5,000 listed; ${refused} not 200)`,
  );

  // 100 identical webhooks at once.
  const onceBody = JSON.stringify({ ...JSON.parse(body), email: 'once@example.org' });
  const one = await (await fetch(`${origin}/api/v1/giving/`, { method: 'POST', headers: json, body: onceBody })).json();
  await paystack.pay(one.reference, { webhook: false });
  const event = paystack.eventBody(one.reference);
  const answers = await Promise.all(
    Array.from({ length: 100 }, () =>
      fetch(paystack.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': sign(event) },
        body: event,
      }).then((r) => r.status),
    ),
  );
  const list = await (await fetch(`${origin}/api/v1/giving/gifts/?q=${one.reference}`, { headers: staff })).json();
  const outbox = await (await fetch(`${origin}/api/v1/outbox/?q=once%40example.org`, { headers: staff })).json();
  const receipts = outbox.filter((m) => m.subject?.startsWith('Receipt')).length;
  console.log(
    `100 identical webhooks at once: ${answers.filter((s) => s === 200).length} answered 200, gift ${list[0]?.status}, ` +
      `${receipts} receipt queued`,
  );
} finally {
  clearTimeout(watchdog);
  stop();
  await paystack.close();
  rmSync(dir, { recursive: true, force: true });
}
