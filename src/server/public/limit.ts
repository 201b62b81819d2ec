// The per-address limit of the public forms: one client may make PUBLIC_RATE_LIMIT submissions of each kind in
// ten minutes (kernel/rate-limit.ts); each admitted submission is counted in the transaction that stores it.
import type { Kysely } from 'kysely';
import type { AppDeps } from '../kernel/context';
import type { DB } from '../db/schema';
import { DETAIL } from '../kernel/errors';
import { RATE_WINDOW_MS, admitCall } from '../kernel/rate-limit';

export type SubmissionKind = 'contact' | 'prayer' | 'registration' | 'gift' | 'ministry_join' | 'first_timer';

/** Runs `store` if this client (its key, kernel/client.ts) has submissions of this kind left, else a 429. */
export function admitSubmission<T>(
  deps: AppDeps,
  kind: SubmissionKind,
  clientKey: string,
  store: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const rule = { kind, limit: deps.config.publicRateLimit, windowMs: RATE_WINDOW_MS, detail: DETAIL.rateLimited };
  return admitCall(deps.database, deps.now, rule, clientKey, store);
}
