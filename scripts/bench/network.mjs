// A denomination on one PostgreSQL (`npm run bench`; issues 30 and 31, "Scale"). Seeds a throw-away database
// with SQL (generate_series, no API calls): 2,000 branches in four levels (Headquarters > 69 Areas > 345
// Districts > 1,585 Assemblies, paths as migration 0018 makes them), 300,000 people in 100,000 households, two
// Sunday services per assembly, 2 million gifts over two years, and two years of Sundays: a headcount per service
// and week and about 4.7 million named check-ins, 5 million attendance rows in all. Then a second database, a
// single church of 1,000 members, as the yardstick. Starts the API (`node --import tsx src/host/main.ts`) on each
// and measures, with real HTTP and real staff tokens, one request at a time as a screen asks (medians):
//   - the headquarters roll-up: GET /branches/{root}/summary/, and the Network screen's calls at headquarters (the
//     branches, then the summary of the root and of each area, six at a time as a browser asks);
//   - the Attendance screen's year for the whole network, the two calls it makes at once: its weeks
//     (GET /attendance/weekly/?from=a year ago) and the newest rows it lists (GET /attendance/?from=…&limit=301);
//     and, without a target, the contract's whole answer (GET /attendance/?from=a year ago, every row);
//   - absentees of a 5,000-member assembly: GET /attendance/absent/?weeks=3;
//   - an assembly admin's (1,000 members) user list, stats and search against the single church's administrator
//     on the same calls (within 20%), and the profile and stats of the assembly admin against headquarters' on
//     the same server, whose scope filters nothing (the scope's cost: at most 5%); each pair asked in turn.
// The year for the whole network missed its 200 ms by the answer's shape, not an index: per service and date it is
// 168,000 rows (about 25 MB of JSON), and their named check-ins were 2.4 million rows grouped at each call (an index
// by date and service still took 3 s of it; 10 to 13 s in all). Now the check-ins are counted per service and date
// as they are written (migration 0025) and the screen asks for weekly sums and the rows it shows, not every row.
// Each figure is printed against its target; the measuring part runs twice (the 2 cores are shared, so figures
// drift). Exits non-zero only when something fails, never for a missed target. Bounded in time; drops its
// databases and stops its servers at the end. PostgreSQL: scratch databases made with the local `postgres`
// account, as analytics.mjs does (skipped when there is none).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { register } from 'tsx/esm/api';
import { waitForHealth } from './lib/health.mjs';
import { freePort } from './lib/ports.mjs';

register();
const root = new URL('../../', import.meta.url).pathname;
const src = (path) => import(new URL(`../../src/${path}`, import.meta.url).href);
const { openDatabase } = await src('server/db/connection.ts');
const { migrateToLatest } = await src('server/db/migrations/index.ts');
const { hashPassword } = await src('server/credentials/passwords.ts');
const { PRODUCTION_ARGON2 } = await src('server/config.ts');

const ROUNDS = 2;
const PASSWORD = 'Bench-Network-1!';
const SIZE = {
  areas: 69,
  districtsPerArea: 5,
  assemblies: 1585,
  people: 300_000,
  gifts: 2_000_000,
  weeks: 104,
};
// Branch ids: the root is 1 (migration 0018), areas 2-70, districts 71-415, assemblies 416-2000.
const FIRST_DISTRICT = 2 + SIZE.areas;
const DISTRICTS = SIZE.areas * SIZE.districtsPerArea;
const FIRST_ASSEMBLY = FIRST_DISTRICT + DISTRICTS;
const LAST_ASSEMBLY = FIRST_ASSEMBLY + SIZE.assemblies - 1;
// The measured assemblies: the first holds people 1-1,000 (its admin's list), the second people 1,001-6,000
// (absentees of a 5,000-member branch); the others share the rest in runs of about 186.
const ASSEMBLY = FIRST_ASSEMBLY;
const BIG = FIRST_ASSEMBLY + 1;
const REST = SIZE.assemblies - 2;
const branchOf = (id) =>
  `(case when ${id} <= 1000 then ${ASSEMBLY} when ${id} <= 6000 then ${BIG} ` +
  `else ${BIG + 1} + ((${id} - 6001)::bigint * ${REST}) / ${SIZE.people - 6000} end)`;

