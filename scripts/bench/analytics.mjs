// Analytics and dashboard query time on a big church (`npm run bench`): a throw-away database with 10,000
// members, 1,000 sermons, 5,000 prayer requests, 100,000 sermon page views (with audio plays), 100,000 days of
// member activity, 5,000 registrations and 50,000 gifts to 5 funds, on SQLite and (when it can be reached) PostgreSQL. Prints the median
// and worst of 7 reports per range, and the dashboard's three calls. Budget: each range within 100 ms median.
// PostgreSQL: BENCH_PG_URL, else a scratch database made with the local `postgres` account (skipped if neither).
import { register } from 'tsx/esm/api';
import { sql } from 'kysely';
import { scratchPostgres } from './lib/scratch-pg.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

register();
const src = new URL('../../src/server/', import.meta.url);
const load = (path) => import(new URL(path, src).href);
const { openDatabase } = await load('db/connection.ts');
const { migrateToLatest } = await load('db/migrations/index.ts');
const { newUserRow } = await load('users/new-user.ts');
const { inChunks } = await load('db/batch.ts');
const { analyticsReport } = await load('analytics/service.ts');
const { dashboardFigures } = await load('dashboard/service.ts');
const { notices } = await load('dashboard/notices.ts');
const { fundTotals, givingReport } = await load('giving/summary.ts');
const { buckets, rangeWindows } = await import(
  new URL('../../src/lib/shared/analytics/periods.ts', import.meta.url).href
);

const SIZES = {
  members: 10_000,
  sermons: 1_000,
  prayers: 5_000,
  views: 100_000,
  activity: 100_000,
  registrations: 5_000,
  gifts: 50_000,
};
const RUNS = 7;
const DAY = 86_400_000;
const now = Date.now();
const day = (ago) => new Date(now - ago * DAY).toISOString().slice(0, 10);
const stamp = (ago) => new Date(now - ago * DAY).toISOString();
// A fixed sequence, so every run measures the same data.
// mulberry32: 32-bit integer steps, so no precision is lost to floating point.
let seed = 42;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = (n) => Math.floor(random() * n);

async function insert(db, table, rows) {
  for (const chunk of inChunks(rows)) await db.insertInto(table).values(chunk).execute();
}

