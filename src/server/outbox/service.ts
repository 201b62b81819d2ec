// What staff see of the outbox (GET /outbox/) and the one thing they do to it: send a failed message again.
import type { Kysely, Selectable } from 'kysely';
import type { DB, OutboxTable } from '../db/schema';
import type { UserRow } from '../kernel/context';
import type { OutboxItem, OutboxQuery } from '../../lib/shared/outbox/api';
import { ApiError } from '../kernel/errors';
import { withAudit } from '../activity/audit';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import { iso } from '../db/time';

/** The list's length at most: the newest are the ones staff look at. */
export const LIST_LIMIT = 500;
export const OUTBOX_NOT_FOUND = 'No outbox message with that id.';
export const NOT_FAILED = 'Only a failed message can be sent again; this one is queued or already sent.';

const toItem = (row: Selectable<OutboxTable>): OutboxItem => ({
  id: Number(row.id),
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

/** The messages of the caller's scope (docs/API.md, Branches), newest first, by the filters. */
export async function listOutbox(db: Kysely<DB>, scope: Scope, query: OutboxQuery): Promise<OutboxItem[]> {
  let select = inScope(db.selectFrom('outbox').selectAll(), scope, 'branch_id');
  if (query.status) select = select.where('status', '=', query.status);
  if (query.channel) select = select.where('channel', '=', query.channel);
  if (query.q) {
    // LIKE is case-sensitive on PostgreSQL and not on SQLite: lower() both sides for one rule.
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['recipient']), 'like', like),
        eb(eb.fn('lower', [eb.fn.coalesce('subject', eb.val(''))]), 'like', like),
      ]),
    );
  }
  const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
  return rows.map(toItem);
}

/** A failed message back in the queue, due now; its attempts are kept (the list shows how hard it was tried). */
export async function retryOutbox(db: Kysely<DB>, actor: UserRow, id: number, nowMs: number): Promise<OutboxItem> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('outbox')
      .select(['status', 'recipient', 'channel'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, OUTBOX_NOT_FOUND);
    // The update checks the status again: of two retries at once, one finds it failed.
    const changed = await trx
      .updateTable('outbox')
      .set({ status: 'queued', next_attempt_at: iso(nowMs), claimed_until: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (!changed) throw new ApiError(409, NOT_FAILED);
    const what = `the ${row.channel === 'sms' ? 'SMS' : 'email'} to ${row.recipient}`;
    await withAudit(trx, { actor, target: null, targetName: what, action: 'retry_message', details: null }, nowMs);
    return toItem(changed);
  });
}

/** Queued this long, a message says the sending is stuck (or failing and retrying). */
export const STUCK_AFTER_MS = 10 * 60_000;

export interface OutboxHealth {
  queued: number;
  /** Since the oldest queued message was queued; null with none queued. */
  oldestQueuedMs: number | null;
  failedToday: number;
  /** Written to the server log today, since no mail server or SMS provider is set up: nobody received them. */
  loggedToday: number;
}

/** For the System Status: what waits, for how long, and what failed since midnight (UTC, Ghana's time). */
export async function outboxHealth(db: Kysely<DB>, nowMs: number): Promise<OutboxHealth> {
  const today = iso(nowMs).slice(0, 10);
  const [queued, failed, logged] = await Promise.all([
    db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .where('next_attempt_at', '>=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'logged')
      .where('sent_at', '>=', today)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    queued: Number(queued.n),
    oldestQueuedMs: queued.oldest ? Math.max(0, nowMs - Date.parse(queued.oldest)) : null,
    failedToday: Number(failed.n),
    loggedToday: Number(logged.n),
  };
}
