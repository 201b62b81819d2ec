// The database opened and migrated to the latest schema: what the server does before it listens (src/host/main.ts),
// and the runtime when it is built on its own (src/server/runtime.ts: the dev server, the tests).
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from './connection';
import { migrateToLatest } from './migrations';

export async function prepareDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'pgPoolSize'>): Promise<Database> {
  const database = await openDatabase(config.databaseUrl, { poolSize: config.pgPoolSize });
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
