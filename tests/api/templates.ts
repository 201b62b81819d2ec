// Migrated and seeded databases made once per test run and copied for each test app, instead of migrating and
// seeding every time: on PostgreSQL the 21 migrations and the seed took 0.5 s on a quiet machine and 3.6 s on a
// busy one (66 apps a run: four minutes of the API suite), a copy takes a tenth of that. A template is made the first
// time a run asks for its kind (the seed's member count and the environment given, which sets the password hashing)
// and kept until the run ends (global-setup.ts drops them). Each copy is a database (a file) of its own, as before.
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { inject } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seed } from '../../src/server/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for this run's SQLite templates (global-setup.ts removes it). */
    templateDir: string;
  }
}

/** Migrates and seeds the database at `url` as a test app's start did. */
async function build(url: string, config: ServerConfig, members: number) {
  const database = await openDatabase(url);
  try {
    await migrateToLatest(database.db, database.dialect);
    await seed(database.db, config, { members });
  } finally {
    await database.close();
  }
}

const nameOf = (kind: string) => createHash('sha256').update(kind).digest('hex').slice(0, 12);

/**
 * A SQLite database file at `target`, migrated and seeded for `kind`: a copy of the run's template. `configFor`
 * gives the configuration the seed runs with, for a database URL.
 */
export async function seededSqlite(
  target: string,
  kind: { members: number; env: Record<string, string> },
  configFor: (url: string) => ServerConfig,
): Promise<void> {
  const dir = inject('templateDir');
  const template = join(dir, `${nameOf(JSON.stringify(kind))}.db`);
  if (!existsSync(template)) {
    mkdirSync(dir, { recursive: true });
    // Built beside its final name and moved there once whole: a template is never seen half made.
    const building = `${template}.${randomBytes(4).toString('hex')}.building`;
    await build(`file:${building}`, configFor(`file:${building}`), kind.members);
    renameSync(building, template);
  }
  copyFileSync(template, target);
}

/** The CREATE DATABASE clause for a copy, asked of the server once per worker (all copies are of one server). */
let copyStrategy: Promise<RawBuilder<unknown>> | undefined;

/**
 * A PostgreSQL URL of a new database copied from the run's template for `kind`: its tables in a schema of the
 * template's (a `t_` name, as freshPgUrl's), on its search_path, so a test reads the schema from the URL as before.
 */
export async function seededPg(
  base: string,
  kind: { members: number; env: Record<string, string> },
  configFor: (url: string) => ServerConfig,
): Promise<string> {
  const run = new URL(base).pathname.slice(1);
  const name = nameOf(JSON.stringify(kind));
  const template = `${run}_tpl_${name}`;
  const schema = `t_${name}`;
  const urlOf = (database: string) => {
    const url = new URL(base);
    url.pathname = `/${database}`;
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  };
  const admin = await openDatabase(base);
  try {
    // Files run one at a time, but a lock costs nothing and keeps two makers of one template apart.
    await sql`select pg_advisory_lock(hashtext(${template}))`.execute(admin.db);
    const found = await sql`select 1 from pg_database where datname = ${template}`.execute(admin.db);
    if (!found.rows.length) {
      await sql`create database ${sql.id(`${template}_building`)}`.execute(admin.db);
      const building = openDatabase(urlOf(`${template}_building`));
      await sql.raw(`create schema ${schema}`).execute((await building).db);
      await (await building).close();
      await build(urlOf(`${template}_building`), configFor(urlOf(`${template}_building`)), kind.members);
      await sql`alter database ${sql.id(`${template}_building`)} rename to ${sql.id(template)}`.execute(admin.db);
    }
    await sql`select pg_advisory_unlock(hashtext(${template}))`.execute(admin.db);
    const copy = `${run}_c_${randomBytes(6).toString('hex')}`;
    // Copied as files (after a checkpoint), not block by block through the WAL, the default since PostgreSQL 15 (which
    // added the choice): the API step side by side, PostgreSQL's CPU 25.7-27.4 s against 29.1-29.5 s, the step's wall
    // 57-59 s against 62-63 s.
    copyStrategy ??= sql<{ server_version_num: string }>`show server_version_num`
      .execute(admin.db)
      .then(({ rows }) => sql.raw(Number(rows[0].server_version_num) >= 150000 ? ' strategy file_copy' : ''));
    await sql`create database ${sql.id(copy)} template ${sql.id(template)}${await copyStrategy}`.execute(admin.db);
    return urlOf(copy);
  } finally {
    await admin.close();
  }
}
