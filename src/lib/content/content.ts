// Build/server-time access to the church's editorial copy (astro:content): site settings, home and about. Sermons
// and events come from the database through ./live-content.ts.
import { getCollection } from 'astro:content';
import type { AboutContent, HomeContent, SiteSettings } from '../shared/site/content-schemas';
import { withYears, yearsServing } from '../shared/site/years';

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

/** The years served, counted from the About timeline: the figure the home and About copy write as `{years}`. */
async function years(): Promise<number> {
  return yearsServing((await single<AboutContent>('about')).timeline, new Date());
}

export async function getHome(): Promise<HomeContent> {
  const [home, served] = await Promise.all([single<HomeContent>('home'), years()]);
  return { ...home, stats: home.stats.map((stat) => ({ ...stat, value: withYears(stat.value, served) })) };
}

export async function getAbout(): Promise<AboutContent> {
  const [about, served] = await Promise.all([single<AboutContent>('about'), years()]);
  return {
    ...about,
    subtitle: withYears(about.subtitle, served),
    numbers: about.numbers.map((n) => ({ ...n, value: withYears(n.value, served) })),
  };
}
