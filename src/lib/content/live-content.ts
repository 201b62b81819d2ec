// The public pages' sermons and events: read from the live collections (src/live.config.ts, over the database)
// and cached by the route cache (src/lib/content/page-cache.ts) under the collection's tag until a write purges
// them, or until the page's lifetime (../shared/page-lifetime.ts) ends.
import type { APIContext } from 'astro';
import { getLiveCollection, getLiveEntry } from 'astro:content';
import type { EventAnswer, SermonAnswer } from '../shared/live/api';
import type { Visibility } from '../shared/live/registry';
import type { LiveTag } from '../shared/live/types';
import type { PrayerWallItem } from '../shared/prayers/api';
import { pageMaxAge } from '../shared/live/page-lifetime';

/** Astro.cache or context.cache. */
type PageCache = APIContext['cache'];

/**
 * Lets the route cache keep this page, tagged with the collections it shows. No stale-while-revalidate
 * window: a stale page served after midnight would hide a scheduled sermon that is now due.
 */
export function cacheLivePage(cache: PageCache, collections: readonly LiveTag[], nowMs = Date.now()) {
  cache.set({ maxAge: pageMaxAge(nowMs), tags: [...collections] });
}

/** Sermons newest first: the public ones, or every one for `staff`. */
export async function liveSermons(visibility: Visibility = 'public'): Promise<SermonAnswer[]> {
  const { entries, error } = await getLiveCollection('sermons', { visibility });
  if (error || !entries) throw error ?? new Error('No sermons were loaded');
  return entries.map((entry) => entry.data);
}

/** One public sermon, or undefined when there is none of that id visitors may see. */
export async function liveSermon(id: string): Promise<SermonAnswer | undefined> {
  const { entry, error } = await getLiveEntry('sermons', id);
  if (error?.name === 'LiveEntryNotFoundError') return undefined;
  if (error || !entry) throw error ?? new Error(`Sermon ${id} was not loaded`);
  return entry.data;
}

/** Events by start date and time: the public ones, or every one for `staff`. */
export async function liveEvents(visibility: Visibility = 'public'): Promise<EventAnswer[]> {
  const { entries, error } = await getLiveCollection('events', { visibility });
  if (error || !entries) throw error ?? new Error('No events were loaded');
  return entries.map((entry) => entry.data);
}

/** The prayer wall: approved public requests, newest first, first names only. */
export async function livePrayerWall(): Promise<PrayerWallItem[]> {
  const { entries, error } = await getLiveCollection('prayers');
  if (error || !entries) throw error ?? new Error('No prayer requests were loaded');
  return entries.map((entry) => entry.data);
}
