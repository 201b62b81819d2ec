// What the public pages read from the server: the API's own read functions (one rule of who sees what), on the
// server's one database connection. The host hands them to every page it has Astro render, in Astro.locals
// (src/host/main.ts; src/env.d.ts types it; astro.config.mjs does the same for `npm run dev`).
import type { EventAnswer, SermonAnswer } from './api';
import type { PrayerWallItem } from '../prayers/api';
import type { PublicMinistry } from '../ministries/api';
import type { Service } from '../services/api';
import type { AssemblyPage, PublicAssembly } from '../branches/assemblies';

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
  /** The public ministries of /ministries, by name. */
  listMinistries(): Promise<PublicMinistry[]>;
  /** The regular services of every branch, for the visitor card of /welcome. */
  listServices(): Promise<Service[]>;
  /** The branches of /assemblies: those with an address or service times, parents first. */
  listAssemblies(): Promise<PublicAssembly[]>;
  /** One assembly of /assemblies/{slug} with its upcoming public events; undefined when there is none. */
  getAssembly(slug: string): Promise<AssemblyPage | undefined>;
  /** How many branches there are (the public site links /assemblies from two). */
  branchCount(): Promise<number>;
  /** Byte length and type of a sermon's audioUrl (a feed's enclosure needs both); undefined when unknown. */
  audioFile(audioUrl: string): Promise<{ size: number; type: string } | undefined>;
}
