// The analytics report (docs/PRODUCT.md (Analytics) defines every figure): counted from the data for a range and
// the same number of days before it. Each section is counted on its own, so one that fails answers {error} and
// the screen shows the others. Windows are [start, end) in UTC days, compared as ISO strings (periods.ts).
import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import {
  bucketIndex,
  buckets,
  percentChange,
  percentOf,
  rangeWindows,
  type AnalyticsRange,
  type Window,
} from '../../lib/shared/periods';
import type {
  AnalyticsGrowth,
  AnalyticsOverview,
  AnalyticsReport,
  ContentCategory,
  PrayerCategoryFigure,
  TimeframePoint,
  TopEvent,
  TopSermon,
} from '../../lib/shared/analytics-api';
import { PRAYER_CATEGORIES } from '../../lib/shared/visitor-rules';
import { VIEW_KINDS } from './views';

const TOP = 5;
const n = (value: unknown) => Number(value ?? 0) || 0;

/** A section's figures, or the reason they could not be counted (logged in full). */
export async function settle<T>(name: string, count: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await count();
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'figure failed', figure: name, error: String(err) }));
    return { error: 'These figures could not be counted just now.' };
  }
}

/** Rows whose `column` (an ISO timestamp or a day) falls in the window. */
const within = (column: string, w: Window) =>
  sql<boolean>`${sql.ref(column)} >= ${w.start} and ${sql.ref(column)} < ${w.end}`;

async function countWhere(
  db: Kysely<DB>,
  table: 'users' | 'events' | 'prayer_requests' | 'contact_messages' | 'prayer_marks' | 'event_registrations',
  column: string,
  w: Window,
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(within(column, w))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

export async function activeMembers(db: Kysely<DB>, w: Window): Promise<number> {
  const row = await db
    .selectFrom('member_activity')
    .select(sql<number>`count(distinct user_id)`.as('n'))
    .where(within('day', w))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

async function sermonsIn(db: Kysely<DB>, w: Window) {
  const row = await db
    .selectFrom('sermons')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['published', 'scheduled'])
    .where(within('date', w))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

async function viewsIn(db: Kysely<DB>, w: Window): Promise<{ views: number; plays: number }> {
  const rows = await db
    .selectFrom('content_views')
    .select(['kind', (eb) => eb.fn.sum<number>('count').as('n')])
    .where(within('day', w))
    .groupBy('kind')
    .execute();
  const of = (kind: string) => n(rows.find((r) => r.kind === kind)?.n);
  return { views: of(VIEW_KINDS.view), plays: of(VIEW_KINDS.play) };
}

async function retention(db: Kysely<DB>, current: Window, previous: Window): Promise<number> {
  const row = await db
    .selectFrom('member_activity as a')
    .select([
      sql<number>`count(distinct a.user_id)`.as('before'),
      sql<number>`count(distinct case when exists (
        select 1 from member_activity b where b.user_id = a.user_id and b.day >= ${current.start} and b.day < ${current.end}
      ) then a.user_id end)`.as('kept'),
    ])
    .where(within('a.day', previous))
    .executeTakeFirstOrThrow();
  return percentOf(n(row.kept), n(row.before));
}

async function usersBefore(db: Kysely<DB>, day: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('date_joined', '<', day)
    .executeTakeFirstOrThrow();
  return n(row.n);
}

interface PeriodFigures {
  totalUsers: number;
  activeUsers: number;
  newUsers: number;
  events: number;
  prayers: number;
  sermons: number;
  views: number;
  plays: number;
}

async function periodFigures(db: Kysely<DB>, w: Window): Promise<PeriodFigures> {
  const [totalUsers, activeUsers, newUsers, events, prayers, sermons, seen] = await Promise.all([
    usersBefore(db, w.end),
    activeMembers(db, w),
    countWhere(db, 'users', 'date_joined', w),
    countWhere(db, 'events', 'start_date', w),
    countWhere(db, 'prayer_requests', 'date_requested', w),
    sermonsIn(db, w),
    viewsIn(db, w),
  ]);
  return { totalUsers, activeUsers, newUsers, events, prayers, sermons, ...seen };
}

const engagementOf = (f: { views: number; plays: number }) => percentOf(f.plays, f.views);

async function overviewAndGrowth(db: Kysely<DB>, current: Window, previous: Window) {
  const [now, before, kept] = await Promise.all([
    periodFigures(db, current),
    periodFigures(db, previous),
    retention(db, current, previous),
  ]);
  const overview: AnalyticsOverview = {
    totalUsers: now.totalUsers,
    activeUsers: now.activeUsers,
    newUsers: now.newUsers,
    totalEvents: now.events,
    totalPrayers: now.prayers,
    totalSermons: now.sermons,
    sermonViews: now.views,
    audioPlays: now.plays,
    engagement: engagementOf(now),
    retention: kept,
  };
  const growth: AnalyticsGrowth = {
    users: percentChange(now.totalUsers, before.totalUsers),
    activeUsers: percentChange(now.activeUsers, before.activeUsers),
    events: percentChange(now.events, before.events),
    prayers: percentChange(now.prayers, before.prayers),
    sermons: percentChange(now.sermons, before.sermons),
    engagement: percentChange(engagementOf(now), engagementOf(before)),
  };
  return { overview, growth };
}

/** Per bucket: members active, registrations made, and plays per view. */
async function timeframe(db: Kysely<DB>, range: AnalyticsRange, w: Window): Promise<TimeframePoint[]> {
  const list = buckets(range, w);
  const points = list.map((b) => ({ ...b, users: 0, events: 0, views: 0, plays: 0 }));
  const daily = range === '7d' || range === '30d';
  const [activity, registrations, seen] = await Promise.all([
    daily
      ? db
          .selectFrom('member_activity')
          .select(['day', sql<number>`count(distinct user_id)`.as('n')])
          .where(within('day', w))
          .groupBy('day')
          .execute()
      : // A member active on several days of a week counts once in it: one distinct count per bucket.
        Promise.all(list.map(async (b) => ({ day: b.start, n: await activeMembers(db, b) }))),
    db
      .selectFrom('event_registrations')
      .select([sql<string>`substr(created_at, 1, 10)`.as('day'), (eb) => eb.fn.countAll().as('n')])
      .where(within('created_at', w))
      .groupBy(sql`substr(created_at, 1, 10)`)
      .execute(),
    db
      .selectFrom('content_views')
      .select(['day', 'kind', (eb) => eb.fn.sum<number>('count').as('n')])
      .where(within('day', w))
      .groupBy(['day', 'kind'])
      .execute(),
  ]);
  for (const r of activity) {
    const i = bucketIndex(list, r.day);
    if (i >= 0) points[i].users += n(r.n);
  }
  for (const r of registrations) {
    const i = bucketIndex(list, r.day);
    if (i >= 0) points[i].events += n(r.n);
  }
  for (const r of seen) {
    const i = bucketIndex(list, r.day);
    if (i >= 0) points[i][r.kind === VIEW_KINDS.view ? 'views' : 'plays'] += n(r.n);
  }
  return points.map(({ views, plays, ...p }) => ({ ...p, engagement: percentOf(plays, views) }));
}

/** What people did in the period, by kind, with each kind's share. */
async function categories(db: Kysely<DB>, w: Window): Promise<ContentCategory[]> {
  const [seen, registrations, prayers, messages, prayed] = await Promise.all([
    viewsIn(db, w),
    countWhere(db, 'event_registrations', 'created_at', w),
    countWhere(db, 'prayer_requests', 'date_requested', w),
    countWhere(db, 'contact_messages', 'created_at', w),
    countWhere(db, 'prayer_marks', 'day', w),
  ]);
  const rows = [
    { name: 'Sermon views', count: seen.views },
    { name: 'Audio plays', count: seen.plays },
    { name: 'Event registrations', count: registrations },
    { name: 'Prayer requests', count: prayers },
    { name: '"I prayed" on the wall', count: prayed },
    { name: 'Contact messages', count: messages },
  ];
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return rows.map((r) => ({ ...r, percentage: percentOf(r.count, total) })).sort((a, b) => b.count - a.count);
}

async function topSermons(db: Kysely<DB>, w: Window): Promise<TopSermon[]> {
  const rows = await db
    .selectFrom('content_views as v')
    .innerJoin('sermons as s', 's.id', 'v.item_id')
    .select([
      's.id',
      's.title',
      sql<number>`sum(case when v.kind = ${VIEW_KINDS.view} then v.count else 0 end)`.as('views'),
      sql<number>`sum(case when v.kind = ${VIEW_KINDS.play} then v.count else 0 end)`.as('plays'),
    ])
    .where(within('v.day', w))
    .groupBy(['s.id', 's.title'])
    .orderBy('views', 'desc')
    .orderBy('plays', 'desc')
    .orderBy('s.title')
    .limit(TOP)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, views: n(r.views), plays: n(r.plays) }));
}

