// The analytics report (docs/PRODUCT.md (Analytics) defines every figure): counted from the data for a range and
// the same number of days before it. Each section is counted on its own, so one that fails answers {error} and
// the screen shows the others. Windows are [start, end) in UTC days, compared as ISO strings (periods.ts).
import { sql, type Kysely } from 'kysely';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import type { Database } from '../db/connection';
import { iso } from '../db/time';
import {
  bucketIndex,
  buckets,
  percentChange,
  percentOf,
  rangeWindows,
  type AnalyticsRange,
  type Window,
} from '../../lib/shared/analytics/periods';
import type {
  AnalyticsGrowth,
  AnalyticsOverview,
  AnalyticsReport,
  ContentCategory,
  TimeframePoint,
} from '../../lib/shared/analytics/api';
import { VIEW_KINDS } from './views';
import { n, prayerCategories, topEvents, topSermons, within } from './top-lists';
import { givingReport } from '../giving/summary';
import { canSeeGiving, type Role } from '../../lib/shared/permissions';

/** A section's figures, or the reason they could not be counted (logged in full). */
export async function settle<T>(name: string, count: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await count();
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'figure failed', figure: name, error: String(err) }));
    return { error: 'These figures could not be counted just now.' };
  }
}

/** Days members used the portal, of the accounts in the scope. */
const activityIn = (db: Kysely<DB>, scope: Scope) =>
  scope.root
    ? db.selectFrom('member_activity')
    : inScope(
        db.selectFrom('member_activity').innerJoin('users', 'users.id', 'member_activity.user_id'),
        scope,
        'users.branch_id',
      );

/** The whole church: what belongs to no branch (sermons, prayer requests, messages) is counted for every caller. */
const WHOLE: Scope = { branchId: 0, path: '/', root: true };

async function countWhere(
  db: Kysely<DB>,
  table: 'users' | 'events' | 'prayer_requests' | 'contact_messages' | 'prayer_marks' | 'event_registrations',
  column: string,
  w: Window,
  scope: Scope = WHOLE,
) {
  const scoped = table === 'users' || table === 'events' ? scope : WHOLE;
  const row = await inScope(db.selectFrom(table), scoped, 'branch_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where(within(column, w))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

export async function activeMembers(db: Kysely<DB>, w: Window, scope: Scope = WHOLE): Promise<number> {
  const row = await activityIn(db, scope)
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

/** Sermon views and audio plays per day and kind: read once per report, for both periods. */
interface DayViews {
  day: string;
  kind: string;
  n: number;
}
async function viewsByDay(db: Kysely<DB>, w: Window): Promise<DayViews[]> {
  const rows = await db
    .selectFrom('content_views')
    .select(['day', 'kind', (eb) => eb.fn.sum<number>('count').as('n')])
    .where(within('day', w))
    .groupBy(['day', 'kind'])
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind, n: n(r.n) }));
}

function viewsIn(rows: readonly DayViews[], w: Window): { views: number; plays: number } {
  const seen = { views: 0, plays: 0 };
  for (const r of rows) {
    if (r.day < w.start || r.day >= w.end) continue;
    seen[r.kind === VIEW_KINDS.view ? 'views' : 'plays'] += r.n;
  }
  return seen;
}

