/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default (_types: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    // Top sermons sum a range of days per sermon: read by sermon, in order, no sort of a year of rows.
    await db.schema
      .createIndex('content_views_item_cover')
      .on('content_views')
      .columns(['item_id', 'day', 'kind', 'count'])
      .execute();
  },
});
