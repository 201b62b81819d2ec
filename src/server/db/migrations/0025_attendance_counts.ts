/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Named check-ins counted as they are written (issue 31, "Scale"). The Attendance report counted the check-ins of
// every service and date by GROUP BY at each call: for a year of a whole network that is 2.4 million rows (3 s).
// attendance_counts holds that count per service, date and branch (the branch the check-ins were written with, so
// the scope filters it as it filtered them). Triggers keep it, in the same transaction as the write, for people's
// check-ins and children's alike (both are named check-ins) and for every delete, cascades included: no writer
// can forget it. A count that falls to 0 stays as a row of 0, which the report skips. Filled here from the rows
// already there. The weeks of a whole network sum the headcounts by date: 0022's index by date holding the counts
// gains the first-timers, so that sum too reads the index alone (the roll-up's sum still does).
// Shipped: never edit it; add the next migration instead (./index.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

const COUNTED = ['checkins', 'child_checkins'];

export default ({ dialect }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('attendance_counts')
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('checked_in', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('attendance_counts_key', ['service_id', 'date', 'branch_id'])
      .execute();
    // A scope's weeks: one range per branch over dates, the count read from the index alone.
    await db.schema
      .createIndex('attendance_counts_branch_date')
      .on('attendance_counts')
      .columns(['branch_id', 'date', 'checked_in'])
      .execute();
    await db.schema
      .createIndex('attendance_counts_date')
      .on('attendance_counts')
      .columns(['date', 'checked_in'])
      .execute();

    await db.schema
      .createIndex('headcounts_date_sums')
      .on('headcounts')
      .columns(['date', 'men', 'women', 'children', 'first_timers'])
      .execute();
    await db.schema.dropIndex('headcounts_date_counts').execute();

    const add = (row: 'new') =>
      sql`insert into attendance_counts (service_id, branch_id, date, checked_in)
          values (${sql.raw(row)}.service_id, ${sql.raw(row)}.branch_id, ${sql.raw(row)}.date, 1)
          on conflict (service_id, date, branch_id) do update set checked_in = attendance_counts.checked_in + 1`;
    const remove = (row: 'old') =>
      sql`update attendance_counts set checked_in = checked_in - 1
          where service_id = ${sql.raw(row)}.service_id and date = ${sql.raw(row)}.date
            and branch_id = ${sql.raw(row)}.branch_id`;
    if (dialect === 'postgres') {
      await sql`create function count_checkins() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then ${remove('old')}; end if;
          if tg_op in ('INSERT', 'UPDATE') then ${add('new')}; end if;
          return null;
        end $$`.execute(db);
      for (const table of COUNTED)
        await sql`create trigger ${sql.raw(`${table}_counted`)}
          after insert or delete or update of service_id, branch_id, date on ${sql.table(table)}
          for each row execute function count_checkins()`.execute(db);
    } else {
      for (const table of COUNTED) {
        await sql`create trigger ${sql.raw(`${table}_counted_insert`)} after insert on ${sql.table(table)}
          begin ${add('new')}; end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_counted_delete`)} after delete on ${sql.table(table)}
          begin ${remove('old')}; end`.execute(db);
        await sql`create trigger ${sql.raw(`${table}_counted_update`)}
          after update of service_id, branch_id, date on ${sql.table(table)}
          begin ${remove('old')}; ${add('new')}; end`.execute(db);
      }
    }

    await sql`insert into attendance_counts (service_id, branch_id, date, checked_in)
      select service_id, branch_id, date, count(*) from (
        select service_id, branch_id, date from checkins
        union all
        select service_id, branch_id, date from child_checkins
      ) named
      group by service_id, branch_id, date`.execute(db);
  },
});
