// `npm run db:restore -- FILE`: puts a backup of `npm run db:backup` (./backup.ts) into the database
// DATABASE_URL names, which must be empty, then applies the migrations as the app does at start (a backup
// from an older version is brought up to date). A target that holds data is refused and left as it was:
// restoring never overwrites anything.
// - SQLite: the backup is checked (PRAGMA integrity_check) and copied into place; there must be no file at the
//   target yet (or an empty one).
// - PostgreSQL: pg_restore in one transaction into the schema the backup was taken from, which must be the one
//   DATABASE_URL's search_path selects. "Empty" means no table of that schema holds a row, apart from those the
//   migrations or a start fill themselves (BOOKKEEPING_TABLES): a database the app has migrated or started but
//   nobody used qualifies, its tables replaced.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { isPostgresUrl, openDatabase, sqlitePath, type Database } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import { loadConfig } from '../config';
import { fail, orFail } from './args';
import { BOOKKEEPING_TABLES, archiveTables, libpqEnvironment, pgTool } from './backup';

/** What the file is, by its first bytes. */
function fileKind(file: string): 'sqlite' | 'pg_dump' | 'other' {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, 16, 0);
  closeSync(fd);
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  return 'other';
}

async function migrate(databaseUrl: string) {
  const database = await openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    const users = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(users.n);
  } finally {
    await database.close();
  }
}

async function restoreSqlite(backup: string, databaseUrl: string) {
  const target = sqlitePath(databaseUrl);
  if (target === ':memory:') fail('DATABASE_URL is an in-memory database: there is nothing to restore into.');
  // A journal left beside the target would be read as part of the restored file.
  for (const file of [target, `${target}-wal`, `${target}-shm`])
    if (existsSync(file) && statSync(file).size > 0)
      fail(
        `Refusing to restore: ${file} exists and is not empty. Restore only creates a new database; move it away first.`,
      );
  let check: DatabaseSync;
  try {
    check = new DatabaseSync(backup, { readOnly: true });
  } catch (err) {
    fail(`${backup} cannot be opened as a SQLite database: ${(err as Error).message}`);
  }
  try {
    const ok = check.prepare('PRAGMA integrity_check').get() as { integrity_check: string };
    if (ok.integrity_check !== 'ok') fail(`${backup} fails its integrity check: ${ok.integrity_check}`);
    if (!check.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get())
      fail(`${backup} is a SQLite database but not a backup of this app (it has no record of our migrations).`);
  } finally {
    check.close();
  }
  // Copied beside the target and renamed into place: the target is either absent or whole.
  const partial = `${target}.restoring`;
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(backup, partial);
  renameSync(partial, target);
  const users = await migrate(databaseUrl);
  console.log(`Restored ${backup} into ${target} (${users} users); migrations applied.`);
}

