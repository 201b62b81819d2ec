/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Background jobs (src/server/jobs/): one row per job, its lease. An instance runs a job only after taking the
// lease in one conditional UPDATE (the job is due and nobody holds an unexpired lease), so instances on one
// PostgreSQL run each job once per period; a crashed holder's lease runs out and another instance takes over.
// Rows are made by the runner when it starts, one per job it knows. Timestamps are ISO text, as everywhere.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export default (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('job_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('holder', 'text')
      .addColumn('leased_until', 'text')
      .addColumn('last_error', 'text')
      .execute();
  },
});
