// Open the database and apply migrations (before the server listens), and (outside production) seed the demo
// accounts when there are no users yet: that hashes the demo password (about half a second), so `npm start`
// does it after listening (src/host/main.ts) while the shell holds requests that need the data.
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import { seedIfEmpty } from './seed';

export async function prepareDatabase(config: ServerConfig): Promise<Database> {
  const database = await openDatabase(config.databaseUrl, { poolSize: config.pgPoolSize });
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** The demo data on an empty database, outside production; nothing in production. */
export async function seedDemo(database: Database, config: ServerConfig): Promise<void> {
  if (!config.production) await seedIfEmpty(database.db, config);
}
