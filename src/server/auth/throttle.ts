// Per-address throttling of the calls that guess secrets (docs/API.md, Sign-in rules): failed sign-ins, failed
// refreshes and password-reset requests. One client address may make AUTH_RATE_LIMIT of each kind in 10
// minutes; the next is answered 429 with Retry-After before any password is hashed. On top of the per-username
// lockout, which an attacker trying many usernames never meets. Counted in the database (the public forms'
// table, public_submissions, under its own kinds), so every instance on one PostgreSQL shares the count; only
// failures count for sign-in and refresh, so a church office signing in together behind one address is never
// throttled.
import type { AppDeps } from '../kernel/context';
import { iso } from '../db/time';
import { ApiError } from '../kernel/errors';
import { RATE_WINDOW_MS } from '../public/submission';

export type AuthKind = 'sign-in' | 'refresh' | 'password-reset';

export const THROTTLED = 'Too many attempts from your connection. Please try again later.';

/** Refuses the call (429, Retry-After) when this address has used up its attempts of this kind. */
export async function checkThrottle(deps: AppDeps, kind: AuthKind, client: string): Promise<void> {
  const now = deps.now();
  const recent = await deps.database.db
    .selectFrom('public_submissions')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.min<string>('created_at').as('oldest')])
    .where('kind', '=', kind)
    .where('client_key', '=', client)
    .where('created_at', '>', iso(now - RATE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) < deps.config.authRateLimit) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(recent.oldest) + RATE_WINDOW_MS - now) / 1000));
  throw new ApiError(429, THROTTLED, undefined, { 'Retry-After': String(retryAfter) });
}

/** Counts one attempt of this kind against the address; older ones, out of every window, go. */
export async function countAttempt(deps: AppDeps, kind: AuthKind, client: string): Promise<void> {
  const now = deps.now();
  const db = deps.database.db;
  await db
    .insertInto('public_submissions')
    .values({ kind, client_key: client, created_at: iso(now) })
    .execute();
  if (Math.random() < 0.05) {
    await db
      .deleteFrom('public_submissions')
      .where('kind', '=', kind)
      .where('created_at', '<=', iso(now - RATE_WINDOW_MS))
      .execute();
  }
}
