/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default (_types: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // The analytics read a year of views by day: with the count in the index they never touch the table.
    await db.schema
      .createIndex('content_views_day_cover')
      .on('content_views')
      .columns(['day', 'kind', 'item_id', 'count'])
      .execute();
  },
});
