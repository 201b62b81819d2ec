/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// A child who has an account (under 18 in a household, src/lib/shared/checkin/api.ts) gets allergies and notes like
// a household person's (migration 0021): kept beside the account, not on it, so that nothing that reads an account
// (a session, a user answer) carries them; staff and stations read them, the household's members the allergies.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export default (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('child_accounts')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('allergies', 'text')
      .addColumn('notes', 'text')
      .execute();
  },
});
