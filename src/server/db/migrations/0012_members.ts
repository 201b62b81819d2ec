/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// The members' own door (docs/API.md, Members' own door; src/server/members/). One-time codes that sign a member
// in or confirm a new email address (hashed, ten minutes, five tries counted in one statement, used once); member
// sessions in the staff sessions' table, told apart by `kind`, their cookie's token stored hashed; the directory
// and contact consents with the date each last changed; and the requests to be removed that staff act on.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_codes')
      .addColumn('id', idType, id)
      // Null when no account uses the address: the row is written all the same (the same work either way) and can
      // never sign anyone in.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      // The email (lower case) or the SMS number (233XXXXXXXXX) the code went to; for an email change, the new one.
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('member_codes_destination')
      .on('member_codes')
      .columns(['destination', 'purpose', 'created_at'])
      .execute();
    await db.schema.createIndex('member_codes_expiry').on('member_codes').column('expires_at').execute();

    // Staff sessions are refresh-token families; a member session is a cookie whose token's hash is kept here.
    await db.schema
      .alterTable('sessions')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('staff'))
      .execute();
    await db.schema.alterTable('sessions').addColumn('token_hash', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('ended_at', 'text').execute();
    await db.schema.createIndex('sessions_token').on('sessions').column('token_hash').unique().execute();

    for (const column of ['directory_listed', 'directory_show_phone', 'directory_show_address'])
      await db.schema
        .alterTable('users')
        .addColumn(column, boolType, (c) => c.notNull().defaultTo(bool(false)))
        .execute();
    // When each consent was last given or withdrawn (null: never changed since the account began).
    for (const column of ['email_consent_at', 'sms_consent_at', 'directory_consent_at'])
      await db.schema.alterTable('users').addColumn(column, 'text').execute();

    await db.schema
      .createTable('removal_requests')
      .addColumn('id', idType, id)
      // Set null when the account is removed: the request stays as the record that it was acted on.
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('handled_at', 'text')
      .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('removal_requests_user').on('removal_requests').column('user_id').execute();

    // Which door a passkey opens: 'staff' (the portal: a second factor, or a sign-in of its own) or 'member' (/my
    // only). A passkey added with a /my session must never open the portal, where a code alone would then have
    // stood in for the password and the second factor.
    await db.schema
      .alterTable('passkeys')
      .addColumn('door', 'text', (c) => c.notNull().defaultTo('staff'))
      .execute();
  },
});
