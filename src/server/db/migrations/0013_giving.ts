/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// Giving (docs/API.md, Giving; src/server/giving/): the funds a gift goes to, the gifts (online through Paystack,
// or recorded by staff: cash, cheque, bank, mobile money), and the batches of envelopes counted together. Amounts
// are integers of pesewas. An online gift's row exists before the payment starts (`pending`, its own unique
// `reference`); only a verified answer from the provider moves it on. A refund is kept on the gift itself.
// Shipped: never edit it; add the next migration instead (./index.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('funds')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('active', boolType, (c) => c.notNull().defaultTo(bool(true)))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('gift_batches')
      .addColumn('id', idType, id)
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('gifts')
      .addColumn('id', idType, id)
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('funds.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GHS'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('channel', 'text')
      .addColumn('name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('note', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('batch_id', 'integer', (c) => c.references('gift_batches.id').onDelete('set null'))
      .addColumn('provider_id', 'text')
      .addColumn('flag_reason', 'text')
      // What staff wrote when they resolved a flagged gift (also the audit entry's reason).
      .addColumn('resolution_note', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('refund_amount', 'integer')
      .addColumn('refund_date', 'text')
      .addColumn('refund_reason', 'text')
      .addColumn('refunded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    // The staff list (GET /giving/gifts/) is newest first by created_at: unfiltered, and within each filter that
    // is one value (status, fund, method), an index in that order so the first page is read, not sorted. The
    // status one is also the reconcile job's look-up (online gifts still pending, oldest first). The user one is
    // a member's own gifts, the batch one a batch's gifts just recorded.
    await db.schema.createIndex('gifts_created').on('gifts').column('created_at').execute();
    await db.schema.createIndex('gifts_status_created').on('gifts').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('gifts_fund_created').on('gifts').columns(['fund_id', 'created_at']).execute();
    await db.schema.createIndex('gifts_method_created').on('gifts').columns(['method', 'created_at']).execute();
    await db.schema.createIndex('gifts_user_created').on('gifts').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('gifts_batch').on('gifts').column('batch_id').execute();
    // The list's from/to: the day a gift counts on, paid or else begun. The expression must read exactly as the
    // list's filter does (listGifts in src/server/giving/gifts.ts), or the database cannot use it.
    await db.schema
      .createIndex('gifts_day')
      .on('gifts')
      .expression(sql`coalesce(paid_at, created_at)`)
      .execute();
    // Every giving figure (src/server/giving/summary.ts): the counted statuses by the time paid, carrying what the
    // sum needs, so the read never visits the table.
    await db.schema
      .createIndex('gifts_counted')
      .on('gifts')
      .columns(['status', 'paid_at', 'fund_id', 'amount', 'refund_amount'])
      .execute();
  },
});
