// One Kysely instance over SQLite (the embedded default, node:sqlite) or PostgreSQL (pg), chosen by
// DATABASE_URL. The rest of the server only sees Kysely<DB> and the dialect name.
import { Kysely, PostgresDialect } from 'kysely';
import { resolve } from 'node:path';
import { openSqlite, sqliteDialect } from './sqlite';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

const OPTIMIZE_EVERY_MS = 6 * 3_600_000;

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Path of the SQLite file (for backups); null for PostgreSQL. */
  file: string | null;
  close(): Promise<void>;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** 'file:./data/x.db' or a bare path → absolute file path; ':memory:' stays as is. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^file:/, '').replace(/^\/\/(?=\/)/, '');
  return path === ':memory:' ? path : resolve(path);
}

export async function openDatabase(url: string, opts: { poolSize?: number } = {}): Promise<Database> {
  if (isPostgresUrl(url)) {
    const pg = await import('pg');
    const Pool = pg.default?.Pool ?? (pg as unknown as { Pool: typeof import('pg').Pool }).Pool;
    // COUNT(*) is bigint in PostgreSQL; our counts fit comfortably in a JS number.
    pg.default?.types?.setTypeParser(20, (v: string) => Number(v));
    const pool = new Pool({ connectionString: url, max: opts.poolSize });
    pool.on('error', (err) =>
      console.error(JSON.stringify({ level: 'error', msg: 'pg pool error', error: err.message })),
    );
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', file: null, close: () => db.destroy() };
  }
  const file = sqlitePath(url);
  const raw = openSqlite(file);
  const db = new Kysely<DB>({ dialect: sqliteDialect(raw) });
  // SQLite chooses some plans only from the statistics ANALYZE keeps (a year of views per sermon reads its
  // index by sermon, a third of the time, only then); as the data grows they are refreshed, as SQLite advises
  // for a connection that stays open.
  const optimizing = setInterval(() => {
    try {
      raw.exec('PRAGMA optimize');
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'sqlite optimize', error: String(err) }));
    }
  }, OPTIMIZE_EVERY_MS);
  optimizing.unref();
  return {
    db,
    dialect: 'sqlite',
    file,
    close: async () => {
      clearInterval(optimizing);
      await db.destroy().catch(() => undefined);
      if (raw.isOpen) raw.close();
    },
  };
}
