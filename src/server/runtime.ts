// The API with everything it needs: the configuration, the database (migrated, and seeded with the demo
// accounts on an empty database outside production) and the mailer. `npm start` (./main.ts) and the dev
// server (astro.config.mjs) build it here.
import type { Hono } from 'hono';
import { loadConfig, type ServerConfig } from './config';
import type { AppEnv } from './context';
import type { Database } from './db/connection';
import { prepareDatabase } from './db/prepare';
import { createApp } from './http/app';
import { createMailer } from './mail/mailer';
import { moveOldUploads } from './media/migrate';
import { createMediaStore } from './media/storage';

export interface Runtime {
  config: ServerConfig;
  database: Database;
  app: Hono<AppEnv>;
  close(): Promise<void>;
}

export async function createRuntime(config: ServerConfig = loadConfig()): Promise<Runtime> {
  const database = await prepareDatabase(config);
  const media = createMediaStore(config);
  await moveOldUploads(config.uploadsDir, media, config.s3 ? undefined : config.mediaDir);
  const app = createApp({ database, config, now: Date.now, mailer: createMailer(config), media });
  return { config, database, app, close: () => database.close() };
}
