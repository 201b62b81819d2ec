// Build/server-time access to the church content (astro:content). Pages and the admin page call these
// and hand plain objects (Sermon, ChurchEvent, SiteInfo of content-types.ts) to islands.
import { getCollection } from 'astro:content';
import type { ChurchEvent, Sermon } from '../shared/content-types';
import type { AboutContent, HomeContent, SiteSettings } from '../shared/content-schemas';

async function single<T>(collection: 'site' | 'home' | 'about'): Promise<T> {
  const entries = await getCollection(collection);
  if (entries.length !== 1) {
    throw new Error(`src/content/${collection}/ must hold exactly one YAML file (found ${entries.length})`);
  }
  return entries[0]!.data as T;
}

/** Site settings: name, shortName, address, phones, email, office hours, social links, map link. */
export function getSite(): Promise<SiteSettings> {
  return single<SiteSettings>('site');
}

export function getHome(): Promise<HomeContent> {
  return single<HomeContent>('home');
}

export function getAbout(): Promise<AboutContent> {
  return single<AboutContent>('about');
}

/** Sermons newest first; only published ones unless the admin asks for every status. */
export async function getSermons(opts: { includeUnpublished?: boolean } = {}): Promise<Sermon[]> {
  const entries = await getCollection('sermons');
  return entries
    .map((entry): Sermon => ({ id: entry.id, ...entry.data }))
    .filter((sermon) => opts.includeUnpublished || sermon.status === 'published')
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** Every event (private ones too: the admin shows them), sorted by start date and time. */
export async function getEvents(): Promise<ChurchEvent[]> {
  const entries = await getCollection('events');
  return entries
    .map((entry): ChurchEvent => ({ id: entry.id, ...entry.data }))
    .sort((a, b) => `${a.startDate}T${a.startTime}`.localeCompare(`${b.startDate}T${b.startTime}`));
}
