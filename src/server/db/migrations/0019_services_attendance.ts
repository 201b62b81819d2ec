/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Services and attendance (docs/API.md, Services and attendance): the church's regular services, the ushers'
// headcount of each service and date, members' named check-ins, and what staff did about an absentee (a visit,
// a call). Every row carries its branch, copied from the service when written, so the roll-ups of a branch and
// everything below it are one range over (branch_id, date) without joining services (docs/ARCHITECTURE.md, scope).
// A service is never deleted while counts name it: `deleted` hides it from the lists and from new counts.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ dialect, idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    const branch = (c: any) => {
      const col = c.notNull();
      return dialect === 'postgres' ? col.references('branches.id') : col;
    };
    await db.schema
      .createTable('services')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'integer', branch)
      .addColumn('day_of_week', 'integer', (c) => c.notNull())
      // 'HH:MM', 24-hour: sorts as text.
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('language', 'text')
      .addColumn('deleted', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('services_branch').on('services').column('branch_id').execute();

    await db.schema
      .createTable('headcounts')
      .addColumn('id', idType, id)
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
      .addColumn('branch_id', 'integer', branch)
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('men', 'integer', (c) => c.notNull())
      .addColumn('women', 'integer', (c) => c.notNull())
      .addColumn('children', 'integer', (c) => c.notNull())
      .addColumn('first_timers', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('headcounts_service_date', ['service_id', 'date'])
      .execute();
    await db.schema.createIndex('headcounts_branch_date').on('headcounts').columns(['branch_id', 'date']).execute();

    await db.schema
      .createTable('checkins')
      .addColumn('id', idType, id)
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
      .addColumn('branch_id', 'integer', branch)
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // Who marked them present; null when the member checked in themselves (the QR code).
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('checkins_service_date_user', ['service_id', 'date', 'user_id'])
      .execute();
    await db.schema.createIndex('checkins_branch_date').on('checkins').columns(['branch_id', 'date']).execute();
    // Absentees: a person's weeks of attendance, read by person and date.
    await db.schema.createIndex('checkins_user_date').on('checkins').columns(['user_id', 'date']).execute();

    await db.schema
      .createTable('attendance_followups')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'visited', 'called', 'sms', 'email'
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('attendance_followups_user')
      .on('attendance_followups')
      .columns(['user_id', 'created_at'])
      .execute();
  },
});
