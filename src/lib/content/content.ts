// Build/server-time access to the church's editorial copy (astro:content): site settings, home and about. Sermons
// and events come from the database through ./live-content.ts.
import { getCollection } from 'astro:content';
import type { AboutContent, HomeContent, SiteSettings } from '../shared/site/content-schemas';

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
