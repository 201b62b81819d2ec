// The one per-key rate limiter: a kind of call (a public form, a failed sign-in, a failed refresh, a reset
// request), a key (the caller's address as a keyed hash, kernel/client.ts), a window and a limit. One key may make
// `limit` calls of a kind within the window; the next is answered 429 with Retry-After (when the oldest counted
// call leaves the window). Counted in the database (public_submissions), so every instance on one PostgreSQL
// shares the count.
import type { Kysely } from 'kysely';
import type { Database } from '../db/connection';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError } from './errors';

export interface RateRule {
  /** What is counted: the `kind` of its rows. */
  kind: string;
  /** Calls one key may make within the window. */
  limit: number;
  windowMs: number;
  /** The 429's detail. */
  detail: string;
}

/** The window of every limit the API has today. */
export const RATE_WINDOW_MS = 10 * 60 * 1000;

/** Refuses the call (429, Retry-After) when this key has used up its calls of the rule's kind. */
export async function checkRate(db: Kysely<DB>, rule: RateRule, key: string, nowMs: number): Promise<void> {
  const recent = await db
    .selectFrom('public_submissions')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.min<string>('created_at').as('oldest')])
    .where('kind', '=', rule.kind)
    .where('client_key', '=', key)
    .where('created_at', '>', iso(nowMs - rule.windowMs))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) < rule.limit) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(recent.oldest) + rule.windowMs - nowMs) / 1000));
  throw new ApiError(429, rule.detail, undefined, { 'Retry-After': String(retryAfter) });
}

/** Counts one call against the key; its calls that left the window go. */
export async function countCall(db: Kysely<DB>, rule: RateRule, key: string, nowMs: number): Promise<void> {
  await db
    .deleteFrom('public_submissions')
    .where('kind', '=', rule.kind)
    .where('client_key', '=', key)
    .where('created_at', '<=', iso(nowMs - rule.windowMs))
    .execute();
  await db
    .insertInto('public_submissions')
    .values({ kind: rule.kind, client_key: key, created_at: iso(nowMs) })
    .execute();
}

// One admission at a time per kind and key within this process, so a burst from one address cannot all pass the
// count before any of them is recorded.
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `change` if the key has calls left, counting the call in the same transaction; otherwise the 429 and
 * nothing changed. For calls that always count (the public forms).
 */
export async function admitCall<T>(
  database: Database,
  now: () => number,
  rule: RateRule,
  key: string,
  change: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const slot = `${rule.kind}:${key}`;
  const previous = queues.get(slot) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      const nowMs = now();
      await checkRate(database.db, rule, key, nowMs);
      return database.db.transaction().execute(async (trx) => {
        const result = await change(trx);
        await countCall(trx, rule, key, nowMs);
        return result;
      });
    });
  queues.set(slot, run);
  try {
    return await run;
  } finally {
    if (queues.get(slot) === run) queues.delete(slot);
  }
}