const FIRST_NAMES = [
  'Kwame', 'Ama', 'Kofi', 'Akosua', 'Yaw', 'Abena', 'Kwabena', 'Afia', 'Kojo', 'Adwoa', 'Kwaku', 'Akua', 'Esi',
  'Efua', 'Yaa', 'Nana', 'Emmanuel', 'Grace', 'Samuel', 'Comfort', 'Daniel', 'Mercy', 'Isaac', 'Gifty', 'Joseph',
  'Patience', 'Michael', 'Felicia', 'Eric', 'Rita',
]; // prettier-ignore
const LAST_NAMES = [
  'Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Agyeman', 'Appiah', 'Amoah', 'Darko', 'Addo', 'Ansah', 'Badu',
  'Quaye', 'Tetteh', 'Acheampong', 'Frimpong', 'Sarpong', 'Danquah', 'Ofori', 'Amponsah', 'Bonsu', 'Gyamfi', 'Adjei',
]; // prettier-ignore
const TOWNS = ['Kumasi', 'Tema', 'Kasoa', 'Takoradi', 'Tamale', 'Cape Coast', 'Ho', 'Koforidua', 'Sunyani', 'Madina'];
const list = (words) => `array[${words.map((w) => `'${w}'`).join(',')}]`;
const pick = (words, n) => `(${list(words)})[1 + (${n}) % ${words.length}]`;
// ISO timestamps and days as the product writes them (UTC text).
const stamp = (expr) => `to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const today = `(now() at time zone 'UTC')::date`;
const sunday = (weeksAgo) => `to_char(${today} - extract(dow from ${today})::int - 7 * (${weeksAgo}), 'YYYY-MM-DD')`;

/** The households h = 1 to `count`, each in the branch `branch` (SQL of h) names. */
const households = (count, branch) =>
  `insert into households (id, name, address, created_at, branch_id)
   select h, ${pick(LAST_NAMES, '3 * h - 2')} || ' household', h || ' Palm Lane',
          ${stamp(`now() - (h % 900) * interval '1 day'`)}, ${branch}
     from generate_series(1, ${count}) h`;

/**
 * The people i = 1 to `count` in the branch `branch` (SQL of i) names: one in 150 a pastor, one in 1,000 an
 * administrator, the rest members; three to a household (head, spouse, child).
 */
const people = (count, branch) =>
  `insert into users (id, username, email, password_hash, first_name, last_name, phone_number, role, is_active,
                      date_joined, member_since, household_id, household_relationship, branch_id, sms_notifications)
   select i, 'p' || i, 'p' || i || '@bench.example.org', 'bench-not-a-login', ${pick(FIRST_NAMES, 'i * 7')},
          ${pick(LAST_NAMES, '3 * ((i + 2) / 3) - 2')}, '+23324' || lpad((i * 37 % 10000000)::text, 7, '0'),
          case when i % 1000 = 1 then 'ADMIN' when i % 150 = 0 then 'PASTOR' else 'MEMBER' end, i % 97 <> 0,
          ${stamp(`now() - (i % 1500) * interval '1 day'`)}, to_char(${today} - (i % 3000), 'YYYY-MM-DD'),
          (i + 2) / 3, (array['Head', 'Spouse', 'Child'])[1 + (i - 1) % 3], ${branch}, i % 2 = 0
     from generate_series(1, ${count}) i`;

/** The accounts the bench signs in with, [username, role, branch id] (staff reach the portal). */
const staff = (rows, hash) =>
  `insert into users (username, email, password_hash, first_name, last_name, role, date_joined, branch_id,
                      can_access_web)
   values ${rows
     .map(
       ([name, role, branch]) =>
         `('${name}', '${name}@bench.example.org', '${hash}', '${name}', 'Staff', '${role}', ${stamp('now()')}, ${branch}, true)`,
     )
     .join(', ')}`;

/** The denomination, one statement a table, on one connection (`conn` runs a query); answers each step's seconds. */
async function seedNetwork(conn, staffHash) {
  const steps = [
    [
      'branches',
      `insert into branches (id, name, slug, parent_id, path, kind, address, phone, service_times, created_at)
       select id, name, slug, parent_id, path, kind, address, null, times, ${stamp('now()')} from (
         select a as id, ${pick(TOWNS, 'a')} || ' Area ' || a as name, 'area-' || a as slug, 1 as parent_id,
                '/1/' || a || '/' as path, 'Area' as kind, null as address, null as times
           from generate_series(2, ${FIRST_DISTRICT - 1}) a
         union all
         select d, ${pick(TOWNS, 'd')} || ' District ' || d, 'district-' || d, 2 + (d - ${FIRST_DISTRICT}) / ${SIZE.districtsPerArea},
                '/1/' || (2 + (d - ${FIRST_DISTRICT}) / ${SIZE.districtsPerArea}) || '/' || d || '/', 'District', null, null
           from generate_series(${FIRST_DISTRICT}, ${FIRST_ASSEMBLY - 1}) d
         union all
         select s, ${pick(TOWNS, 's')} || ' Assembly ' || s, 'assembly-' || s, ${FIRST_DISTRICT} + (s - ${FIRST_ASSEMBLY}) % ${DISTRICTS},
                '/1/' || (2 + ((s - ${FIRST_ASSEMBLY}) % ${DISTRICTS}) / ${SIZE.districtsPerArea}) || '/'
                  || (${FIRST_DISTRICT} + (s - ${FIRST_ASSEMBLY}) % ${DISTRICTS}) || '/' || s || '/',
                'Assembly', s || ' Church Street, ' || ${pick(TOWNS, 's')}, 'Sundays 7:00 and 9:30'
           from generate_series(${FIRST_ASSEMBLY}, ${LAST_ASSEMBLY}) s
       ) b`,
    ],
    ['', `select setval(pg_get_serial_sequence('branches', 'id'), ${LAST_ASSEMBLY})`],
    ['households', households(SIZE.people / 3, branchOf('3 * h - 2'))],
    ['', `select setval(pg_get_serial_sequence('households', 'id'), ${SIZE.people / 3})`],
    ['people', people(SIZE.people, branchOf('i'))],
    [
      '',
      `update households h set head_user_id = 3 * h.id - 2;
       select setval(pg_get_serial_sequence('users', 'id'), ${SIZE.people})`,
    ],
    [
      'staff (the bench signs in as them)',
      staff(
        [
          ['net-hq', 'ADMIN', 1],
          ['net-assembly', 'ADMIN', ASSEMBLY],
          ['net-big', 'PASTOR', BIG],
        ],
        staffHash,
      ),
    ],
    [
      'funds',
      `insert into funds (name, description, active, sort, created_at)
       select n, '', true, i, ${stamp('now()')} from unnest(array['Net Tithe', 'Net Offering', 'Net Welfare',
         'Net Building', 'Net Missions']) with ordinality f(n, i)`,
    ],
    [
      'gifts',
      // From the people at random, over the last two years: mostly paid, some refunded, flagged or pending.
      `insert into gifts (reference, fund_id, amount, status, method, user_id, paid_at, created_at, updated_at,
                          refund_amount, branch_id)
       select 'NET-' || g, f.ids[1 + g % 5], 100 * (1 + (g * 37) % 500),
              case g % 20 when 0 then 'refunded' when 1 then 'pending' when 2 then 'flagged' else 'paid' end,
              (array['paystack', 'cash', 'mobile_money', 'cheque'])[1 + g % 4], u,
              case when g % 20 = 1 then null else t end, t, t,
              case when g % 20 = 0 then 50 * (1 + (g * 37) % 500) end, ${branchOf('u')}
         from (select g, 1 + (g * 7919) % ${SIZE.people} as u,
                      ${stamp(`now() - ((g * 13) % 730) * interval '1 day' - (g % 86400) * interval '1 second'`)} as t
                 from generate_series(1::bigint, ${SIZE.gifts}) g) x,
              (select array_agg(id order by id) as ids from funds where name like 'Net %') f`,
    ],
    [
      'services',
      `insert into services (id, name, branch_id, day_of_week, start_time, language, created_at)
       select 1 + (s - ${FIRST_ASSEMBLY}) * 2 + k, (array['First Service', 'Second Service'])[1 + k], s, 0,
              (array['07:00', '09:30'])[1 + k], (array['English', 'Twi'])[1 + k], ${stamp('now()')}
         from generate_series(${FIRST_ASSEMBLY}, ${LAST_ASSEMBLY}) s, generate_series(0, 1) k;
       select setval(pg_get_serial_sequence('services', 'id'), ${SIZE.assemblies * 2})`,
    ],
    [
      'headcounts',
      // Every service on every Sunday of two years, in proportion to its assembly.
      `insert into headcounts (service_id, branch_id, date, men, women, children, first_timers, updated_at)
       select s.id, s.branch_id, ${sunday('w')}, m * (20 + (s.id * 7 + w * 3) % 10) / 100,
              m * (28 + (s.id * 5 + w * 7) % 12) / 100, m * (12 + (s.id + w) % 8) / 100, (s.id + w) % 4,
              ${stamp('now()')}
         from (select id, branch_id, case branch_id when ${ASSEMBLY} then 1000 when ${BIG} then 5000 else 186 end as m
                 from services) s, generate_series(0, ${SIZE.weeks - 1}) w`,
    ],
    [
      'named check-ins',
      // Three in ten people check in, each on about half the Sundays, at their assembly's first or second
      // service; one in fifty of them stopped coming four weeks ago (the absentees).
      `insert into checkins (service_id, branch_id, date, user_id, created_at)
       select 1 + (u.branch_id - ${FIRST_ASSEMBLY}) * 2 + u.id % 2, u.branch_id, ${sunday('w')}, u.id, ${stamp('now()')}
         from users u, generate_series(0, ${SIZE.weeks - 1}) w
        where u.id <= ${SIZE.people} and u.id % 10 < 3
          and (u.id::bigint * 2654435761 + w * 40503) % 1000003 % 100 < 50
          and not (u.id % 50 = 0 and w < 4)`,
    ],
  ];
  // A bulk load as one would do it by hand: the big tables' secondary indexes and foreign keys are dropped first
  // and made again after (one sort and one join each, not one lookup per row); the schema ends as migrated.
  const rebuilt = await conn(
    sql`select 'drop index ' || quote_ident(indexname) as "drop", indexdef as "make" from pg_indexes
         where schemaname = current_schema() and tablename in ('gifts', 'checkins', 'headcounts', 'users')
           and indexname not in (select conname from pg_constraint)`,
  );
  const keys = await conn(
    sql`select 'alter table ' || conrelid::regclass || ' drop constraint ' || quote_ident(conname) as "drop",
               'alter table ' || conrelid::regclass || ' add constraint ' || quote_ident(conname) || ' '
                 || pg_get_constraintdef(oid) as "make"
          from pg_constraint where contype = 'f' and conrelid in ('gifts'::regclass, 'checkins'::regclass,
               'headcounts'::regclass)`,
  );
  const took = [];
  const run = async (name, text) => {
    const started = performance.now();
    for (const statement of text.split(/;\s*\n/))
      await conn(sql.raw(statement)).catch((err) => {
        throw new Error(`seeding ${name || 'a sequence'}: ${err.message}`);
      });
    if (name) took.push([name, (performance.now() - started) / 1000]);
  };
  await run('', "set maintenance_work_mem = '256MB'");
  await run('', [...keys, ...rebuilt].map((r) => r.drop).join(';\n'));
  // The check-ins' counts (migration 0025) as one GROUP BY after the load, not a trigger's upsert per row.
  await run('', 'alter table checkins disable trigger user');
  for (const [name, text] of steps) await run(name, text);
  await run(
    'check-ins counted',
    `insert into attendance_counts (service_id, branch_id, date, checked_in)
     select service_id, branch_id, date, count(*) from checkins group by service_id, branch_id, date;
     alter table checkins enable trigger user`,
  );
  await run('indexes and keys made again', [...rebuilt, ...keys].map((r) => r.make).join(';\n'));
  await run('vacuum analyze', 'vacuum analyze');
  return took;
}

/** The yardstick: one church of the assembly's 1,000 people, made as the network's are, and its administrator. */
async function seedSingle(db, staffHash) {
  for (const statement of [
    households(334, 1),
    people(1000, 1),
    'update households set head_user_id = 3 * id - 2',
    `select setval(pg_get_serial_sequence('households', 'id'), 334)`,
    `select setval(pg_get_serial_sequence('users', 'id'), 1000)`,
    staff([['one-admin', 'ADMIN', 1]], staffHash),
    'vacuum analyze',
  ])
    await sql.raw(statement).execute(db);
}

// PostgreSQL as analytics.mjs finds it: BENCH_PG_URL's server, else scratch databases made as `postgres`.
const psql = (text) => spawnSync('su', ['postgres', '-c', `psql -qAtc "${text}"`], { encoding: 'utf8' });
if (psql('select 1').status !== 0) {
  const [, version] = /^(\d+)\s+main\s/m.exec(spawnSync('pg_lsclusters', { encoding: 'utf8' }).stdout ?? '') ?? [];
  if (version) spawnSync('pg_ctlcluster', [version, 'main', 'start']);
}
// BENCH_NETWORK_KEEP=1 keeps the two databases (their names are printed); BENCH_NETWORK_DBS=network,single
// measures those again without seeding (and keeps them).
const reuse = process.env.BENCH_NETWORK_DBS?.split(',');
const keep = !!reuse || process.env.BENCH_NETWORK_KEEP === '1';
const scratch = reuse ?? [`church_network_${process.pid}`, `church_single_${process.pid}`];
let urls;
if (reuse) urls = scratch.map((name) => `postgres://church_bench:church_bench@127.0.0.1:5432/${name}`);
else if (psql('select 1').status === 0) {
  psql(`CREATE ROLE church_bench LOGIN PASSWORD 'church_bench'`);
  if (scratch.every((name) => psql(`CREATE DATABASE ${name} OWNER church_bench`).status === 0))
    urls = scratch.map((name) => `postgres://church_bench:church_bench@127.0.0.1:5432/${name}`);
}
if (!urls) {
  console.log('network bench: skipped (it needs a local PostgreSQL reachable as the postgres account)');
  scratch.forEach((name) => psql(`DROP DATABASE IF EXISTS ${name}`));
  process.exit(0);
}

