/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ dialect }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // A number every change to what the user list and stats show moves (users, their ministries and family),
    // by triggers, so no writer can forget it, the CLI and other instances included: the API keeps those
    // answers while it stands (users/cached-answers.ts).
    await db.schema
      .createTable('data_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('data_versions').values({ name: 'users', version: 1 }).execute();
    const tables = ['users', 'ministries', 'ministry_memberships', 'family_members'];
    if (dialect === 'postgres') {
      await sql`create function bump_users_version() returns trigger language plpgsql as $$
        begin update data_versions set version = version + 1 where name = 'users'; return null; end $$`.execute(db);
      for (const table of tables) {
        await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function bump_users_version()`.execute(db);
      }
      return;
    }
    for (const table of tables) {
      for (const change of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_version_${change}`)} after ${sql.raw(change)} on ${sql.table(table)}
          begin update data_versions set version = version + 1 where name = 'users'; end`.execute(db);
      }
    }
  },
});
