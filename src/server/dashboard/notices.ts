// The Notifications list and its bell (docs/PRODUCT.md (Dashboard)), per staff member. The list holds what awaits
// staff: prayer requests to review and unread messages until someone handles them, and the events with
// registrations new to this person (one line per event). The badge counts only what is new to this person since
// they last opened the list (notices_seen): a prayer request or message already seen still waits in the list for
// whoever handles it, but no longer rings everyone's bell; registrations are news, so seeing them clears them. An
// administrator is also told what is yet to be set up (giving details, without which /give can only say to give at
// a service): a standing task, listed until done, which the badge does not count.
import { sql, type Kysely } from 'kysely';
import type { AppDeps, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import type { Notice, Notices } from '../../lib/shared/dashboard/api';
import { screenSearchHref } from '../../lib/shared/search/api';
import { awaitingReview } from './service';
import { canSeeGiving } from '../../lib/shared/permissions';
import { givingDetailsOf } from '../../lib/shared/giving/api';
import { givingSettings } from '../giving/settings';

/** The Notifications line of giving details missing (docs/PRODUCT.md (Dashboard)). */
export const GIVING_DETAILS_MISSING = {
  title: 'Giving details are missing',
  detail: '/give has no mobile money or bank details to show: add them in Settings → Giving.',
} as const;

/** What an administrator has yet to set up; nothing for staff who could not set it. */
async function setupNotices(deps: AppDeps, user: UserRow, at: string): Promise<Notice[]> {
  if (!canSeeGiving(user)) return [];
  const details = givingDetailsOf(await givingSettings(deps.database.db));
  if (details.mobileMoney || details.bank) return [];
  return [{ kind: 'setup', id: 'giving-details', ...GIVING_DETAILS_MISSING, at, href: '/settings' }];
}

/** Registrations older than this are not news, whenever the list was last opened. */
export const NEW_REGISTRATION_DAYS = 7;
/** Prayer requests and messages listed of each kind (the badge and counts cover them all). */
const LISTED = 5;
const DAY_MS = 86_400_000;
const n = (value: unknown) => Number(value ?? 0) || 0;

/** 1 for a row that came after the mark (every row when there is none), else 0: summed, what is new. */
const arrivedAfter = (column: string, seenAt: string | null) =>
  seenAt === null ? sql<number>`1` : sql<number>`case when ${sql.ref(column)} > ${seenAt} then 1 else 0 end`;

async function seenAtOf(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('notices_seen').select('seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.seen_at ?? null;
}

export async function notices(deps: AppDeps, user: UserRow): Promise<Notices> {
  const db = deps.database.db;
  const nowMs = deps.now();
  const seenAt = await seenAtOf(db, user.id);
  const weekAgo = iso(nowMs - NEW_REGISTRATION_DAYS * DAY_MS);
  const [setup, prayerCounts, prayers, messageCounts, messages, events] = await Promise.all([
    setupNotices(deps, user, iso(nowMs)),
    db
      .selectFrom('prayer_requests')
      .select((eb) => [eb.fn.countAll().as('all'), eb.fn.sum(arrivedAfter('date_requested', seenAt)).as('fresh')])
      .where(awaitingReview)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('prayer_requests')
      .select(['id', 'title', 'category', 'priority', 'date_requested'])
      .where(awaitingReview)
      .orderBy(sql`case when priority = 'urgent' then 0 else 1 end`)
      .orderBy('date_requested', 'desc')
      .limit(LISTED)
      .execute(),
    db
      .selectFrom('contact_messages')
      .select((eb) => [eb.fn.countAll().as('all'), eb.fn.sum(arrivedAfter('created_at', seenAt)).as('fresh')])
      .where('read', '=', false)
      .where('archived', '=', false)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'subject', 'created_at'])
      .where('read', '=', false)
      .where('archived', '=', false)
      .orderBy('created_at', 'desc')
      .limit(LISTED)
      .execute(),
    // Every event with new registrations, not a few: seeing the list clears them, so none may go unshown.
    db
      .selectFrom('event_registrations as r')
      .innerJoin('events as e', 'e.id', 'r.event_id')
      .select(['e.id', 'e.title', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('r.created_at').as('latest')])
      .where('r.created_at', '>=', weekAgo)
      .$if(seenAt !== null, (q) => q.where('r.created_at', '>', seenAt as string))
      .where('r.status', '!=', 'cancelled')
      .groupBy(['e.id', 'e.title'])
      .orderBy('latest', 'desc')
      .execute(),
  ]);
  const items: Notice[] = [
    ...setup,
    ...prayers.map((p) => ({
      kind: 'prayer' as const,
      id: String(p.id),
      title: p.title,
      detail: `${p.priority === 'urgent' ? 'Urgent ' : ''}${p.category} prayer request awaiting review`,
      at: p.date_requested,
      href: '/prayers',
    })),
    ...messages.map((m) => ({
      kind: 'message' as const,
      id: String(m.id),
      title: m.subject,
      detail: `Unread message from ${m.name}`,
      at: m.created_at,
      href: '/messages',
    })),
    ...events.map((e) => ({
      kind: 'registration' as const,
      id: e.id,
      title: e.title,
      detail: `${n(e.n)} new registration${n(e.n) === 1 ? '' : 's'}`,
      at: String(e.latest),
      // The events screen showing this event, its Manage Registrations a click away.
      href: screenSearchHref('/events', e.title),
      count: n(e.n),
    })),
  ];
  return {
    total: n(prayerCounts.fresh) + n(messageCounts.fresh) + events.length,
    counts: {
      setup: setup.length,
      prayer: n(prayerCounts.all),
      message: n(messageCounts.all),
      registration: events.length,
    },
    items,
    asOf: iso(nowMs),
  };
}

/**
 * Records that this staff member has seen the list made at `asOf`. Never later than now, and never earlier than a
 * mark already made (another tab's older list does not bring back what was seen).
 */
export async function markNoticesSeen(deps: AppDeps, user: UserRow, asOf: string): Promise<void> {
  const seenAt = iso(Math.min(Date.parse(asOf), deps.now()));
  await deps.database.db
    .insertInto('notices_seen')
    .values({ user_id: user.id, seen_at: seenAt })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ seen_at: (eb) => eb.ref('excluded.seen_at') })
        .where('notices_seen.seen_at', '<', seenAt),
    )
    .execute();
}