const children = [];
const dataDir = mkdtempSync(join(tmpdir(), 'church-bench-network-'));
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
const watchdog = setTimeout(() => {
  console.error('bench: time limit reached');
  stopAll();
  process.exit(1);
}, 1_800_000);

/** The API alone on one database: `node --import tsx src/host/main.ts`, so the pid held is the server. */
async function startServer(url) {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/host/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-network-secret-bench-network-secret-0123',
      LOG_REQUESTS: '0',
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, { intervalMs: 100 });
  return `${origin}/api/v1`;
}

async function signIn(base, username) {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} answered ${res.status}: ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).access}`, 'x-platform': 'web', 'accept-encoding': 'gzip' };
}

/** GET, the whole answer read; throws unless 200. Answers the parsed JSON. */
async function get(url, headers) {
  // A kept-alive connection the server closed meanwhile fails once; a server that is gone fails again.
  const res = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** One caller at a time, as a screen asks: the median of 9 after 2 untimed (fewer when a call takes seconds). */
async function latency(fn) {
  const ms = [];
  const started = performance.now();
  for (let i = 0; i < 11 && (!ms.length || performance.now() - started < 15_000); i++) {
    const one = performance.now();
    await fn();
    if (i >= 2 || performance.now() - one > 2000) ms.push(performance.now() - one);
  }
  return median(ms);
}

/** `jobs` run `width` at a time (a browser's six connections to one host). */
async function atOnce(jobs, width) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) await jobs[next++]();
  })); // prettier-ignore
}

/**
 * Two calls' medians, asked in turn (A, B, B, A, …) after a few of each untimed, so that whatever the shared
 * machine does meanwhile falls on both alike.
 */
async function interleaved(a, b, times) {
  for (let i = 0; i < 5; i++) await Promise.all([a(), b()]).catch(() => {});
  const took = [[], []];
  for (let i = 0; i < times; i++)
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const started = performance.now();
      await [a, b][k]();
      took[k].push(performance.now() - started);
    }
  return took.map(median);
}

/** One round of every figure. */
async function round(net, one, tokens) {
  const rows = [];
  /** A figure's row: [name, value, unit, target, within (null: no target)]. */
  const ms = (name, value, budget) => rows.push([name, value, 'ms', `< ${budget} ms`, value < budget]);
  const { hq, assembly, big, single } = tokens;
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

  ms(
    'HQ roll-up: GET /branches/1/summary/ (whole network)',
    await latency(() => get(`${net}/branches/1/summary/`, hq)),
    200,
  );
  const tree = await get(`${net}/branches/`, hq);
  const shown = [1, ...tree.filter((b) => b.parentId === 1).map((b) => b.id)];
  const screen = await latency(async () => {
    await get(`${net}/branches/`, hq);
    await atOnce(
      shown.map((id) => () => get(`${net}/branches/${id}/summary/`, hq)),
      6,
    );
  });
  // What the screen waits for at headquarters: no target of its own (the roll-up's is the root's summary above).
  rows.push([`Network screen at HQ: GET /branches/ + ${shown.length} summaries, 6 at a time`, screen, 'ms', '', null]);
  // The Attendance screen's two calls, made at once as the browser makes them: the weeks and the rows it shows.
  let yearWeeks = 0;
  let yearBytes = 0;
  ms(
    'Attendance screen: weekly + newest 301 rows, a year (whole network)',
    await latency(async () => {
      const [weeks, rows] = await Promise.all([
        get(`${net}/attendance/weekly/?from=${from}`, hq),
        get(`${net}/attendance/?from=${from}&limit=301`, hq),
      ]);
      yearWeeks = weeks.length;
      yearBytes = JSON.stringify(weeks).length + JSON.stringify(rows).length;
    }),
    200,
  );
  // The contract's whole answer, every service and date of the year: no screen asks for it any more (no target).
  let attendanceRows = 0;
  rows.push([
    'GET /attendance/?from= a year ago, every row (whole network)',
    await latency(async () => (attendanceRows = (await get(`${net}/attendance/?from=${from}`, hq)).length)),
    'ms',
    '',
    null,
  ]);
  let absent = 0;
  ms(
    'Absentees: GET /attendance/absent/?weeks=3 (a 5,000-member assembly)',
    await latency(async () => (absent = (await get(`${net}/attendance/absent/?weeks=3`, big)).length)),
    300,
  );

  // The assembly admin against a single church's administrator (the same 1,000 people).
  for (const [name, path] of [
    ['user list', '/auth/users/'],
    ['user stats', '/auth/users/stats/'],
    ['search "mensah"', '/search/?q=mensah'],
  ]) {
    const [scoped, alone] = await interleaved(
      () => get(`${net}${path}`, assembly),
      () => get(`${one}${path}`, single),
      41,
    );
    const ratio = scoped / alone;
    rows.push([
      `${name}: assembly admin / single church, median ms (${scoped.toFixed(1)} / ${alone.toFixed(1)})`,
      Math.round(ratio * 100),
      '%',
      '<= 120%',
      ratio <= 1.2,
    ]);
  }
  // The scope's own cost: on the same server and data, the assembly admin (scoped) against headquarters (whose
  // scope filters nothing).
  for (const [name, path] of [
    ['profile', '/auth/profile/'],
    ['user stats', '/auth/users/stats/'],
  ]) {
    const [scoped, none] = await interleaved(
      () => get(`${net}${path}`, assembly),
      () => get(`${net}${path}`, hq),
      201,
    );
    const cost = scoped / none - 1;
    rows.push([
      `scope's cost on ${name}: assembly admin vs HQ, median ms (${scoped.toFixed(2)} / ${none.toFixed(2)})`,
      Math.round(cost * 1000) / 10,
      '%',
      '<= 5%',
      cost <= 0.05,
    ]);
  }
  return { rows, attendanceRows, yearWeeks, yearBytes, absent };
}

