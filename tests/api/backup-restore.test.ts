/* eslint-disable @typescript-eslint/no-explicit-any -- rows are compared whole, whatever their table */
// Backups that restore: `npm run db:backup` and `npm run db:restore`, run as a person would (through tsx), on
// SQLite and PostgreSQL. A database with the demo data and a write of every kind is backed up, restored into a
// fresh database, and every table (as the database lists them) is compared row by row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { backends, startApi, TEST_ENV, type Backend } from './helpers';
import { openDatabase } from '../../src/server/db/connection';
import { migrations } from '../../src/server/db/migrations';
import { queueEmail } from '../../src/server/outbox/queue';
import { loadConfig } from '../../src/server/config';
import { createJobRunner } from '../../src/server/jobs/runner';
import { expiredRowsJob } from '../../src/server/jobs/expired-rows';

const dir = mkdtempSync(join(tmpdir(), 'church-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: 'backup' | 'restore', args: string[], databaseUrl: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `src/server/cli/${script}.ts`, ...args], {
    env: { ...process.env, ...TEST_ENV, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: databaseUrl, ...env },
    encoding: 'utf8',
  });
}

/** Every table the database has (its own list), each one's rows in primary-key order; PostgreSQL's sequences. */
async function contents(databaseUrl: string): Promise<Record<string, unknown[]>> {
  const database = await openDatabase(databaseUrl);
  const db = database.db;
  try {
    const postgres = database.dialect === 'postgres';
    const tables = postgres
      ? await sql<{ name: string; key: string[] | null }>`
          select t.table_name as name,
            (select array_agg(k.column_name::text order by k.ordinal_position)
               from information_schema.table_constraints c
               join information_schema.key_column_usage k
                 on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
              where c.table_schema = t.table_schema and c.table_name = t.table_name
                and c.constraint_type = 'PRIMARY KEY') as key
          from information_schema.tables t
          where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db)
      : // ANALYZE's statistics (sqlite_stat*) are refreshed by the migrations at start, so they are no data.
        await sql<{ name: string; key: string | null }>`
          select m.name,
            (select json_group_array(p.name) from (select name from pragma_table_info(m.name) where pk > 0 order by pk) p
              having count(*) > 0) as key
          from sqlite_master m where m.type = 'table' and m.name not like 'sqlite_stat%'`.execute(db);
    const all: Record<string, unknown[]> = {};
    for (const { name, key } of tables.rows) {
      const columns: string[] | null = typeof key === 'string' ? JSON.parse(key) : key;
      // A table without a primary key is ordered by all its columns.
      const order = columns ? sql.join(columns.map((c) => sql.ref(c))) : sql.raw('1');
      const query = columns
        ? sql`select * from ${sql.table(name)} order by ${order}`
        : sql`select * from ${sql.table(name)}`;
      const { rows } = await query.execute(db);
      all[name] = columns ? rows : rows.map((r) => JSON.stringify(r)).sort();
    }
    if (postgres)
      all['(sequences)'] = (
        await sql`select sequencename, last_value from pg_sequences
                  where schemaname = current_schema() order by sequencename`.execute(db)
      ).rows;
    return all;
  } finally {
    await database.close();
  }
}

/** A new, empty PostgreSQL database on the test server, whose search_path names `schema`. */
async function freshDatabase(base: string, schema: string): Promise<string> {
  const name = `church_restore_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase(base);
  try {
    await sql`create database ${sql.id(name)}`.execute(admin.db);
  } catch {
    // The test role may not create databases (tests/api/global-setup.ts makes it without CREATEDB): the
    // postgres user does it, as the global setup reaches it.
    const role = decodeURIComponent(new URL(base).username);
    const made = spawnSync(
      'su',
      ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qc 'CREATE DATABASE ${name} OWNER ${role}'`],
      {
        encoding: 'utf8',
      },
    );
    if (made.status !== 0) throw new Error(`could not create a database for the restore: ${made.stderr}`);
  } finally {
    await admin.close();
  }
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
const created: string[] = [];
afterAll(async () => {
  if (!created.length) return;
  const admin = await openDatabase(inject('pgUrl'));
  for (const name of created) {
    // A plain drop ends an autovacuum worker still on the copy; WITH (FORCE) refuses to, as this role (it failed so
    // once, after the command-line tests had written 10,000 members). FORCE then ends a session of ours still open.
    await sql`drop database if exists ${sql.id(name)}`
      .execute(admin.db)
      .catch(() => sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db));
  }
  await admin.close();
});

let address = 0;
const client = () => ({ 'X-Forwarded-For': `198.51.100.${++address % 250}` });

describe.each(backends())('backup and restore on %s', (backend: Backend) => {
  let source: string;
  let backup: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(dir, `${backend}-`));
    const api = await startApi(backend, { members: 5, dataDir });
    source = api.config.databaseUrl;
    const [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
    const ok = (res: { status: number; body: any }, status: number) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body;
    };
    const events = ok(await api.request('GET', '/events/'), 200);
    const event = events.find((e: any) => e.requiresRegistration);
    ok(
      await api.request('POST', `/events/${event.id}/registrations/`, {
        headers: client(),
        body: { name: 'Kofi Boateng', email: 'kofi@example.org', phone: '+233 24 555 0100', seats: 2 },
      }),
      201,
    );
    const prayers = ok(await api.request('GET', '/prayers/', { token: pastor }), 200);
    ok(
      await api.request('POST', `/prayers/${prayers[0].id}/updates/`, {
        token: pastor,
        body: { text: 'We are praying with you this week.' },
      }),
      201,
    );
    ok(
      await api.request('POST', '/contact/', {
        headers: client(),
        body: {
          name: 'Esi Ampofo',
          email: 'esi@example.org',
          preferredContact: 'email',
          subject: 'Choir auditions',
          inquiryType: 'volunteer',
          message: 'I would like to join the choir. When are the auditions held?',
        },
      }),
      201,
    );
    ok(
      await api.request('POST', '/broadcasts/', {
        token: admin,
        body: {
          requestKey: randomUUID(),
          audience: { group: 'all' },
          subject: 'Harvest Thanksgiving this Sunday',
          message: 'Bring a friend: the service starts at 9 am, with lunch after.',
        },
      }),
      201,
    );
    await queueEmail(
      api.database.db,
      'backup-test:1',
      { to: 'ama@example.org', subject: 'Kept in a backup', text: 'Queued before the backup was taken.' },
      api.clock.now,
    );
    // Every kind of write is there to be compared (the prayer update and the broadcast are audited).
    const db = api.database.db;
    for (const table of [
      'event_registrations',
      'prayer_updates',
      'contact_messages',
      'broadcasts',
      'outbox',
      'audit_log',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBeGreaterThan(0);
    }
    // Stopped before the backup, so that nothing (an outbox worker sending) changes the source meanwhile.
    await api.close();

    const res = run('backup', [], source);
    expect(res.status, res.stderr).toBe(0);
    backup = /Backup written to (.+) \(/.exec(res.stdout)![1];
    const extension = backend === 'postgres' ? 'dump' : 'db';
    expect(backup).toMatch(new RegExp(`^${dir}/backups/church-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.${extension}$`));
    expect(statSync(backup).size).toBeGreaterThan(0);
  });

  const freshTarget = async () =>
    backend === 'postgres'
      ? freshDatabase(inject('pgUrl'), new URL(source).searchParams.get('options')!.split('=')[1])
      : `file:${join(mkdtempSync(join(dir, 'restore-')), 'church.db')}`;

  it('restores every row of every table into a fresh database', async () => {
    const target = await freshTarget();
    const res = run('restore', [backup], target);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Restored .* \(11 users\); migrations applied\.$/m);
    const [before, after] = await Promise.all([contents(source), contents(target)]);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'outbox', 'kysely_migration']));
    expect(after).toEqual(before);
  });

  it('refuses a target that holds data and changes nothing', async () => {
    const before = await contents(source);
    const res = run('restore', [backup], source);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(
      backend === 'postgres'
        ? /Refusing to restore, nothing was changed: the target already holds data/
        : /Refusing to restore: .* exists and is not empty/,
    );
    expect(await contents(source)).toEqual(before);
  });

  it.runIf(backend === 'postgres')('restores into a database the app migrated but never used', async () => {
    const target = await freshTarget();
    const schema = new URL(target).searchParams.get('options')!.split('=')[1];
    const database = await openDatabase(target.replace(/\?.*/, ''));
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await database.close();
    const { migrateToLatest } = await import('../../src/server/db/migrations');
    const empty = await openDatabase(target);
    await migrateToLatest(empty.db, empty.dialect);
    await empty.close();
    const res = run('restore', [backup], target);
    expect(res.status, res.stderr).toBe(0);
    expect(await contents(target)).toEqual(await contents(source));
  });

  it.runIf(backend === 'postgres')('restores into a database where the app started but nobody wrote', async () => {
    const target = await freshTarget();
    const schema = new URL(target).searchParams.get('options')!.split('=')[1];
    const database = await openDatabase(target.replace(/\?.*/, ''));
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    await database.close();
    const { migrateToLatest } = await import('../../src/server/db/migrations');
    const started = await openDatabase(target);
    await migrateToLatest(started.db, started.dialect);
    // The job runner writes its leases as the app starts: bookkeeping, not data.
    const config = loadConfig({ ...TEST_ENV, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: target });
    const runner = createJobRunner({ database: started, config, now: Date.now }, [expiredRowsJob]);
    expect(await runner.runDue()).toEqual([expiredRowsJob.name]);
    await runner.close();
    await started.close();
    const res = run('restore', [backup], target);
    expect(res.status, res.stderr).toBe(0);
    expect(await contents(target)).toEqual(await contents(source));
  });

  it.runIf(backend === 'postgres')('says so when pg_dump is missing or older than the server', () => {
    const missing = run('backup', ['--out', join(dir, 'none.dump')], source, { PATH: join(dir, 'nowhere') });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^pg_dump was not found: install PostgreSQL's client tools/);
    const tools = mkdtempSync(join(dir, 'old-tools-'));
    writeFileSync(join(tools, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    chmodSync(join(tools, 'pg_dump'), 0o755);
    const old = run('backup', ['--out', join(dir, 'old.dump')], source, { PATH: tools });
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(/^pg_dump 9 is older than the server \(PostgreSQL \d+\) and cannot dump it/);
    expect(existsSync(join(dir, 'none.dump')) || existsSync(join(dir, 'old.dump'))).toBe(false);
  });

  it.runIf(backend === 'sqlite')('brings a backup from an older version up to date', async () => {
    // A backup as version 0008 wrote it, made by running the migrations only that far (no outbox, no two-factor,
    // members' door, households or giving tables yet), with a user in it.
    const older = join(dir, 'older.db');
    const database = await openDatabase(`file:${older}`);
    try {
      const provider = { getMigrations: async () => migrations(database.dialect) };
      const { error } = await new Migrator({ db: database.db, provider }).migrateTo('0008_notices_seen');
      expect(error).toBeUndefined();
      await sql`INSERT INTO users (username, email, password_hash, role, date_joined)
        VALUES ('old_timer', 'old@example.org', 'x', 'MEMBER', '2024-01-01T00:00:00.000Z')`.execute(database.db);
    } finally {
      await database.close();
    }
    const target = await freshTarget();
    const res = run('restore', [older], target);
    expect(res.status, res.stderr).toBe(0);
    const restored = await contents(target);
    expect(restored.outbox).toEqual([]);
    expect(restored.gifts).toEqual([]);
    expect(restored.users).toContainEqual(expect.objectContaining({ username: 'old_timer' }));
    const names = (restored.kysely_migration as { name: string }[]).map((m) => m.name);
    expect(names).toEqual(Object.keys(migrations('sqlite')).sort());
  });
});
