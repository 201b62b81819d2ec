// Open the database, apply migrations, and (outside production) seed the demo accounts when there
// are no users yet. Kept apart from the app so `npm start` can run it before loading anything else.
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from './connection';
import { migrateToLatest } from './migrations';
import { seedIfEmpty } from './seed';

export async function prepareDatabase(config: ServerConfig): Promise<Database> {
  const database = await openDatabase(config.databaseUrl, { poolSize: config.pgPoolSize });
  try {
    await migrateToLatest(database.db, database.dialect);
    if (!config.production) await seedIfEmpty(database.db, config);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
