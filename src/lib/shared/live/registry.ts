// The meeting point of the two module graphs of one process: the server bundle (src/server, which owns the
// database) and Astro's bundle (the pages, src/live.config.ts and the page cache). Each side has its own copy of
// every module, so a module-level variable would not be shared: the registry lives on `globalThis` under a
// `Symbol.for` key, which both copies resolve to the same object. The server runtime (src/server/runtime.ts)
// puts its read functions here, so the pages read the one database connection instead of opening another; the
// page cache (src/lib/content/page-cache.ts) puts its invalidation here, so the server can purge pages after a write.
import type { EventAnswer, SermonAnswer } from './api';
import type { LiveTag } from './types';
import type { PrayerWallItem } from '../prayers/api';

/**
 * Who is reading: `public` sees published sermons and scheduled ones whose date has come, and public events
 * (docs/PRODUCT.md (States)); `staff` sees everything.
 */
export type Visibility = 'public' | 'staff';

export interface ContentReader {
  listSermons(visibility: Visibility): Promise<SermonAnswer[]>;
  /** undefined when it does not exist or this visibility may not see it. */
  getSermon(visibility: Visibility, id: string): Promise<SermonAnswer | undefined>;
  listEvents(visibility: Visibility): Promise<EventAnswer[]>;
  /** undefined when it does not exist or this visibility may not see it. */
  getEvent(visibility: Visibility, id: string): Promise<EventAnswer | undefined>;
  /** The prayer wall of /prayers: approved public requests, newest first, first names only. */
  listPrayerWall(): Promise<PrayerWallItem[]>;
  /** Byte length and type of a sermon's audioUrl (a feed's enclosure needs both); undefined when unknown. */
  audioFile(audioUrl: string): Promise<{ size: number; type: string } | undefined>;
}

export interface PageCacheControl {
  /** Drops every cached page that shows these collections. */
  invalidate(collections: readonly LiveTag[]): Promise<void>;
}

interface ContentRegistry {
  reader?: ContentReader;
  pageCache?: PageCacheControl;
}

const KEY = Symbol.for('church-site.content-registry');

export function contentRegistry(): ContentRegistry {
  const holder = globalThis as typeof globalThis & { [KEY]?: ContentRegistry };
  return (holder[KEY] ??= {});
}

/** The reader the server runtime registered; a clear error when the pages run without it. */
export function contentReader(): ContentReader {
  const reader = contentRegistry().reader;
  if (!reader) {
    throw new Error(
      'No content reader: the server runtime (src/server/runtime.ts) must start before pages are served.',
    );
  }
  return reader;
}
