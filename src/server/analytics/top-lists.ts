// The report's top lists (sermons, events, prayer categories) and the two helpers every figure of the report uses.
import { sql, type Kysely } from 'kysely';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import type { Window } from '../../lib/shared/analytics/periods';
import type { PrayerCategoryFigure, TopEvent, TopSermon } from '../../lib/shared/analytics/api';
import { PRAYER_CATEGORIES } from '../../lib/shared/visitors/rules';
import { VIEW_KINDS } from './views';

const TOP = 5;
/** A count or sum as the database answers it (a string, a bigint or null) as a number. */
export const n = (value: unknown) => Number(value ?? 0) || 0;

/** Rows whose `column` (an ISO timestamp or a day) falls in the window. */
export const within = (column: string, w: Window) =>
  sql<boolean>`${sql.ref(column)} >= ${w.start} and ${sql.ref(column)} < ${w.end}`;

export async function topSermons(db: Kysely<DB>, w: Window): Promise<TopSermon[]> {
  // Summed per sermon first (from the covering index), then only the sermons counted are joined.
  const perSermon = db
    .selectFrom('content_views')
    .select([
      'item_id',
      sql<number>`sum(case when kind = ${VIEW_KINDS.view} then count else 0 end)`.as('views'),
      sql<number>`sum(case when kind = ${VIEW_KINDS.play} then count else 0 end)`.as('plays'),
    ])
    .where(within('day', w))
    .groupBy('item_id')
    .as('v');
  const rows = await db
    .selectFrom(perSermon)
    .innerJoin('sermons as s', 's.id', 'v.item_id')
    .select(['s.id', 's.title', 'v.views', 'v.plays'])
    .orderBy('v.views', 'desc')
    .orderBy('v.plays', 'desc')
    .orderBy('s.title')
    .limit(TOP)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, views: n(r.views), plays: n(r.plays) }));
}

export async function topEvents(db: Kysely<DB>, scope: Scope, w: Window): Promise<TopEvent[]> {
  const rows = await inScope(
    db.selectFrom('event_registrations as r').innerJoin('events as e', 'e.id', 'r.event_id'),
    scope,
    'e.branch_id',
  )
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

export async function prayerCategories(db: Kysely<DB>, w: Window): Promise<PrayerCategoryFigure[]> {
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