async function restorePostgres(backup: string, databaseUrl: string) {
  libpqEnvironment(databaseUrl); // a parameter the tools could not take is a message before anything changes
  const list = pgTool('pg_restore', ['--list', backup], databaseUrl);
  if (list.status !== 0) fail(`pg_restore cannot read ${backup}: ${list.stderr.trim()}`);
  const schema = archiveTables(list.stdout).find(([, table]) => table === 'kysely_migration')?.[0];
  if (!schema)
    fail(`${backup} is a pg_dump archive but not a backup of this app (it has no record of our migrations).`);

  const database = await openDatabase(databaseUrl);
  try {
    const refusal = await prepareTarget(database, schema);
    if (refusal) fail(`Refusing to restore, nothing was changed: ${refusal}`);
  } finally {
    await database.close();
  }

  // The target schema exists by now (prepareTarget), so the backup's own entries for it are left out: creating
  // it again would fail.
  const dir = mkdtempSync(join(tmpdir(), 'church-restore-'));
  try {
    const entries = list.stdout
      .split('\n')
      .filter((line) => !/^\d+; \d+ \d+ (SCHEMA -|COMMENT - SCHEMA) /.test(line))
      .join('\n');
    writeFileSync(join(dir, 'entries'), entries);
    const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    // One transaction: a failure leaves the target as it was. The backup's owners and grants name roles of
    // the server it came from, which this one may not have: the restoring user owns what it creates.
    const run = pgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${join(dir, 'entries')}`,
        `--dbname=${database}`,
        backup,
      ],
      databaseUrl,
    );
    if (run.status !== 0) fail(`pg_restore failed, nothing was restored: ${run.stderr.trim()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const users = await migrate(databaseUrl);
  console.log(`Restored ${backup} into schema ${schema} (${users} users); migrations applied.`);
}

class Refusal extends Error {}

/**
 * Makes the backup's schema ready to receive it, in one transaction: created when missing, and it must be the
 * one DATABASE_URL's search_path selects (where the app will look); its tables, if any, must hold no row, and
 * what the migrations made there is dropped (the backup's replaces it). Otherwise the transaction is undone and the reason returned.
 */
async function prepareTarget(database: Database, schema: string): Promise<string | null> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
      const { rows: selected } = await sql<{ schema: string }>`select current_schema() as schema`.execute(trx);
      if (selected[0].schema !== schema)
        throw new Refusal(
          `the backup holds the schema "${schema}", but DATABASE_URL's search_path selects ` +
            `${selected[0].schema ? `"${selected[0].schema}"` : 'no schema that exists'}: ` +
            `name "${schema}" there (?options=-c%20search_path%3D${schema}).`,
        );
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = ${schema} and table_type = 'BASE TABLE' order by table_name`.execute(trx);
      if (!rows.length) return;
      const tables = sql.join(rows.map((r) => sql.id(schema, r.name)));
      // Nothing is written to them between the look and the drop.
      await sql`lock table ${tables} in access exclusive mode`.execute(trx);
      const full: string[] = [];
      for (const { name } of rows) {
        if (BOOKKEEPING_TABLES.includes(name)) continue;
        // The root branch is made by the migrations (0018), so a migrated database never used has that row alone.
        const made = name === 'branches' ? sql`where parent_id is not null` : sql``;
        const { rows: any } = await sql`select 1 from ${sql.id(schema, name)} ${made} limit 1`.execute(trx);
        if (any.length) full.push(name);
      }
      if (full.length)
        throw new Refusal(
          `the target already holds data (in ${full.join(', ')}); restore only into an empty database.`,
        );
      // What the migrations create: tables (their indexes, triggers and sequences go with them) and functions.
      await sql`drop table ${tables} cascade`.execute(trx);
      const { rows: functions } = await sql<{ name: string }>`
        select p.oid::regprocedure::text as name from pg_proc p
        where p.pronamespace = (select oid from pg_namespace where nspname = ${schema})`.execute(trx);
      for (const { name } of functions) await sql`drop function ${sql.raw(name)} cascade`.execute(trx);
    });
    return null;
  } catch (err) {
    if (err instanceof Refusal) return err.message;
    throw err;
  }
}

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) fail('Usage: npm run db:restore -- FILE (a backup written by npm run db:backup)');
const backup = resolve(file);
if (!existsSync(backup)) fail(`No backup at ${backup}.`);
const config = orFail(loadConfig);
const kind = fileKind(backup);
const postgres = isPostgresUrl(config.databaseUrl);
if (kind === 'other') fail(`${backup} is neither a SQLite backup nor a pg_dump archive.`);
if (postgres && kind === 'sqlite')
  fail(`${backup} is a SQLite backup, but DATABASE_URL is PostgreSQL: restore it with a SQLite DATABASE_URL.`);
if (!postgres && kind === 'pg_dump')
  fail(`${backup} is a PostgreSQL backup, but DATABASE_URL is SQLite: restore it with a PostgreSQL DATABASE_URL.`);
if (postgres) await restorePostgres(backup, config.databaseUrl);
else await restoreSqlite(backup, config.databaseUrl);
