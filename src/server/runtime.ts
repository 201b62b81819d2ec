// The API with everything it needs: the configuration, the database (migrated, and seeded with the demo
// accounts on an empty database outside production, unless the caller does that later: `npm start` seeds after
// listening), the mailer, the media storage, the view counter, the outbox worker and the job runner (the
// background work: src/server/jobs/). The host (src/host/main.ts)
// and the dev server (astro.config.mjs) build it here and serve the pages beside it: the runtime gives them the
// public pages' read functions (`reader`) and one hook that hears every change to what those pages show
// (`content`).
import type { Hono } from 'hono';
import type { ContentReader } from '../lib/shared/live/registry';
import { loadConfig, type ServerConfig } from './config';
import type { AppDeps, AppEnv } from './kernel/context';
import type { Database } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { seedDemo } from './seed/prepare';
import { createApp } from './http/app';
import { createMailer } from './mail/mailer';
import { startOutboxWorker } from './outbox/worker';
import { createSmsSender } from './sms';
import { createContentEvents, type ContentEvents } from './content/events';
import { startContentSync } from './content/sync';
import { readEvent, readEvents } from './events/service';
import { readPrayerWall } from './prayers/service';
import { listPublicMinistries } from './ministries/ministries';
import { listServices } from './services/service';
import { audioFile, readSermon, readSermons } from './sermons/service';
import { moveOldUploads } from './media/migrate';
import { createMediaStore } from './media/storage';
import { createViewCounter, type ViewCounter } from './analytics/views';
import { createJobRunner } from './jobs/runner';
import { JOBS } from './jobs';
import { paymentsOf } from './giving/paystack';
import { givingReaderOf } from './giving/pages';
import type { GivingReader } from '../lib/shared/giving/reader';
import type { MemberReader } from '../lib/shared/members/api';
import { memberReaderOf } from './members/reader';
import { branchCount, listAssemblies, readAssembly } from './branches/assemblies';

/** How long after start the background jobs first look (scripts/bench/budgets.mjs measures the start). */
const FIRST_LOOK_MS = 2_000;

export interface Runtime {
  config: ServerConfig;
  database: Database;
  app: Hono<AppEnv>;
  /**
   * Every change to sermons, events or the prayer wall: this instance's writes, and on PostgreSQL those of the
   * other instances (./content/sync.ts; a full purge whenever it (re)connects). Whoever keeps copies of the public
   * pages subscribes here.
   */
  content: ContentEvents;
  /** The public pages' read functions: the API's own queries, on this runtime's connection. */
  reader: ContentReader;
  /** The giving pages' read functions (/give, its thanks page, a member's statement). */
  giving: GivingReader;
  /** The /my pages' reads, by the request's Cookie header (the member session). */
  members: MemberReader;
  /** Counts sermon page views (the shell shows it every page request) and audio plays. */
  views: ViewCounter;
  /**
   * Seeds the demo data on an empty database outside production (done already unless `seedLater`): true when it
   * created the demo accounts.
   */
  seedDemo(): Promise<boolean>;
  close(): Promise<void>;
}

export async function createRuntime(
  config: ServerConfig = loadConfig(),
  { seedLater = false, database: prepared }: { seedLater?: boolean; database?: Database } = {},
): Promise<Runtime> {
  // `npm start` opens and migrates the database before it listens, and makes the rest after (src/host/main.ts).
  const database = prepared ?? (await prepareDatabase(config));
  if (!seedLater)
    await seedDemo(database, config).catch(async (err: unknown) => {
      await database.close();
      throw err;
    });
  const media = createMediaStore(config);
  await moveOldUploads(config.uploadsDir, media, config.s3 ? undefined : config.mediaDir);
  // The app fires `writes` for this instance's own writes, which content sync announces to the other instances;
  // `content` hears those and theirs. Two hooks, so another instance's change is never announced again.
  const writes = createContentEvents();
  const content = createContentEvents();
  writes.subscribe((collections) => content.changed(collections));
  const views = createViewCounter(database.db);
  const deps: AppDeps = {
    database,
    config,
    now: Date.now,
    mailer: createMailer(config),
    sms: createSmsSender(config),
    media,
    content: writes,
    views,
    payments: paymentsOf(config),
  };
  // One worker per process sends what this process queues at once; the runner's outbox job polls for the rest.
  const outbox = await startOutboxWorker(deps);
  deps.outbox = outbox;
  // One runner per process; each job's lease in the database lets instances on one PostgreSQL share them.
  const jobs = createJobRunner({ ...deps, outbox }, JOBS);
  // The first looks wait until the server has answered its first requests: on SQLite a job's queries hold the event
  // loop (node:sqlite is synchronous), and the reminders load YAML's parser; at once, they cost a start 150 ms.
  jobs.start(FIRST_LOOK_MS);
  const app = createApp(deps);
  const sync =
    database.dialect === 'postgres'
      ? startContentSync({
          url: config.databaseUrl,
          db: database.db,
          content: writes,
          purge: (collections) => content.changed(collections),
        })
      : undefined;
  const close = async () => {
    await sync?.close();
    // The outbox first stops taking new batches, so a backlog does not hold up the stop through its job's run.
    await Promise.all([outbox.close(), jobs.close()]);
    await views.close();
    await database.close();
  };
  return {
    config,
    database,
    app,
    content,
    reader: contentReaderOf(deps),
    giving: givingReaderOf(deps),
    members: memberReaderOf(deps),
    views,
    seedDemo: () => seedDemo(database, config),
    close,
  };
}

/** The pages read through the same queries as the API (one rule of who sees what). */
export function contentReaderOf(deps: AppDeps): ContentReader {
  return {
    listSermons: (visibility) => readSermons(deps, visibility),
    getSermon: (visibility, id) => readSermon(deps, visibility, id),
    listEvents: (visibility) => readEvents(deps, visibility),
    getEvent: (visibility, id) => readEvent(deps, visibility, id),
    listPrayerWall: () => readPrayerWall(deps),
    listMinistries: () => listPublicMinistries(deps.database.db),
    listServices: () => listServices(deps.database.db, undefined),
    listAssemblies: () => listAssemblies(deps.database.db),
    getAssembly: (slug) => readAssembly(deps, slug),
    branchCount: () => branchCount(deps.database.db),
    audioFile: (audioUrl) => audioFile(deps, audioUrl),
  };
}
