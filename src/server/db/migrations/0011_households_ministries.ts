/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Households and ministries as staff manage them (docs/API.md, Households and Ministries; src/server/households/,
// src/server/ministries/). A household gathers member accounts (`users.household_id`, with the account's
// relationship in it) and people without an account (`household_people`); a ministry gains what /ministries shows
// (description, leader, when and where it meets, whether it is public) and join requests from visitors and members.
// The older per-user `family_members` rows become households: one per user who had any, named after them, the user
// its head, the rows its people. The user answer reads households, so their tables move the users' data version
// like the tables of migration 0006.
// Shipped: never edit it; add the next migration instead (./index.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ dialect, idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('households')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('head_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('households_name').on('households').column('name').execute();
    await db.schema
      .alterTable('users')
      .addColumn('household_id', 'integer', (c) => c.references('households.id').onDelete('set null'))
      .execute();
    // The account's place in its household ("Head", "Spouse", "Son", …), as a person's relationship is.
    await db.schema.alterTable('users').addColumn('household_relationship', 'text').execute();
    await db.schema.createIndex('users_household').on('users').column('household_id').execute();
    await db.schema
      .createTable('household_people')
      .addColumn('id', idType, id)
      .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('relationship', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('household_people_household').on('household_people').column('household_id').execute();

    await db.schema
      .alterTable('ministries')
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('ministries')
      .addColumn('leader_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    for (const column of ['meeting_day', 'meeting_time', 'meeting_place']) {
      await db.schema.alterTable('ministries').addColumn(column, 'text').execute();
    }
    await db.schema
      .alterTable('ministries')
      .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(true)))
      .execute();
    await db.schema
      .createTable('ministry_join_requests')
      .addColumn('id', idType, id)
      .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('message', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('ministry_join_requests_status')
      .on('ministry_join_requests')
      .columns(['status', 'created_at'])
      .execute();

    // family_members → households, set-wise: every new household has a distinct head, which finds it again.
    const now = new Date().toISOString();
    const hasFamily = sql`exists (select 1 from family_members f where f.user_id = u.id)`;
    await sql`insert into households (name, address, head_user_id, created_at)
      select (case when trim(u.last_name) = '' then u.username else trim(u.last_name) end) || ' household',
             u.address, u.id, ${now}
      from users u where ${hasFamily} order by u.id`.execute(db);
    await sql`update users set household_id = (select h.id from households h where h.head_user_id = users.id),
      household_relationship = 'Head'
      where exists (select 1 from family_members f where f.user_id = users.id)`.execute(db);
    await sql`insert into household_people (household_id, name, relationship, date_of_birth, created_at)
      select u.household_id, f.name, f.relationship, null, ${now}
      from family_members f inner join users u on u.id = f.user_id order by f.id`.execute(db);
    await sql`delete from family_members`.execute(db);

    const tables = ['households', 'household_people'];
    if (dialect === 'postgres') {
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
