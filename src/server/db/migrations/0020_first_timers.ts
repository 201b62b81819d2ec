/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely (the schema is what they create) */
// First-timers (docs/API.md, First-timers): the visitor card a first-timer fills in at /welcome and the staff's
// notes on following it up. A card belongs to the branch of its service (the root when none is named), so the
// board follows the scope. `touched_at` is the last time staff did anything with it (a move, an assignment, a
// note): the reminder job (src/server/jobs/first-timer-reminders.ts) reads it by (status, touched_at). A card stays
// when it becomes an account: `user_id` points at the account made from it, so the account's history keeps it.
// Shipped: never edit it; add the next migration instead (./index.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectTypes } from './dialect';

export default ({ dialect, idType, id, boolType, bool }: DialectTypes): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('first_timers')
      .addColumn('id', idType, id)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('service_id', 'integer', (c) => c.references('services.id'))
      .addColumn('heard_from', 'text')
      .addColumn('wants_visit', boolType, (c) => c.notNull().defaultTo(bool(false)))
      .addColumn('prayer', 'text')
      // 'new', 'contacted', 'visited', 'joined', 'not-interested'
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
      .addColumn('assigned_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('branch_id', 'integer', (c) => {
        const col = c.notNull();
        return dialect === 'postgres' ? col.references('branches.id') : col;
      })
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('touched_at', 'text', (c) => c.notNull())
      // When its assignee was last reminded: a card is reminded again only after someone touched it since.
      .addColumn('reminded_at', 'text')
      .execute();
    await db.schema
      .createIndex('first_timers_branch_created')
      .on('first_timers')
      .columns(['branch_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('first_timers_status_touched')
      .on('first_timers')
      .columns(['status', 'touched_at'])
      .execute();

    await db.schema
      .createTable('first_timer_notes')
      .addColumn('id', idType, id)
      .addColumn('card_id', 'integer', (c) => c.notNull().references('first_timers.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // The author's name as it was, so a note still says who wrote it after the account is gone.
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('first_timer_notes_card').on('first_timer_notes').column('card_id').execute();
  },
});
