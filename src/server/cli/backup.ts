// `npm run db:backup [-- --out FILE]`: a backup of the database DATABASE_URL names, taken while the app keeps
// running. SQLite: VACUUM INTO, which reads one snapshot, then an integrity check of the copy. PostgreSQL:
// pg_dump in its custom format (one snapshot too) of the schema the app's tables are in. By default the file
// goes to DATA_DIR/backups/church-<UTC time>.db or .dump. `npm run db:restore` (./restore.ts) reads both, and
// shares the PostgreSQL helpers below.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { isPostgresUrl, openDatabase, sqlitePath, type Database } from '../db/connection';
import { loadConfig } from '../config';
import { fail, orFail, parseArgs } from './args';

/**
 * Tables the migrations or a start fill themselves (Kysely's record of them, the version counters, the job runner's
 * leases): rows there are no data.
 */
export const BOOKKEEPING_TABLES = ['kysely_migration', 'kysely_migration_lock', 'data_versions', 'job_leases'];

// The URL's query parameters libpq's tools understand, by the environment variable that carries each. The URL
// reaches pg_dump and pg_restore through the environment only, so its password is never on a command line
// (where `ps` shows it to every user of the machine).
const LIBPQ_PARAMETERS: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  dbname: 'PGDATABASE',
  options: 'PGOPTIONS',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  application_name: 'PGAPPNAME',
  connect_timeout: 'PGCONNECT_TIMEOUT',
};

/** The environment for a PostgreSQL client tool that connects where `url` says, and nowhere else. */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  // The caller's own PG* variables (a PGSERVICE, a PGOPTIONS) must not send the tool elsewhere.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  const set = (name: string, value: string) => {
    if (value) env[name] = value;
  };
  set('PGHOST', decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', parsed.port);
  set('PGUSER', decodeURIComponent(parsed.username));
  set('PGPASSWORD', decodeURIComponent(parsed.password));
  set('PGDATABASE', decodeURIComponent(parsed.pathname.slice(1)));
  for (const [name, value] of parsed.searchParams) {
    const variable = LIBPQ_PARAMETERS[name];
    if (!variable)
      fail(
        `DATABASE_URL has the parameter "${name}", which the backup tools do not take ` +
          `(they take ${Object.keys(LIBPQ_PARAMETERS).join(', ')}).`,
      );
    set(variable, value);
  }
  return env;
}

/** Runs pg_dump or pg_restore; a missing tool is a message saying what to install. */
export function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): SpawnSyncReturns<string> {
  const run = spawnSync(tool, args, { env: libpqEnvironment(url), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    fail(`${tool} was not found: install PostgreSQL's client tools (Debian: apt install postgresql-client).`);
  if (run.error) throw run.error;
  return run;
}

/** The tool's major version, from `pg_dump (PostgreSQL) 15.18 (Debian …)`. */
export function toolMajor(tool: 'pg_dump' | 'pg_restore', url: string): number {
  const version = pgTool(tool, ['--version'], url).stdout;
  const major = /\(PostgreSQL\) (\d+)/.exec(version)?.[1];
  if (!major) fail(`Could not read the version of ${tool} from "${version.trim()}".`);
  return Number(major);
}

/** The server's major version and the schema the app's tables are in (null when its search_path names none). */
export async function pgTarget(database: Database): Promise<{ serverMajor: number; schema: string | null }> {
  const { rows } = await sql<{ version: string; schema: string | null }>`
    select current_setting('server_version_num') as version, current_schema() as schema`.execute(database.db);
  return { serverMajor: Math.floor(Number(rows[0].version) / 10_000), schema: rows[0].schema };
}

/** A pg_dump pattern that matches exactly this name. */
export const exactName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of a custom-format archive (`pg_restore --list`), as [schema, table]. */
export function archiveTables(list: string): [string, string][] {
  return [...list.matchAll(/^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /gm)].map((m) => [m[1], m[2]]);
}

function backupSqlite(databaseUrl: string, out: string) {
  const file = sqlitePath(databaseUrl);
  if (!existsSync(file)) fail(`No database at ${file}.`);
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(out);
  } finally {
    db.close();
  }
  const check = new DatabaseSync(out, { readOnly: true });
  const ok = check.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
  const users = check.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
  check.close();
  if (ok.integrity_check !== 'ok')
    fail(`Backup written to ${out} but its integrity check failed: ${ok.integrity_check}`);
  console.log(`Backup written to ${out} (${users.n} users, integrity ok).`);
}

async function backupPostgres(databaseUrl: string, out: string) {
  libpqEnvironment(databaseUrl); // a parameter the tool could not take is a message before anything is written
  const database = await openDatabase(databaseUrl);
  const target = await pgTarget(database).finally(() => database.close());
  if (!target.schema) fail('The search_path of DATABASE_URL names no schema that exists: nothing to back up.');
  const major = toolMajor('pg_dump', databaseUrl);
  if (major < target.serverMajor)
    fail(
      `pg_dump ${major} is older than the server (PostgreSQL ${target.serverMajor}) and cannot dump it: ` +
        `install postgresql-client-${target.serverMajor}.`,
    );
  // Written beside its final name and renamed once complete: a failed dump never looks like a backup.
  const partial = `${out}.partial`;
  const dump = pgTool(
    'pg_dump',
    ['--format=custom', `--schema=${exactName(target.schema)}`, `--file=${partial}`],
    databaseUrl,
  );
  if (dump.status !== 0) {
    rmSync(partial, { force: true });
    fail(`pg_dump failed: ${dump.stderr.trim()}`);
  }
  renameSync(partial, out);
  const tables = archiveTables(pgTool('pg_restore', ['--list', out], databaseUrl).stdout);
  console.log(`Backup written to ${out} (schema ${target.schema}, ${tables.length} tables).`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = orFail(loadConfig);
  const postgres = isPostgresUrl(config.databaseUrl);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `church-${stamp}.${postgres ? 'dump' : 'db'}`;
  const out = resolve(typeof args.out === 'string' ? args.out : join(config.dataDir, 'backups', name));
  if (existsSync(out)) fail(`${out} already exists.`);
  mkdirSync(dirname(out), { recursive: true });
  if (postgres) await backupPostgres(config.databaseUrl, out);
  else backupSqlite(config.databaseUrl, out);
}

// `npm run db:backup` runs this file; restore.ts imports the helpers above without running it.
if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await main();
