/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// The Network dashboard's roll-up at a denomination's size (scripts/bench/network.mjs: 2,000 branches, 2 million
// gifts, 330,000 headcounts). An area's giving of the last 30 days read the month's paid gifts of the whole network
// through the status index and then each row to learn its branch (1.8 s); with the branch first and the summed
// columns in the index it is one short range per branch of the area, never the table. The old branch index is
// this one's prefix and goes. The root's attendance summed the headcounts of every branch by date from the table;
// an index by date holding the counts answers it alone.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export default (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('gifts_branch_counted')
      .on('gifts')
      .columns(['branch_id', 'status', 'paid_at', 'amount', 'refund_amount'])
      .execute();
    await db.schema.dropIndex('gifts_branch').execute();
    await db.schema
      .createIndex('headcounts_date_counts')
      .on('headcounts')
      .columns(['date', 'men', 'women', 'children'])
      .execute();
  },
});