async function fill(db) {
  const users = Array.from({ length: SIZES.members }, (_, i) =>
    newUserRow({
      username: `member${i}`,
      email: `member${i}@bench.example.org`,
      password_hash: 'bench-not-a-login',
      first_name: 'Member',
      last_name: String(i),
      role: 'MEMBER',
      date_joined: stamp(pick(730)),
    }),
  );
  await insert(db, 'users', users);
  const ids = (await db.selectFrom('users').select('id').execute()).map((u) => Number(u.id));
  const sermons = Array.from({ length: SIZES.sermons }, (_, i) => ({
    id: `bench-sermon-${i}`,
    title: `Bench Sermon ${i}`,
    speaker: 'Rev. Bench',
    date: day(pick(730)),
    category: 'Faith',
    duration: '',
    description: '',
    thumbnail: null,
    audio_url: null,
    video_url: null,
    series: null,
    views: 0,
    likes: 0,
    comments: 0,
    status: 'published',
    tags: '[]',
    notes: '',
    created_at: stamp(pick(730)),
    updated_at: stamp(0),
  }));
  await insert(db, 'sermons', sermons);
  const categories = ['health', 'family', 'guidance', 'gratitude', 'ministry', 'personal'];
  const prayers = Array.from({ length: SIZES.prayers }, (_, i) => {
    const ago = pick(730);
    return {
      title: `Bench prayer ${i}`,
      requester: 'Bench Person',
      email: null,
      phone: null,
      category: categories[i % categories.length],
      priority: 'medium',
      status: ['active', 'ongoing', 'answered', 'closed'][pick(4)],
      description: 'Please pray.',
      is_public: false,
      approved: false,
      assigned_to_id: null,
      assigned_to: null,
      supporters: 0,
      tags: '[]',
      source: 'prayer-form',
      date_requested: stamp(ago),
      last_updated: stamp(ago),
    };
  });
  await insert(db, 'prayer_requests', prayers);
  // 100,000 views over the sermons and the last two years, one row per sermon and day (plays about a third).
  const counts = new Map();
  for (let v = 0; v < SIZES.views; v++) {
    const key = `${day(pick(730))}|${sermons[pick(SIZES.sermons)].id}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const views = [];
  for (const [key, count] of counts) {
    const [d, id] = key.split('|');
    views.push({ day: d, kind: 'sermon_view', item_id: id, count });
    if (random() < 0.5)
      views.push({ day: d, kind: 'audio_play', item_id: id, count: Math.max(1, Math.round(count / 2)) });
  }
  await insert(db, 'content_views', views);
  const activity = new Map();
  while (activity.size < SIZES.activity) {
    const row = { user_id: ids[pick(ids.length)], day: day(pick(730)) };
    activity.set(`${row.user_id}|${row.day}`, row);
  }
  await insert(db, 'member_activity', [...activity.values()]);
  const event = {
    id: 'bench-event',
    title: 'Bench Event',
    description: '',
    category: 'fellowship',
    type: 'one-time',
    status: 'upcoming',
    start_date: day(-30),
    end_date: day(-30),
    start_time: '10:00',
    end_time: '12:00',
    location: 'Hall',
    capacity: null,
    organizer: 'Bench',
    is_public: true,
    requires_registration: true,
    tags: '[]',
    image_url: null,
    created_at: stamp(400),
    updated_at: stamp(400),
  };
  await db.insertInto('events').values(event).execute();
  const registrations = Array.from({ length: SIZES.registrations }, (_, i) => ({
    event_id: event.id,
    name: `Registrant ${i}`,
    email: `r${i}@bench.example.org`,
    phone: null,
    seats: 1 + pick(3),
    status: ['confirmed', 'checked_in', 'waitlisted'][pick(3)],
    created_at: stamp(pick(365)),
    cancel_token_hash: null,
    updated_at: null,
  }));
  await insert(db, 'event_registrations', registrations);
  // Giving over two years (the 1y range and the year before it): mostly paid, some refunded, flagged or pending.
  await insert(
    db,
    'funds',
    ['Tithe', 'Offering', 'Welfare', 'Building Fund', 'Missions'].map((name, i) => ({
      name,
      description: '',
      active: true,
      sort: i,
      created_at: stamp(800),
    })),
  );
  const funds = (await db.selectFrom('funds').select('id').execute()).map((f) => f.id);
  const gifts = Array.from({ length: SIZES.gifts }, (_, i) => {
    const at = stamp(pick(730));
    const status = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'refunded', 'flagged', 'pending'][pick(9)];
    const amount = 100 * (1 + pick(500));
    return {
      reference: `BENCH-${i}`,
      fund_id: funds[pick(funds.length)],
      amount,
      currency: 'GHS',
      status,
      method: ['paystack', 'cash', 'cheque', 'mobile_money'][pick(4)],
      paid_at: status === 'pending' ? null : at,
      refund_amount: status === 'refunded' ? amount / 2 : null,
      created_at: at,
      updated_at: at,
    };
  });
  await insert(db, 'gifts', gifts);
  return { viewRows: views.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return `median ${median(ms).toFixed(1)} ms, worst ${Math.max(...ms).toFixed(1)} ms`;
}

async function measure(name, url) {
  const database = await openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    const started = performance.now();
    const { viewRows } = await fill(database.db);
    // What autovacuum (PostgreSQL) or the next ANALYZE would do on a live database: fresh planner statistics.
    await sql`analyze`.execute(database.db);
    console.log(`\n${name}: filled in ${((performance.now() - started) / 1000).toFixed(1)} s (${viewRows} view rows)`);
    const deps = { database, now: () => now, mailer: { send: async () => undefined }, media: null, config: {} };
    // An administrator's answers: the fullest, giving included.
    const admin = { role: 'ADMIN' };
    const pastor = { role: 'PASTOR' };
    for (const range of ['7d', '30d', '90d', '1y']) {
      const report = await analyticsReport(deps, range, admin);
      if (Object.values(report).some((v) => v && typeof v === 'object' && 'error' in v))
        throw new Error(`${range} failed`);
      console.log(`  analytics ${range.padEnd(3)}: ${await time(() => analyticsReport(deps, range, admin))}`);
    }
    // A pastor's answers have no giving: the difference is what giving costs.
    console.log(`  analytics 1y (a pastor, no giving): ${await time(() => analyticsReport(deps, '1y', pastor))}`);
    console.log(`  dashboard figures: ${await time(() => dashboardFigures(deps, admin))}`);
    console.log(`  dashboard figures (a pastor, no giving): ${await time(() => dashboardFigures(deps, pastor))}`);
    // Giving's own two reads over the year (50,000 gifts over two years).
    const year = rangeWindows('1y', now);
    console.log(`  giving per fund 1y: ${await time(() => fundTotals(database.db, year.current, year.previous))}`);
    console.log(
      `  giving section 1y (per fund and series): ${await time(() => givingReport(database.db, year.current, year.previous, buckets('1y', year.current)))}`,
    );
    const staff = {
      ...(await database.db.selectFrom('users').selectAll().limit(1).executeTakeFirstOrThrow()),
      role: 'ADMIN',
    };
    console.log(`  notifications:     ${await time(() => notices(deps, staff))}`);
  } finally {
    await database.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'church-bench-analytics-'));
try {
  await measure('SQLite', `file:${join(dir, 'church.db')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const pg = scratchPostgres('church_bench');
if (!pg) console.log('\nPostgreSQL: skipped (set BENCH_PG_URL, or run as root with a local PostgreSQL)');
else {
  try {
    await measure('PostgreSQL', pg.url);
  } finally {
    pg.drop();
  }
}
