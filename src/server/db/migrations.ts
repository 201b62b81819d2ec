/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Schema migrations, applied in order at start-up by Kysely's Migrator (which takes a lock, so two
// app instances starting together against one PostgreSQL do not race). Never edit a shipped migration:
// add a new one.
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Dialect } from './connection';

function migrations(dialect: Dialect): Record<string, Migration> {
  // One column type per dialect for auto-increment keys and booleans; everything else is portable.
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const boolType = dialect === 'postgres' ? 'boolean' : 'integer';
  const bool = (value: boolean) => (dialect === 'postgres' ? sql.lit(value) : sql.lit(value ? 1 : 0));
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, id)
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('phone_number', 'text')
          .addColumn('avatar', 'text')
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('is_active', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('is_suspended', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('suspension_reason', 'text')
          .addColumn('can_access_web', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('date_joined', 'text', (c) => c.notNull())
          .addColumn('last_login', 'text')
          .addColumn('last_seen', 'text')
          .addColumn('logged_out_at', 'text')
          .addColumn('date_of_birth', 'text')
          .addColumn('address', 'text')
          .addColumn('member_since', 'text')
          .addColumn('baptism_date', 'text')
          .addColumn('email_notifications', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('sms_notifications', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('push_notifications', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('event_reminders', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('prayer_request_notifications', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('users_date_joined').on('users').column('date_joined').execute();

        await db.schema
          .createTable('ministries')
          .addColumn('id', idType, id)
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .execute();
        await db.schema
          .createTable('ministry_memberships')
          .addColumn('id', idType, id)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('ministry_id', 'integer', (c) => c.notNull().references('ministries.id').onDelete('cascade'))
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('joined_date', 'text', (c) => c.notNull())
          .addUniqueConstraint('ministry_memberships_unique', ['user_id', 'ministry_id'])
          .execute();
        await db.schema
          .createTable('family_members')
          .addColumn('id', idType, id)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('relationship', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('family_members_user').on('family_members').column('user_id').execute();

        await db.schema
          .createTable('refresh_tokens')
          .addColumn('id', idType, id)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('family_id', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('revoked_at', 'text')
          .execute();
        await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
        await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

        await db.schema
          .createTable('login_attempts')
          .addColumn('id', idType, id)
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('attempted_at', 'text', (c) => c.notNull())
          .addColumn('succeeded', boolType, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('login_attempts_username')
          .on('login_attempts')
          .columns(['username', 'attempted_at'])
          .execute();

        await db.schema
          .createTable('password_reset_tokens')
          .addColumn('id', idType, id)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();

        await db.schema
          .createTable('audit_log')
          .addColumn('id', idType, id)
          .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('actor_name', 'text', (c) => c.notNull())
          .addColumn('target_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('target_name', 'text')
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('details', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
      },
    },

    // Sermons and events move from files to the database. Ids are the slugs of their pages; tags are a JSON
    // array in text (portable); dates are 'YYYY-MM-DD' and times 'HH:MM' text, as everywhere else.
    '0002_sermons_and_events': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('sermons')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('speaker', 'text', (c) => c.notNull())
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('duration', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('thumbnail', 'text')
          .addColumn('audio_url', 'text')
          .addColumn('video_url', 'text')
          .addColumn('series', 'text')
          .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sermons_date').on('sermons').columns(['status', 'date']).execute();

        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('start_date', 'text', (c) => c.notNull())
          .addColumn('end_date', 'text', (c) => c.notNull())
          .addColumn('start_time', 'text', (c) => c.notNull())
          .addColumn('end_time', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('location', 'text', (c) => c.notNull())
          .addColumn('capacity', 'integer')
          .addColumn('organizer', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('requires_registration', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('image_url', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('events_start').on('events').columns(['start_date', 'start_time']).execute();

        await db.schema
          .createTable('event_registrations')
          .addColumn('id', idType, id)
          .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone', 'text')
          .addColumn('seats', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`seats between 1 and 10`),
          )
          .addColumn('status', 'text', (c) =>
            c.notNull().check(sql`status in ('confirmed', 'waitlisted', 'cancelled', 'checked_in')`),
          )
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // The registered and waitlist counts sum seats per event and status.
        await db.schema
          .createIndex('event_registrations_event')
          .on('event_registrations')
          .columns(['event_id', 'status'])
          .execute();
      },
    },

    // What visitors send: contact messages, prayer requests (with staff updates and "I prayed" marks),
    // registration cancel links, the per-address submission log behind PUBLIC_RATE_LIMIT, and the small
    // key/value settings table (notification recipients first).
    '0003_visitor_submissions': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('prayer_requests')
          .addColumn('id', idType, id)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('requester', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('priority', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('approved', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('assigned_to_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('assigned_to', 'text')
          .addColumn('supporters', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('source', 'text', (c) => c.notNull().defaultTo('prayer-form'))
          .addColumn('date_requested', 'text', (c) => c.notNull())
          .addColumn('last_updated', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('prayer_requests_wall')
          .on('prayer_requests')
          .columns(['approved', 'is_public', 'date_requested'])
          .execute();
        await db.schema
          .createTable('prayer_updates')
          .addColumn('id', idType, id)
          .addColumn('prayer_id', 'integer', (c) => c.notNull().references('prayer_requests.id').onDelete('cascade'))
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('author_name', 'text', (c) => c.notNull())
          .addColumn('is_public', boolType, (c) => c.notNull().defaultTo(bool(true)))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('prayer_updates_prayer').on('prayer_updates').column('prayer_id').execute();
        // "I prayed" counts once per request, client and day: the unique key is the whole rule.
        await db.schema
          .createTable('prayer_marks')
          .addColumn('prayer_id', 'integer', (c) => c.notNull().references('prayer_requests.id').onDelete('cascade'))
          .addColumn('client_key', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('prayer_marks_pk', ['prayer_id', 'client_key', 'day'])
          .execute();

        await db.schema
          .createTable('contact_messages')
          .addColumn('id', idType, id)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('phone', 'text')
          .addColumn('preferred_contact', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('inquiry_type', 'text', (c) => c.notNull())
          .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('read', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('archived', boolType, (c) => c.notNull().defaultTo(bool(false)))
          .addColumn('prayer_request_id', 'integer', (c) => c.references('prayer_requests.id').onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();

        // Only a hash of the emailed cancel link's token is kept, like password reset tokens.
        await db.schema.alterTable('event_registrations').addColumn('cancel_token_hash', 'text').execute();
        await db.schema.alterTable('event_registrations').addColumn('updated_at', 'text').execute();
        await db.schema
          .createIndex('event_registrations_cancel')
          .on('event_registrations')
          .column('cancel_token_hash')
          .execute();

        // client_key is a keyed hash of the address, never the address itself.
        await db.schema
          .createTable('public_submissions')
          .addColumn('id', idType, id)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('client_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('public_submissions_window')
          .on('public_submissions')
          .columns(['kind', 'client_key', 'created_at'])
          .execute();

        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0004_staff_insight': {
      async up(db: Kysely<any>) {
        // Sermon page views and audio plays, one row per day, kind and sermon (no visitor is identified).
        await db.schema
          .createTable('content_views')
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('item_id', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('content_views_pk', ['day', 'kind', 'item_id'])
          .execute();
        // The days each account used the portal or signed in: active users, retention and the users trend.
        await db.schema
          .createTable('member_activity')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('day', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('member_activity_pk', ['user_id', 'day'])
          .execute();
        await db.schema.createIndex('member_activity_day').on('member_activity').columns(['day', 'user_id']).execute();
        // Emails staff sent to a group of members; the request key makes a double click one send.
        await db.schema
          .createTable('broadcasts')
          .addColumn('id', idType, id)
          .addColumn('request_key', 'text', (c) => c.notNull().unique())
          .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('audience', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('recipients', 'integer', (c) => c.notNull())
          .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // The figures count by date: these keep the analytics within budget on a big church's data.
        await db.schema
          .createIndex('prayer_requests_requested')
          .on('prayer_requests')
          .column('date_requested')
          .execute();
        await db.schema
          .createIndex('event_registrations_created')
          .on('event_registrations')
          .column('created_at')
          .execute();
      },
    },
    '0005_content_views_cover': {
      async up(db: Kysely<any>) {
        // The analytics read a year of views by day: with the count in the index they never touch the table.
        await db.schema
          .createIndex('content_views_day_cover')
          .on('content_views')
          .columns(['day', 'kind', 'item_id', 'count'])
          .execute();
      },
    },
    '0006_users_version': {
      async up(db: Kysely<any>) {
        // A number every change to what the user list and stats show moves (users, their ministries and family),
        // by triggers, so no writer can forget it, the CLI and other instances included: the API keeps those
        // answers while it stands (users/cached-answers.ts).
        await db.schema
          .createTable('data_versions')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('version', 'integer', (c) => c.notNull())
          .execute();
        await db.insertInto('data_versions').values({ name: 'users', version: 1 }).execute();
        const tables = ['users', 'ministries', 'ministry_memberships', 'family_members'];
        if (dialect === 'postgres') {
          await sql`create function bump_users_version() returns trigger language plpgsql as $$
            begin update data_versions set version = version + 1 where name = 'users'; return null; end $$`.execute(db);
          for (const table of tables) {
            await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
              for each statement execute function bump_users_version()`.execute(db);
          }
          return;
        }
        for (const table of tables) {
          for (const change of ['insert', 'update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_version_${change}`)} after ${sql.raw(change)} on ${sql.table(table)}
              begin update data_versions set version = version + 1 where name = 'users'; end`.execute(db);
          }
        }
      },
    },
    '0007_content_views_by_sermon': {
      async up(db: Kysely<any>) {
        // Top sermons sum a range of days per sermon: read by sermon, in order, no sort of a year of rows.
        await db.schema
          .createIndex('content_views_item_cover')
          .on('content_views')
          .columns(['item_id', 'day', 'kind', 'count'])
          .execute();
      },
    },
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  // PostgreSQL: name the migration tables' schema explicitly, or Kysely may see another schema's
  // tables (several apps or test runs can share one database with different search paths).
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema
      : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Statistics for the planner where they are missing or stale (0x10000: every table), new indexes included.
  if (dialect === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db);
}
