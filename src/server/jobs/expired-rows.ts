// Clean-up: the rows that stopped meaning anything when they expired (one-time codes, challenges, tokens, ended
// sessions, counters of old attempts) are deleted a grace period after, every hour. Each rule deletes only what the
// code that reads the table already ignores, so nobody can tell a deleted row from an expired one; the grace keeps
// a row a day longer for whoever looks into a sign-in problem. A new table with an expiry gets its rule here.
import type { Kysely } from 'kysely';
import { MEMBER_SESSION_IDLE_DAYS } from '../../lib/shared/members/api';
import type { ServerConfig } from '../config';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { RATE_WINDOW_MS } from '../kernel/rate-limit';
import { SECOND_STEP_WINDOW_MS } from '../twofactor/guard';
import type { Job, RunnerDeps } from './runner';

/** How long a row is kept after it stopped counting. */
export const GRACE_MS = 24 * 3_600_000;

interface Rule {
  table: keyof DB;
  /** Deletes the table's rows expired longer than the grace ago (`before`); answers how many. */
  delete(db: Kysely<DB>, before: (ms: number) => string, config: ServerConfig): Promise<{ numDeletedRows: bigint }>;
}

/** Every table whose rows expire, in the order they are cleaned (tokens before the sessions that hold them). */
export const EXPIRING: readonly Rule[] = [
  {
    // Passkey challenges and mfa_tokens (twofactor/challenges.ts).
    table: 'sign_in_challenges',
    delete: (db, before) => db.deleteFrom('sign_in_challenges').where('expires_at', '<', before(0)).executeTakeFirst(),
  },
  {
    // The /my codes (members/codes.ts).
    table: 'member_codes',
    delete: (db, before) => db.deleteFrom('member_codes').where('expires_at', '<', before(0)).executeTakeFirst(),
  },
  {
    table: 'password_reset_tokens',
    delete: (db, before) =>
      db.deleteFrom('password_reset_tokens').where('expires_at', '<', before(0)).executeTakeFirst(),
  },
  {
    // An expired refresh token is refused by its own signature's expiry before its row is read (credentials/sessions.ts).
    table: 'refresh_tokens',
    delete: (db, before) => db.deleteFrom('refresh_tokens').where('expires_at', '<', before(0)).executeTakeFirst(),
  },
  {
    // Ended sessions (their access tokens are refused for an access token's life after: credentials/ended-sessions.ts,
    // well within the grace), members' sessions idle past their limit (members/session.ts), and portal sessions
    // whose refresh tokens have all expired and gone.
    table: 'sessions',
    delete: (db, before, config) =>
      db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('ended_at', '<', before(config.accessTtlSeconds * 1000)),
            eb.and([
              eb('kind', '=', 'member'),
              eb('last_used_at', '<', before(MEMBER_SESSION_IDLE_DAYS * 24 * 3_600_000)),
            ]),
            eb.and([
              eb('kind', '=', 'staff'),
              eb('created_at', '<', before(0)),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('refresh_tokens')
                    .select('refresh_tokens.id')
                    .whereRef('refresh_tokens.family_id', '=', 'sessions.family_id'),
                ),
              ),
            ]),
          ]),
        )
        .executeTakeFirst(),
  },
  {
    // Wrong second-step codes (twofactor/guard.ts): a window that ran out, or a lock that ended, starts afresh.
    table: 'second_step_guards',
    delete: (db, before) =>
      db
        .deleteFrom('second_step_guards')
        .where((eb) =>
          eb.or([
            eb('locked_until', '<', before(0)),
            eb.and([eb('locked_until', 'is', null), eb('window_start', '<', before(SECOND_STEP_WINDOW_MS))]),
          ]),
        )
        .executeTakeFirst(),
  },
  {
    // Sign-in attempts: the lockout looks back one window and one lock (credentials/lockout.ts).
    table: 'login_attempts',
    delete: (db, before, config) =>
      db
        .deleteFrom('login_attempts')
        .where('attempted_at', '<', before(config.lockout.windowMs + config.lockout.lockMs))
        .executeTakeFirst(),
  },
  {
    // The rate limiter's counted calls (kernel/rate-limit.ts), one window back.
    table: 'public_submissions',
    delete: (db, before) =>
      db.deleteFrom('public_submissions').where('created_at', '<', before(RATE_WINDOW_MS)).executeTakeFirst(),
  },
];

/** Deletes every expired row past the grace; answers how many of each table (tests, the log). */
export async function deleteExpired(deps: RunnerDeps): Promise<Record<string, number>> {
  const nowMs = deps.now();
  /** The time before which a row that stops counting `lifeMs` after its timestamp is past the grace. */
  const before = (lifeMs: number) => iso(nowMs - lifeMs - GRACE_MS);
  const deleted: Record<string, number> = {};
  for (const rule of EXPIRING) {
    const result = await rule.delete(deps.database.db, before, deps.config);
    deleted[rule.table] = Number(result.numDeletedRows);
  }
  return deleted;
}

export const expiredRowsJob: Job<RunnerDeps> = {
  name: 'expired-rows',
  every: () => 3_600_000,
  leaseMs: 10 * 60_000,
  run: (deps) => deleteExpired(deps),
};