async function topEvents(db: Kysely<DB>, w: Window): Promise<TopEvent[]> {
  const rows = await db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select([
      'e.id',
      'e.title',
      (eb) => eb.fn.countAll().as('registrations'),
      (eb) => eb.fn.sum<number>('r.seats').as('seats'),
      sql<number>`sum(case when r.status = 'checked_in' then 1 else 0 end)`.as('checked_in'),
    ])
    .where('r.status', '!=', 'cancelled')
    .where(within('r.created_at', w))
    .groupBy(['e.id', 'e.title'])
    .orderBy('seats', 'desc')
    .orderBy('e.title')
    .limit(TOP)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    registrations: n(r.registrations),
    seats: n(r.seats),
    checkedIn: n(r.checked_in),
  }));
}

async function prayerCategories(db: Kysely<DB>, w: Window): Promise<PrayerCategoryFigure[]> {
  const rows = await db
    .selectFrom('prayer_requests')
    .select([
      'category',
      (eb) => eb.fn.countAll().as('requests'),
      sql<number>`sum(case when status = 'answered' then 1 else 0 end)`.as('answered'),
    ])
    .where(within('date_requested', w))
    .groupBy('category')
    .execute();
  const found = new Map(rows.map((r) => [r.category, r]));
  return PRAYER_CATEGORIES.map((category) => ({
    category,
    requests: n(found.get(category)?.requests),
    answered: n(found.get(category)?.answered),
  })).sort((a, b) => b.requests - a.requests);
}

export async function analyticsReport(deps: AppDeps, range: AnalyticsRange): Promise<AnalyticsReport> {
  const db = deps.database.db;
  const nowMs = deps.now();
  const { current, previous } = rangeWindows(range, nowMs);
  const [both, series, kinds, sermons, events, prayers] = await Promise.all([
    settle('overview', () => overviewAndGrowth(db, current, previous)),
    settle('timeframe', () => timeframe(db, range, current)),
    settle('categories', () => categories(db, current)),
    settle('top sermons', () => topSermons(db, current)),
    settle('top events', () => topEvents(db, current)),
    settle('prayer categories', () => prayerCategories(db, current)),
  ]);
  return {
    range,
    period: current,
    previous,
    generatedAt: iso(nowMs),
    overview: 'error' in both ? both : both.overview,
    growth: 'error' in both ? both : both.growth,
    timeframe: series,
    categories: kinds,
    topSermons: sermons,
    topEvents: events,
    prayerCategories: prayers,
  };
}
