// Per-address throttling of the calls that guess secrets (docs/API.md, Sign-in rules): failed sign-ins, failed
// refreshes and password-reset requests. One client address may make AUTH_RATE_LIMIT of each kind in 10
// minutes; the next is answered 429 with Retry-After before any password is hashed. On top of the per-username
// lockout, which an attacker trying many usernames never meets. Only failures count for sign-in and refresh, so
// a church office signing in together behind one address is never throttled. The counting is the one rate
// limiter's (kernel/rate-limit.ts).
import type { AppDeps } from '../kernel/context';
import { RATE_WINDOW_MS, checkRate, countCall, type RateRule } from '../kernel/rate-limit';

export type AuthKind = 'sign-in' | 'refresh' | 'password-reset';

export const THROTTLED = 'Too many attempts from your connection. Please try again later.';

const rule = (deps: AppDeps, kind: AuthKind): RateRule => ({
  kind,
  limit: deps.config.authRateLimit,
  windowMs: RATE_WINDOW_MS,
  detail: THROTTLED,
});

/** Refuses the call (429, Retry-After) when this address has used up its attempts of this kind. */
export const checkThrottle = (deps: AppDeps, kind: AuthKind, client: string) =>
  checkRate(deps.database.db, rule(deps, kind), client, deps.now());

/** Counts one attempt of this kind against the address. */
export const countAttempt = (deps: AppDeps, kind: AuthKind, client: string) =>
  countCall(deps.database.db, rule(deps, kind), client, deps.now());
