/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// What visitors send: contact messages, prayer requests (with staff updates and "I prayed" marks),
// registration cancel links, the per-address submission log behind PUBLIC_RATE_LIMIT, and the small
// key/value settings table (notification recipients first).
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, boolType, bool, id }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('prayer_requests')
      .addColumn('id', idType, id)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('requester', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('priority', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('approved', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('assigned_to', 'text')
      .addColumn('supporters', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('prayer-form'))
      .addColumn('date_requested', 'text', (c) => c.notNull())
      .addColumn('last_updated', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('prayer_requests_wall')
      .on('prayer_requests')
      .columns(['approved', 'is_public', 'date_requested'])
      .execute();
    await db.schema
      .createTable('prayer_updates')
      .addColumn('id', idType, id)
      .addColumn('prayer_id', 'integer', (c) => c.notNull().references('prayer_requests.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(true)))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('prayer_updates_prayer').on('prayer_updates').column('prayer_id').execute();
    // "I prayed" counts once per request, client and day: the unique key is the whole rule.
    await db.schema
      .createTable('prayer_marks')
      .addColumn('prayer_id', 'integer', (c) => c.notNull().references('prayer_requests.id').onDelete('cascade'))
      .addColumn('client_key', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('prayer_marks_pk', ['prayer_id', 'client_key', 'day'])
      .execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('preferred_contact', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('inquiry_type', 'text', (c) => c.notNull())
      .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('read', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('archived', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('prayer_request_id', 'integer', (c) => c.references('prayer_requests.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();

    // Only a hash of the emailed cancel link's token is kept, like password reset tokens.
    await db.schema.alterTable('event_registrations').addColumn('cancel_token_hash', 'text').execute();
    await db.schema.alterTable('event_registrations').addColumn('updated_at', 'text').execute();
    await db.schema
      .createIndex('event_registrations_cancel')
      .on('event_registrations')
      .column('cancel_token_hash')
      .execute();

    // client_key is a keyed hash of the address, never the address itself.
    await db.schema
      .createTable('public_submissions')
      .addColumn('id', idType, id)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('client_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('public_submissions_window')
      .on('public_submissions')
      .columns(['kind', 'client_key', 'created_at'])
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
});
