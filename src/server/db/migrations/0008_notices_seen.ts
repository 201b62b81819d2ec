/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default (_types: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // When each staff member last opened the Notifications list: the bell counts what is new to them since.
    // A table of its own, not a column of users, so opening the list does not move the users' data version
    // (0006) and drop the kept user list answers.
    await db.schema
      .createTable('notices_seen')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();
  },
});
