/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Accounts that hold under attack (docs/API.md, Accounts and sessions). Wrong second-step codes counted per
// account, whatever the mfa_token or address they came with: one row per account that has guessed wrong lately,
// its window, its count and, once the count reached the limit, the lock's end. Ended sessions are looked up by
// when they ended (credentials/ended-sessions.ts refuses their access tokens), so `sessions.ended_at` gains an index.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default (_types: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('second_step_guards')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('window_start', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .execute();
    await db.schema.createIndex('sessions_ended').on('sessions').column('ended_at').execute();
  },
});
