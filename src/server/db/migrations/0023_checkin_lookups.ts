/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// The reads of a children's check-in by index (scripts/bench/checkin.mjs: 20 stations at once on 2,000 families).
// A station finds a household by its account's phone (users read whole before: 5 ms of each lookup on SQLite
// with 6,000 members), the code goes by SMS to the household's head (households by head_user_id), and a child's
// check-ins of the day are read by the child (person_id or user_id, then date) rather than by every check-in of the
// service that day. The two by child also serve the cascades when a person or an account is deleted.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export default (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('users_phone').on('users').column('phone_number').execute();
    await db.schema.createIndex('households_head').on('households').column('head_user_id').execute();
    await db.schema
      .createIndex('child_checkins_by_person')
      .on('child_checkins')
      .columns(['person_id', 'date'])
      .execute();
    await db.schema
      .createIndex('child_checkins_by_account')
      .on('child_checkins')
      .columns(['user_id', 'date'])
      .execute();
  },
});