/** The members active in a window (each once). */
async function activeIds(db: Kysely<DB>, w: Window, scope: Scope): Promise<Set<number>> {
  const rows = await activityIn(db, scope).select('user_id').distinct().where(within('day', w)).execute();
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** PostgreSQL: each period's members from the (day, user) index, compared here. */
async function activityBySets(db: Kysely<DB>, scope: Scope, current: Window, previous: Window) {
  const [now, before] = await Promise.all([activeIds(db, current, scope), activeIds(db, previous, scope)]);
  let kept = 0;
  for (const id of before) if (now.has(id)) kept++;
  return { now: now.size, before: before.size, retention: percentOf(kept, before.size) };
}

/** SQLite: per account, two seeks into its activity days (the primary key is user and day). */
async function activityBySeeks(db: Kysely<DB>, scope: Scope, current: Window, previous: Window) {
  const activeIn = (w: Window) =>
    sql<boolean>`exists (select 1 from member_activity a where a.user_id = u.id and a.day >= ${w.start} and a.day < ${w.end})`;
  const spans = inScope(db.selectFrom('users as u'), scope, 'u.branch_id')
    .select([activeIn(current).as('now'), activeIn(previous).as('before')])
    .as('m');
  const row = await db
    .selectFrom(spans)
    .select([
      sql<number>`sum(case when m.now then 1 else 0 end)`.as('now'),
      sql<number>`sum(case when m.before then 1 else 0 end)`.as('before'),
      sql<number>`sum(case when m.now and m.before then 1 else 0 end)`.as('kept'),
    ])
    .executeTakeFirstOrThrow();
  return { now: n(row.now), before: n(row.before), retention: percentOf(n(row.kept), n(row.before)) };
}

/**
 * Members active in each period, and the share of those active before who are active again now. Each database
 * has its fastest form (scripts/bench/analytics.mjs): PostgreSQL plans the seeks over the day index, and SQLite
 * pays for the two distinct scans.
 */
const activity = (database: Database, scope: Scope, current: Window, previous: Window) =>
  database.dialect === 'sqlite'
    ? activityBySeeks(database.db, scope, current, previous)
    : activityBySets(database.db, scope, current, previous);

async function usersBefore(db: Kysely<DB>, scope: Scope, day: string) {
  const row = await inScope(db.selectFrom('users'), scope, 'branch_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('date_joined', '<', day)
    .executeTakeFirstOrThrow();
  return n(row.n);
}

interface PeriodFigures {
  totalUsers: number;
  newUsers: number;
  events: number;
  prayers: number;
  sermons: number;
  views: number;
  plays: number;
}

async function periodFigures(
  db: Kysely<DB>,
  scope: Scope,
  w: Window,
  daily: Promise<DayViews[]>,
): Promise<PeriodFigures> {
  const [totalUsers, newUsers, events, prayers, sermons, views] = await Promise.all([
    usersBefore(db, scope, w.end),
    countWhere(db, 'users', 'date_joined', w, scope),
    countWhere(db, 'events', 'start_date', w, scope),
    countWhere(db, 'prayer_requests', 'date_requested', w),
    sermonsIn(db, w),
    daily,
  ]);
  return { totalUsers, newUsers, events, prayers, sermons, ...viewsIn(views, w) };
}

const engagementOf = (f: { views: number; plays: number }) => percentOf(f.plays, f.views);

async function overviewAndGrowth(
  database: Database,
  scope: Scope,
  current: Window,
  previous: Window,
  daily: Promise<DayViews[]>,
) {
  const db = database.db;
  const [now, before, active] = await Promise.all([
    periodFigures(db, scope, current, daily),
    periodFigures(db, scope, previous, daily),
    activity(database, scope, current, previous),
  ]);
  const overview: AnalyticsOverview = {
    totalUsers: now.totalUsers,
    activeUsers: active.now,
    newUsers: now.newUsers,
    totalEvents: now.events,
    totalPrayers: now.prayers,
    totalSermons: now.sermons,
    sermonViews: now.views,
    audioPlays: now.plays,
    engagement: engagementOf(now),
    retention: active.retention,
  };
  const growth: AnalyticsGrowth = {
    users: percentChange(now.totalUsers, before.totalUsers),
    activeUsers: percentChange(active.now, active.before),
    events: percentChange(now.events, before.events),
    prayers: percentChange(now.prayers, before.prayers),
    sermons: percentChange(now.sermons, before.sermons),
    engagement: percentChange(engagementOf(now), engagementOf(before)),
  };
  return { overview, growth };
}

/** Per bucket: members active, registrations made, and plays per view. */
async function timeframe(
  db: Kysely<DB>,
  scope: Scope,
  range: AnalyticsRange,
  w: Window,
  views: Promise<DayViews[]>,
): Promise<TimeframePoint[]> {
  const list = buckets(range, w);
  const points = list.map((b) => ({ ...b, users: 0, events: 0, views: 0, plays: 0 }));
  const daily = range === '7d' || range === '30d';
  const [activity, registrations, seen] = await Promise.all([
    daily
      ? activityIn(db, scope)
          .select(['day', sql<number>`count(distinct user_id)`.as('n')])
          .where(within('day', w))
          .groupBy('day')
          .execute()
      : // A member active on several days of a week counts once in it: one distinct count per bucket.
        Promise.all(list.map(async (b) => ({ day: b.start, n: await activeMembers(db, b, scope) }))),
    inScope(
      db.selectFrom('event_registrations').innerJoin('events', 'events.id', 'event_registrations.event_id'),
      scope,
      'events.branch_id',
    )
      .select([sql<string>`substr(event_registrations.created_at, 1, 10)`.as('day'), (eb) => eb.fn.countAll().as('n')])
      .where(within('event_registrations.created_at', w))
      .groupBy(sql`substr(event_registrations.created_at, 1, 10)`)
      .execute(),
    views,
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
async function categories(db: Kysely<DB>, w: Window, daily: Promise<DayViews[]>): Promise<ContentCategory[]> {
  const [views, registrations, prayers, messages, prayed] = await Promise.all([
    daily,
    countWhere(db, 'event_registrations', 'created_at', w),
    countWhere(db, 'prayer_requests', 'date_requested', w),
    countWhere(db, 'contact_messages', 'created_at', w),
    countWhere(db, 'prayer_marks', 'day', w),
  ]);
  const seen = viewsIn(views, w);
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

/** The report for any staff member; its giving section only for ADMIN and above (canSeeGiving). */
export async function analyticsReport(
  deps: AppDeps,
  range: AnalyticsRange,
  actor: { role: Role },
  scope: Scope = WHOLE,
): Promise<AnalyticsReport> {
  const db = deps.database.db;
  const nowMs = deps.now();
  const { current, previous } = rangeWindows(range, nowMs);
  const daily = viewsByDay(db, { start: previous.start, end: current.end });
  // A failed read fails the sections that use it (each settles on its own), never the report.
  daily.catch(() => {});
  const giving = canSeeGiving(actor)
    ? settle('giving', () => givingReport(db, scope, current, previous, buckets(range, current)))
    : null;
  const [both, series, kinds, sermons, events, prayers] = await Promise.all([
    settle('overview', () => overviewAndGrowth(deps.database, scope, current, previous, daily)),
    settle('timeframe', () => timeframe(db, scope, range, current, daily)),
    settle('categories', () => categories(db, current, daily)),
    settle('top sermons', () => topSermons(db, current)),
    settle('top events', () => topEvents(db, scope, current)),
    settle('prayer categories', () => prayerCategories(db, current)),
  ]);
  const report: AnalyticsReport = {
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
  return giving ? { ...report, giving: await giving } : report;
}
