// Children's check-in at speed (`npm run bench`, after `npm run build`; issue 32, "Speed and size"): `npm start` on
// 127.0.0.1 over a throw-away database filled as the demo is (`db:seed --members 6000`: 2,000 households) and given
// children: two or three household people of relationship child a household (every fourth with allergies), an
// account under 18 in every fifth, and half a year of past Sundays' check-ins. 20 stations, each paired and with a
// local TCP "printer", check families in at once: each looks up a parent's phone (written as a person types it) and
// checks in the children who are not in yet, with SMS configured (the tests' fake Arkesel on loopback). Prints the
// time from the phone number to the code (lookup + check-in, as the station waits for them) at p50/p95/p99, each
// call's own p99, the time from the check-in sent to its labels in the printer, /checkin's JavaScript (gzip, as a
// first visit downloads it), and the label page's and the ZPL's size. On SQLite, then (when it can be reached)
// PostgreSQL: BENCH_PG_URL, else a scratch database made with the local `postgres` account.
// Budgets: p99 within 300 ms, a label within 1 s, the JavaScript within 30 KB.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { scratchPostgres } from './lib/scratch-pg.mjs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { register } from 'tsx/esm/api';
import { firstVisit } from './lib/first-visit.mjs';
import { waitForHealth } from './lib/health.mjs';
import { freePort } from './lib/ports.mjs';
import { serverEnv, START_COMMAND, START_ENV } from './lib/start-command.mjs';
import { staffToken } from './lib/sign-in.mjs';

register();
const src = new URL('../../src/server/', import.meta.url);
const load = (path) => import(new URL(path, src).href);
const { openDatabase } = await load('db/connection.ts');
const { migrateToLatest } = await load('db/migrations/index.ts');
const { seed } = await load('seed/seed.ts');
const { loadConfig } = await load('config.ts');
const { newUserRow } = await load('users/new-user.ts');
const { inChunks } = await load('db/batch.ts');
const { ARKESEL_KEY, startFakeArkesel } = await import('../../tests/api/sms-providers.ts');

const STATIONS = 20;
const MEMBERS = 6_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAUSE_MS = 100;
const BUDGET = { p99: 300, label: 1000, js: 30 * 1024 };
const root = new URL('../../', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/server/main.mjs'))) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const DAY = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
// A fixed sequence, so every run measures the same data (mulberry32).
let state = 32;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = (n) => Math.floor(random() * n);
const ALLERGIES = ['peanuts', 'milk', 'eggs', 'penicillin', 'bee stings'];
const ALPHABET = 'ACDEFHJKLMNPRTUVWXY3479';

async function insert(db, table, rows) {
  for (const chunk of inChunks(rows)) await db.insertInto(table).values(chunk).execute();
}

/** The demo with 2,000 households, their children and half a year of past check-ins; answers the families. */
async function fill(url, dataDir) {
  const database = await openDatabase(url);
  const db = database.db;
  try {
    await migrateToLatest(db, database.dialect);
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, ARGON2_TEST_MEMORY_KIB: '64' });
    await seed(db, config, { members: MEMBERS });
    const now = Date.now();
    const stamp = new Date(now).toISOString();
    const year = new Date(now).getUTCFullYear();
    const households = await db
      .selectFrom('households')
      .innerJoin('users', 'users.id', 'households.head_user_id')
      .select(['households.id', 'households.name', 'users.phone_number'])
      .where('users.phone_number', 'is not', null)
      .where('users.is_active', '=', true)
      .orderBy('households.id')
      .execute();
    const people = [];
    const teens = [];
    for (const [i, h] of households.entries()) {
      const surname = h.name.replace(/ household$/, '');
      for (let k = 0; k < 2 + (i % 2); k++)
        people.push({
          household_id: h.id,
          name: `${['Ama', 'Kofi', 'Esi', 'Kwame', 'Abena', 'Yaw'][pick(6)]} ${surname}`,
          relationship: 'child',
          date_of_birth: `${year - 2 - pick(10)}-0${1 + pick(9)}-1${pick(9)}`,
          allergies: pick(4) === 0 ? ALLERGIES[pick(ALLERGIES.length)] : null,
          created_at: stamp,
        });
      if (i % 5 === 0)
        teens.push(
          newUserRow({
            username: `teen${i}`,
            email: `teen${i}@bench.example.org`,
            password_hash: 'bench-not-a-login',
            first_name: 'Teen',
            last_name: surname,
            role: 'MEMBER',
            date_of_birth: `${year - 14}-03-10`,
            household_id: h.id,
            household_relationship: 'Child',
            date_joined: stamp,
          }),
        );
    }
    await insert(db, 'household_people', people);
    await insert(db, 'users', teens);
    // Half a year of Sundays: each, a third of the families checked in (and collected) at the first service.
    const service = await db.selectFrom('services').select(['id', 'branch_id']).orderBy('id').executeTakeFirstOrThrow();
    const kids = await db
      .selectFrom('household_people')
      .select(['id', 'household_id', 'name', 'allergies'])
      .where('relationship', '=', 'child')
      .execute();
    const kidsOf = Map.groupBy(kids, (k) => Number(k.household_id));
    let history = 0;
    for (let week = 1; week <= 26; week++) {
      const date = dayOf(now - week * 7 * DAY);
      const at = `${date}T09:00:00.000Z`;
      const codes = new Set();
      const families = households.filter(() => random() < 1 / 3);
      const rows = families.map((h) => {
        let code;
        do code = Array.from({ length: 4 }, () => ALPHABET[pick(ALPHABET.length)]).join('');
        while (codes.has(code));
        codes.add(code);
        return {
          date,
          security_code: code,
          service_id: service.id,
          branch_id: service.branch_id,
          household_id: h.id,
          created_at: at,
        };
      });
      await insert(db, 'checkin_codes', rows);
      const made = await db
        .selectFrom('checkin_codes')
        .select(['id', 'household_id'])
        .where('date', '=', date)
        .execute();
      const children = made.flatMap((c) =>
        (kidsOf.get(Number(c.household_id)) ?? []).map((k) => ({
          code_id: c.id,
          service_id: service.id,
          branch_id: service.branch_id,
          date,
          security_code: rows.find((r) => r.household_id === c.household_id).security_code,
          person_id: k.id,
          name: k.name,
          allergies: k.allergies,
          checked_in_at: at,
          collected_at: `${date}T11:00:00.000Z`,
        })),
      );
      await insert(db, 'child_checkins', children);
      history += children.length;
    }
    await sql`analyze`.execute(db);
    return {
      families: households.map((h) => ({ id: Number(h.id), phone: h.phone_number })),
      children: people.length + teens.length,
      history,
    };
  } finally {
    await database.close();
  }
}

