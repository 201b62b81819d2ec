/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, id }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // Sermon page views and audio plays, one row per day, kind and sermon (no visitor is identified).
    await db.schema
      .createTable('content_views')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('content_views_pk', ['day', 'kind', 'item_id'])
      .execute();
    // The days each account used the portal or signed in: active users, retention and the users trend.
    await db.schema
      .createTable('member_activity')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_activity_pk', ['user_id', 'day'])
      .execute();
    await db.schema.createIndex('member_activity_day').on('member_activity').columns(['day', 'user_id']).execute();
    // Emails staff sent to a group of members; the request key makes a double click one send.
    await db.schema
      .createTable('broadcasts')
      .addColumn('id', idType, id)
      .addColumn('request_key', 'text', (c) => c.notNull().unique())
      .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The figures count by date: these keep the analytics within budget on a big church's data.
    await db.schema.createIndex('prayer_requests_requested').on('prayer_requests').column('date_requested').execute();
    await db.schema.createIndex('event_registrations_created').on('event_registrations').column('created_at').execute();
  },
});
