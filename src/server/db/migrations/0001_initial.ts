/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, boolType, bool, id }: DialectTypes): Migration => ({
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
});
