/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Two-factor sign-in and visible sessions (docs/API.md, Two-factor sign-in; src/server/twofactor/).
// `users.two_factor` says whether an account has a second factor in force (a confirmed TOTP secret or a passkey):
// kept on the user row so the signed-in user's kept row (users/signed-in.ts) carries it and every change to it
// moves the users' data version. Secrets at rest: the TOTP secret encrypted, recovery codes, sign-in tokens and
// challenge ids hashed.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('two_factor', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .execute();
    await db.schema
      .createTable('totp_secrets')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // AES-256-GCM under a key derived from JWT_SECRET; null until a set-up is confirmed.
      .addColumn('secret', 'text')
      // A set-up not yet confirmed.
      .addColumn('pending_secret', 'text')
      // The last 30-second step that signed in or was confirmed: a code of that step or earlier is refused.
      .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_at', 'text')
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();
    await db.schema
      .createTable('passkeys')
      .addColumn('id', idType, id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'integer', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
    // An mfa_token (kind 'mfa'), a passkey sign-in challenge ('passkey-login') or a passkey registration
    // ('passkey-register'): random, stored hashed, short-lived, used once.
    await db.schema
      .createTable('sign_in_challenges')
      .addColumn('id', idType, id)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      // The WebAuthn challenge (base64url) the answer must sign.
      .addColumn('challenge', 'text')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('sign_in_challenges_expiry').on('sign_in_challenges').column('expires_at').execute();
    // A session is a refresh-token family (credentials/sessions.ts): where and when it began and when it last refreshed.
    await db.schema
      .createTable('sessions')
      .addColumn('family_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  },
});
