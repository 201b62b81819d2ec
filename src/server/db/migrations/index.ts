// Schema migrations, applied in order at start-up by Kysely's Migrator (which takes a lock, so two app
// instances starting together against one PostgreSQL do not race). One file each, named as Kysely records it;
// never edit a shipped one: add the next file and list it here.
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Dialect } from '../connection';
import { dialectTypes } from './dialect';
import m0001 from './0001_initial';
import m0002 from './0002_sermons_and_events';
import m0003 from './0003_visitor_submissions';
import m0004 from './0004_staff_insight';
import m0005 from './0005_content_views_cover';
import m0006 from './0006_users_version';
import m0007 from './0007_content_views_by_sermon';
import m0008 from './0008_notices_seen';
import m0009 from './0009_outbox';
import m0010 from './0010_two_factor';
import m0011 from './0011_households_ministries';
import m0012 from './0012_members';
import m0013 from './0013_giving';
import m0014 from './0014_accounts_hold';
import m0015 from './0015_meeting_times';
import m0016 from './0016_phones_whole';
import m0017 from './0017_jobs';
import m0018 from './0018_branches';
import m0019 from './0019_services_attendance';
import m0020 from './0020_first_timers';
import m0021 from './0021_children';
import m0022 from './0022_network_roll_up';
import m0023 from './0023_checkin_lookups';
import m0024 from './0024_child_accounts';
import m0025 from './0025_attendance_counts';

/** Every migration by name (a test migrates to one of them with Kysely's Migrator.migrateTo). */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const types = dialectTypes(dialect);
  return {
    '0001_initial': m0001(types),
    '0002_sermons_and_events': m0002(types),
    '0003_visitor_submissions': m0003(types),
    '0004_staff_insight': m0004(types),
    '0005_content_views_cover': m0005(types),
    '0006_users_version': m0006(types),
    '0007_content_views_by_sermon': m0007(types),
    '0008_notices_seen': m0008(types),
    '0009_outbox': m0009(types),
    '0010_two_factor': m0010(types),
    '0011_households_ministries': m0011(types),
    '0012_members': m0012(types),
    '0013_giving': m0013(types),
    '0014_accounts_hold': m0014(types),
    '0015_meeting_times': m0015(),
    '0016_phones_whole': m0016(),
    '0017_jobs': m0017(),
    '0018_branches': m0018(types),
    '0019_services_attendance': m0019(types),
    '0020_first_timers': m0020(types),
    '0021_children': m0021(types),
    '0022_network_roll_up': m0022(),
    '0023_checkin_lookups': m0023(),
    '0024_child_accounts': m0024(),
    '0025_attendance_counts': m0025(types),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrations' Kysely is untyped
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  // PostgreSQL: name the migration tables' schema explicitly, or Kysely may see another schema's
  // tables (several apps or test runs can share one database with different search paths).
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema
      : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Statistics for the planner where they are missing or stale (0x10000: every table), new indexes included.
  if (dialect === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db);
}
