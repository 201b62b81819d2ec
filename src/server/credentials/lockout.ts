// Per-username lockout (docs/API.md): 5 failed sign-ins within 15 minutes lock that username for
// 15 minutes. Attempts live in the database, so several app instances share the count. Unknown
// usernames are counted the same way, so the lock does not reveal whether an account exists.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

export interface LockoutRules {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const lockKey = (username: string) => username.trim().toLowerCase().slice(0, 150);

/** When the current lock ends (epoch ms), or null when the username may try. */
export async function lockedUntil(db: Kysely<DB>, username: string, nowMs: number, rules: LockoutRules) {
  const since = iso(nowMs - rules.windowMs - rules.lockMs);
  const attempts = await db
    .selectFrom('login_attempts')
    .select(['attempted_at', 'succeeded'])
    .where('username', '=', lockKey(username))
    .where('attempted_at', '>', since)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
  // Replay the attempts: a success clears the count; the failure that reaches the maximum within
  // the window starts a lock and the count starts afresh after it.
  let failures: number[] = [];
  let until: number | null = null;
  for (const a of attempts) {
    const t = Date.parse(a.attempted_at);
    if (a.succeeded) {
      failures = [];
      continue;
    }
    failures = failures.filter((f) => f > t - rules.windowMs);
    failures.push(t);
    if (failures.length >= rules.maxFailures) {
      until = t + rules.lockMs;
      failures = [];
    }
  }
  return until !== null && until > nowMs ? until : null;
}

export async function recordAttempt(db: Kysely<DB>, username: string, succeeded: boolean, nowMs: number) {
  await db
    .insertInto('login_attempts')
    .values({ username: lockKey(username), attempted_at: iso(nowMs), succeeded })
    .execute();
}