const n = (x) => Number(x).toLocaleString('en-US');

/** Both databases migrated and filled; prints how long the network took. */
async function seedBoth() {
  const staffHash = await hashPassword(PASSWORD, PRODUCTION_ARGON2);
  const [network, single] = await Promise.all(urls.map((url) => openDatabase(url)));
  try {
    for (const database of [network, single]) await migrateToLatest(database.db, database.dialect);
    console.log('\nSeeding the network (PostgreSQL, SQL only) ...');
    const seedStarted = performance.now();
    const took = await network.db
      .connection()
      .execute((c) => seedNetwork(async (query) => (await query.execute(c)).rows, staffHash));
    const total = (performance.now() - seedStarted) / 1000;
    const counts = await sql
      .raw(
        `select (select count(*) from branches) as branches, (select count(*) from users) as people,
                (select count(*) from households) as households, (select count(*) from gifts) as gifts,
                (select count(*) from headcounts) as headcounts, (select count(*) from checkins) as checkins`,
      )
      .execute(network.db);
    const c = counts.rows[0];
    console.log(
      `seeded in ${total.toFixed(1)} s: ${n(c.branches)} branches, ${n(c.people)} people, ${n(c.households)} households, ` +
        `${n(c.gifts)} gifts, ${n(c.headcounts)} headcounts + ${n(c.checkins)} check-ins = ` +
        `${n(Number(c.headcounts) + Number(c.checkins))} attendance rows`,
    );
    console.log(`  ${took.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}`);
    await seedSingle(single.db, staffHash);
  } finally {
    await Promise.all([network.close(), single.close()]);
  }
}

