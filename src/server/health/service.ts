// The health check's one question to the database.
import { sql } from 'kysely';
import type { AppDeps } from '../kernel/context';

export async function databaseReachable(deps: Pick<AppDeps, 'database'>): Promise<boolean> {
  try {
    await sql`select 1`.execute(deps.database.db);
    return true;
  } catch {
    return false;
  }
}
