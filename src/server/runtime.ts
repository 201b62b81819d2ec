// The API with everything it needs: the configuration, the database (migrated, and seeded with the demo
// accounts on an empty database outside production, unless the caller does that later: `npm start` seeds after
// listening) and the mailer. `npm start` (./main.ts) and the dev server (astro.config.mjs) build it here. It also
// serves the public pages their sermons and events: it registers its read functions in the content registry
// (src/lib/shared/live/registry.ts), which src/live.config.ts reads, and purges the pages' cache when a write
// changes what they show.
import type { Hono } from 'hono';
import { contentRegistry } from '../lib/shared/live/registry';
import type { LiveTag } from '../lib/shared/live/types';
import { loadConfig, type ServerConfig } from './config';
import type { AppDeps, AppEnv } from './kernel/context';
import type { Database } from './db/connection';
import { prepareDatabase, seedDemo } from './db/prepare';
import { createApp } from './http/app';
import { createResponseCache, type ResponseCache } from '../host/response-cache';
import { createMailer } from './mail/mailer';
import { createContentEvents, type ContentEvents } from './content/events';
import { startContentSync } from './content/sync';
import { readEvent, readEvents } from './events/service';
import { readPrayerWall } from './prayers/service';
import { audioFile, readSermon, readSermons } from './sermons/service';
import { moveOldUploads } from './media/migrate';
import { createMediaStore } from './media/storage';
import { createViewCounter, type ViewCounter } from './analytics/views';

export interface Runtime {
  config: ServerConfig;
  database: Database;
  app: Hono<AppEnv>;
  /** The public pages' cache subscribes here to hear of sermon and event changes. */
  content: ContentEvents;
  /** The HTTP shell's copies of the cached pages, purged with Astro's route cache. */
  pageResponses: ResponseCache;
  /** Counts sermon page views (the shell shows it every page request) and audio plays. */
  views: ViewCounter;
  /** Seeds the demo data on an empty database outside production (done already unless `seedLater`). */
  seedDemo(): Promise<void>;
  close(): Promise<void>;
}

export async function createRuntime(
  config: ServerConfig = loadConfig(),
  { seedLater = false }: { seedLater?: boolean } = {},
): Promise<Runtime> {
  const database = await prepareDatabase(config);
  if (!seedLater)
    await seedDemo(database, config).catch(async (err: unknown) => {
      await database.close();
      throw err;
    });
  const media = createMediaStore(config);
  await moveOldUploads(config.uploadsDir, media, config.s3 ? undefined : config.mediaDir);
  const content = createContentEvents();
  const views = createViewCounter(database.db);
  const deps: AppDeps = { database, config, now: Date.now, mailer: createMailer(config), media, content, views };
  const app = createApp(deps);
  const pageResponses = createResponseCache();
  const purge = servePages(deps, content, pageResponses);
  // Other instances on the same PostgreSQL hear of this one's writes, and this one of theirs (docs/DEPLOY.md).
  const sync =
    database.dialect === 'postgres'
      ? startContentSync({ url: config.databaseUrl, db: database.db, content, purge })
      : undefined;
  const close = async () => {
    await sync?.close();
    await views.close();
    await database.close();
  };
  return { config, database, app, content, pageResponses, views, seedDemo: () => seedDemo(database, config), close };
}

/**
 * The pages read through the same queries as the API (one rule of who sees what), on this runtime's connection.
 * After a write, the cached pages showing that collection are dropped (the shell's copies and Astro's route cache);
 * if that fails, every cached page is, so a visitor never gets a page showing a sermon that was just unpublished
 * or deleted. Answers this instance's page purge, for other instances' writes too (./content-sync.ts).
 */
export function servePages(deps: AppDeps, content: ContentEvents, pageResponses?: ResponseCache) {
  const registry = contentRegistry();
  registry.reader = {
    listSermons: (visibility) => readSermons(deps, visibility),
    getSermon: (visibility, id) => readSermon(deps, visibility, id),
    listEvents: (visibility) => readEvents(deps, visibility),
    getEvent: (visibility, id) => readEvent(deps, visibility, id),
    listPrayerWall: () => readPrayerWall(deps),
    audioFile: (audioUrl) => audioFile(deps, audioUrl),
  };
  const purge = async (collections: readonly LiveTag[]) => {
    pageResponses?.invalidate(collections);
    await contentRegistry().pageCache?.invalidate(collections);
  };
  content.subscribe(purge);
  return purge;
}
