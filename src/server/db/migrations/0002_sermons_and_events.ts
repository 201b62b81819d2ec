/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Sermons and events move from files to the database. Ids are the slugs of their pages; tags are a JSON
// array in text (portable); dates are 'YYYY-MM-DD' and times 'HH:MM' text, as everywhere else.
// Shipped: never edit it; add the next migration instead (./index.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, boolType, bool, id }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sermons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('speaker', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('duration', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('thumbnail', 'text')
      .addColumn('audio_url', 'text')
      .addColumn('video_url', 'text')
      .addColumn('series', 'text')
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sermons_date').on('sermons').columns(['status', 'date']).execute();

    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer')
      .addColumn('organizer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(true)))
      .addColumn('requires_registration', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('image_url', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('events_start').on('events').columns(['start_date', 'start_time']).execute();

    await db.schema
      .createTable('event_registrations')
      .addColumn('id', idType, id)
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('seats', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`seats between 1 and 10`),
      )
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('confirmed', 'waitlisted', 'cancelled', 'checked_in')`),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The registered and waitlist counts sum seats per event and status.
    await db.schema
      .createIndex('event_registrations_event')
      .on('event_registrations')
      .columns(['event_id', 'status'])
      .execute();
  },
});