/** A TCP listener standing in for the stations' label printer: when each check-in's labels arrived, by code. */
async function startPrinter() {
  const arrived = new Map();
  const server = createServer((socket) => {
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => {
      const code = /\^FD([A-Z0-9]{4})\^FS/.exec(data)?.[1];
      if (code) arrived.set(code, { at: performance.now(), bytes: Buffer.byteLength(data) });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { address: `127.0.0.1:${server.address().port}`, arrived, close: () => server.close() };
}

/** "+233200000003" as a person at the desk types it: "020 000 0003". */
const typed = (phone) => `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (n) => `${Math.round(n)} ms`;
/** A process's CPU time so far (user and system), in milliseconds, from /proc (NaN where it cannot be read). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in Linux's clock ticks for /proc (USER_HZ, 100 a second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  } catch {
    return '?';
  }
};
const within = (ok) => (ok ? 'within' : 'OVER');

async function measure(name, url, dataDir, { sizes }) {
  const filled = performance.now();
  const { families, children, history } = await fill(url, dataDir);
  console.log(
    `\n${name}: ${families.length} families with ${children} children, ${history} past check-ins ` +
      `(filled in ${((performance.now() - filled) / 1000).toFixed(1)} s)`,
  );
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sms = await startFakeArkesel();
  const printer = await startPrinter();
  const server = spawn(...START_COMMAND, {
    env: {
      ...serverEnv({ port, dir: dataDir, databaseUrl: url }),
      ...START_ENV,
      ARGON2_TEST_MEMORY_KIB: '64',
      SMS_PROVIDER: 'arkesel',
      SMS_API_KEY: ARKESEL_KEY,
      SMS_SENDER_ID: 'GraceChapel',
      SMS_BASE_URL: sms.url,
    },
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', stop);
  try {
    await waitForHealth(origin, { intervalMs: 50 });
    const json = { 'content-type': 'application/json', 'x-platform': 'web' };
    const staff = { ...json, authorization: `Bearer ${await staffToken(origin)}` };
    const services = await (await fetch(`${origin}/api/v1/services/`, { headers: staff })).json();
    const serviceId = services[0].id;
    const stations = [];
    for (let i = 0; i < STATIONS; i++) {
      const made = await (
        await fetch(`${origin}/api/v1/stations/`, {
          method: 'POST',
          headers: staff,
          body: JSON.stringify({ name: `Desk ${i + 1}`, printer: printer.address }),
        })
      ).json();
      const paired = await fetch(`${origin}/api/v1/stations/pair/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ pairingCode: made.pairingCode }),
      });
      stations.push({ ...json, cookie: paired.headers.get('set-cookie').split(';')[0] });
    }

    // Rounds of 20 stations at once: each station looks a family up and checks its children in, all at the same
    // moment; when the last is done, a short pause (a desk's next family steps up) and the next round.
    const queue = families.map((f) => f.phone);
    const total = [];
    const lookups = [];
    const checkins = [];
    const sent = new Map();
    let bad = 0;
    let last;
    const one = async (headers) => {
      const phone = queue.shift();
      const t0 = performance.now();
      const found = await fetch(`${origin}/api/v1/checkin/lookup/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ phone: typed(phone), serviceId }),
      });
      const family = await found.json();
      const t1 = performance.now();
      if (found.status !== 200) return bad++;
      const childIds = family.children.filter((c) => !c.checkedIn).map((c) => c.id);
      if (!childIds.length) return;
      const answer = await fetch(`${origin}/api/v1/checkin/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ serviceId, childIds }),
      });
      const made = await answer.json();
      const t2 = performance.now();
      if (answer.status !== 201) return bad++;
      lookups.push(t1 - t0);
      checkins.push(t2 - t1);
      total.push(t2 - t0);
      sent.set(made.securityCode, t1);
      last = { headers, made };
    };
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    let rounds = 0;
    while (performance.now() - started < SECONDS * 1000 && queue.length >= STATIONS) {
      await Promise.all(stations.map(one));
      rounds++;
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
    const cpu = cpuMs(server.pid) - cpuBefore;
    console.log(
      `  ${rounds} rounds of ${STATIONS} stations at once: ${total.length} families checked in, ${bad} refused; ` +
        `the server's CPU ${(cpu / total.length).toFixed(1)} ms a family (load average ${loadAverage()})`,
    );
    const p99 = percentile(total, 99);
    console.log(
      `  phone to code (lookup + check-in): p50 ${ms(percentile(total, 50))}, p95 ${ms(percentile(total, 95))}, ` +
        `p99 ${ms(p99)}: ${within(p99 <= BUDGET.p99)} ${BUDGET.p99} ms`,
    );
    console.log(
      `    lookup p50 ${ms(percentile(lookups, 50))}, p99 ${ms(percentile(lookups, 99))}; ` +
        `check-in p50 ${ms(percentile(checkins, 50))}, p99 ${ms(percentile(checkins, 99))}`,
    );
    // Labels printed in the background arrive after the answer: give the last ones a moment.
    await new Promise((r) => setTimeout(r, 1500));
    const delays = [...sent].map(([code, at]) => (printer.arrived.get(code)?.at ?? Infinity) - at);
    const missing = delays.filter((d) => d === Infinity).length;
    const worst = Math.max(...delays);
    console.log(
      `  labels at the printer after the check-in was sent: p50 ${ms(percentile(delays, 50))}, ` +
        `p99 ${ms(percentile(delays, 99))}, worst ${ms(worst)}, ${missing} missing: ${within(worst < BUDGET.label)} 1 s`,
    );
    if (sizes && last) {
      const visit = await firstVisit(origin, '/checkin');
      const js = visit.files.filter((f) => f.url.endsWith('.js'));
      const gzip = js.reduce((n, f) => n + gzipSync(f.body).length, 0);
      console.log(
        `  /checkin's JavaScript: ${js.length} files, ${(gzip / 1024).toFixed(1)} KB gzip: ` +
          `${within(gzip <= BUDGET.js)} 30 KB`,
      );
      const page = await (await fetch(origin + last.made.labelsUrl, { headers: last.headers })).text();
      const zpl = printer.arrived.get(last.made.securityCode);
      console.log(
        `  labels of ${last.made.children.length} children and their guardian: the page ` +
          `${Buffer.byteLength(page)} bytes (${gzipSync(page).length} gzip), the ZPL ${zpl?.bytes} bytes`,
      );
    }
  } finally {
    stop();
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r()));
    printer.close();
    await sms.close();
  }
}

const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  process.exit(1);
}, 600_000);

const dir = mkdtempSync(join(tmpdir(), 'church-bench-checkin-'));
try {
  await measure('SQLite', `file:${join(dir, 'church.db')}`, dir, { sizes: true });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pg = scratchPostgres('church_bench_checkin');
if (!pg) console.log('\nPostgreSQL: skipped (set BENCH_PG_URL, or run as root with a local PostgreSQL)');
else {
  const pgDir = mkdtempSync(join(tmpdir(), 'church-bench-checkin-pg-'));
  try {
    await measure('PostgreSQL', pg.url, pgDir, { sizes: false });
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    pg.drop();
  }
}
clearTimeout(watchdog);
