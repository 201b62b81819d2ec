// Live content collections: sermons and events read from the database on every (uncached) render, so what staff
// publish through the API is on the public pages at once, without a rebuild. The pages' route cache
// (src/lib/content/page-cache.ts) keeps them as fast as static files between writes.
//
// The loaders do not open the database: Astro's bundle and the server's are separate module graphs in one
// process, and the server runtime (src/server/runtime.ts) registers its read functions, the API's own queries,
// in the content registry (src/lib/shared/live/registry.ts), a `globalThis` slot both graphs share.
// A collection's filter `{ visibility: 'staff' }` reads every sermon or event (the admin page); the default is
// what visitors may see.
import { defineLiveCollection } from 'astro:content';
import type { LiveLoader } from 'astro/loaders';
import { eventAnswerSchema, sermonAnswerSchema, type EventAnswer, type SermonAnswer } from './lib/shared/live/api';
import { contentReader, type Visibility } from './lib/shared/live/registry';
import { prayerWallItemSchema, type PrayerWallItem } from './lib/shared/prayers/api';
import type { ContentCollection } from './lib/shared/live/types';

type CollectionFilter = { visibility?: Visibility };

/** Every entry and list is tagged with its collection: a write to it purges the pages that showed it. */
const hint = (collection: ContentCollection) => ({ tags: [collection] });

const sermonLoader: LiveLoader<SermonAnswer, { id: string }, CollectionFilter> = {
  name: 'church-sermons',
  async loadCollection({ filter }) {
    const sermons = await contentReader().listSermons(filter?.visibility ?? 'public');
    return { entries: sermons.map((data) => ({ id: data.id, data })), cacheHint: hint('sermons') };
  },
  async loadEntry({ filter }) {
    const sermon = await contentReader().getSermon('public', filter.id);
    return sermon && { id: sermon.id, data: sermon, cacheHint: hint('sermons') };
  },
};

const eventLoader: LiveLoader<EventAnswer, { id: string }, CollectionFilter> = {
  name: 'church-events',
  async loadCollection({ filter }) {
    const events = await contentReader().listEvents(filter?.visibility ?? 'public');
    return { entries: events.map((data) => ({ id: data.id, data })), cacheHint: hint('events') };
  },
  async loadEntry({ filter }) {
    const event = await contentReader().getEvent('public', filter.id);
    return event && { id: event.id, data: event, cacheHint: hint('events') };
  },
};

/** The prayer wall of /prayers (only what visitors may see: first names, public updates). */
const prayerWallLoader: LiveLoader<PrayerWallItem> = {
  name: 'church-prayer-wall',
  async loadCollection() {
    const wall = await contentReader().listPrayerWall();
    return { entries: wall.map((data) => ({ id: String(data.id), data })), cacheHint: { tags: ['prayers'] } };
  },
  async loadEntry() {
    return undefined;
  },
};

export const collections = {
  sermons: defineLiveCollection({ loader: sermonLoader, schema: sermonAnswerSchema }),
  events: defineLiveCollection({ loader: eventLoader, schema: eventAnswerSchema }),
  prayers: defineLiveCollection({ loader: prayerWallLoader, schema: prayerWallItemSchema }),
};
