/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Children's check-in (docs/API.md, Children's check-in): paired stations, children's allergies and notes, and
// each check-in. One check-in (a security code) covers the children a guardian brings at once; the code is unique
// per day, so a pickup finds it by (date, code). A child is a household person (relationship child) or an account
// under 18, so a child's row names one or the other; a child is in a service once a day (two unique indexes, since
// NULLs never collide). Stations keep only hashes of their pairing code and of their cookie's token.
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
    await db.schema.alterTable('household_people').addColumn('allergies', 'text').execute();
    await db.schema.alterTable('household_people').addColumn('notes', 'text').execute();

    await db.schema
      .createTable('stations')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'integer', branch)
      // 'host:port' of a network label printer (ZPL over TCP), or null.
      .addColumn('printer', 'text')
      .addColumn('pairing_code_hash', 'text')
      .addColumn('pairing_expires_at', 'text')
      .addColumn('token_hash', 'text')
      .addColumn('paired_at', 'text')
      .addColumn('last_seen_at', 'text')
      .addColumn('deleted', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stations_token').on('stations').column('token_hash').unique().execute();
    await db.schema.createIndex('stations_pairing').on('stations').column('pairing_code_hash').unique().execute();

    await db.schema
      .createTable('checkin_codes')
      .addColumn('id', idType, id)
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('security_code', 'text', (c) => c.notNull())
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
      .addColumn('branch_id', 'integer', branch)
      .addColumn('household_id', 'integer', (c) => c.references('households.id').onDelete('set null'))
      .addColumn('guardian_name', 'text')
      .addColumn('guardian_phone', 'text')
      .addColumn('station_id', 'integer', (c) => c.references('stations.id'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // A station's own key for a check-in it queued offline: sent twice, it is made once.
      .addColumn('idempotency_key', 'text', (c) => c.unique())
      // The last print to the station's printer: null (none asked), 'ok' or the failure in words.
      .addColumn('print_result', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('checkin_codes_date_code', ['date', 'security_code'])
      .execute();

    await db.schema
      .createTable('child_checkins')
      .addColumn('id', idType, id)
      .addColumn('code_id', 'integer', (c) => c.notNull().references('checkin_codes.id').onDelete('cascade'))
      .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
      .addColumn('branch_id', 'integer', branch)
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('security_code', 'text', (c) => c.notNull())
      .addColumn('person_id', 'integer', (c) => c.references('household_people.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      // The name and allergies as they were at check-in: what the labels and the evacuation list show.
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('allergies', 'text')
      .addColumn('guardian_name', 'text')
      .addColumn('checked_in_at', 'text', (c) => c.notNull())
      .addColumn('checked_in_station', 'integer', (c) => c.references('stations.id'))
      .addColumn('checked_in_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('collected_at', 'text')
      .addColumn('collected_station', 'integer', (c) => c.references('stations.id'))
      .addColumn('collected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addUniqueConstraint('child_checkins_person', ['service_id', 'date', 'person_id'])
      .addUniqueConstraint('child_checkins_user', ['service_id', 'date', 'user_id'])
      .execute();
    await db.schema.createIndex('child_checkins_code').on('child_checkins').column('code_id').execute();
    await db.schema
      .createIndex('child_checkins_service_date')
      .on('child_checkins')
      .columns(['service_id', 'date'])
      .execute();
  },
});