try {
  if (!reuse) await seedBoth();
  const [net, one] = [await startServer(urls[0]), await startServer(urls[1])];
  for (let r = 1; r <= ROUNDS; r++) {
    // Signed in afresh each round: an access token lives a few minutes.
    const tokens = {
      hq: await signIn(net, 'net-hq'),
      assembly: await signIn(net, 'net-assembly'),
      big: await signIn(net, 'net-big'),
      single: await signIn(one, 'one-admin'),
    };
    const { rows, attendanceRows, yearWeeks, yearBytes, absent } = await round(net, one, tokens);
    console.log(
      `\nNetwork at scale, round ${r} of ${ROUNDS} (the year: ${n(attendanceRows)} rows; the screen's ` +
        `${yearWeeks} weeks and 301 rows, ${(yearBytes / 1e3).toFixed(0)} kB of JSON; ${absent} absentees)`,
    );
    console.table(
      rows.map(([figure, value, unit, target, within]) => ({
        figure,
        value: `${typeof value === 'number' && unit === 'ms' ? value.toFixed(1) : value} ${unit}`,
        target,
        '': within === null ? '' : within ? 'within' : 'MISSED',
      })),
    );
  }
} catch (err) {
  console.error(`bench failed: ${err.stack ?? err.message}`, err.cause ?? '');
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  stopAll();
  await Promise.all(
    children.map((ch) => ch.exitCode === null && ch.signalCode === null && new Promise((r) => ch.once('exit', r))),
  );
  rmSync(dataDir, { recursive: true, force: true });
  if (keep) console.log(`kept: BENCH_NETWORK_DBS=${scratch.join(',')}`);
  else scratch.forEach((name) => psql(`DROP DATABASE IF EXISTS ${name}`));
}
