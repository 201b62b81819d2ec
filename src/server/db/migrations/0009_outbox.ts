/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Every email and SMS is a row here, written in the same transaction as the change that causes it; the outbox
// worker sends it, with retries and backoff (src/server/outbox/). `idempotency_key` names the message by its
// cause (a registration's confirmation, a reset request), so the same cause never queues it twice, and goes to
// the provider with it. `claimed_until` is the lease of the worker sending it: another worker (another instance
// on PostgreSQL) leaves a claimed row alone until the lease runs out.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, id }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', idType, id)
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      // The message as the channel's driver takes it (JSON): the mail's text, Bcc, Reply-To and attachments,
      // or the SMS text.
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('provider_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
  },
});
