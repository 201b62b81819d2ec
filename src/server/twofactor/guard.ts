// Wrong second-step codes counted per account, whatever the mfa_token or the address they come with (docs/API.md,
// Accounts and sessions). A guess is counted before it is judged, in one conditional statement, so a thousand
// guesses at once from a thousand addresses get no further than the limit; a right one gives its count back. The
// tenth wrong one locks the account's second step for 15 minutes: every guess then answers 429 with Retry-After,
// a right code too, and the lock is audited and its owner emailed. A right password never touches this count (it
// is not the second step), so signing in again cannot clear it. The window is fixed from the first wrong guess: 10
// within 15 minutes of it.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import { queueEmail } from '../outbox/queue';
import { churchContact, signature } from '../settings/church';

export const SECOND_STEP_LIMIT = 10;
export const SECOND_STEP_WINDOW_MS = 15 * 60_000;
export const SECOND_STEP_LOCK_MS = 15 * 60_000;
export const SECOND_STEP_LOCKED =
  'Too many wrong codes for this account. Two-factor sign-in is locked for 15 minutes; please try again later.';

const locked = (untilMs: number, nowMs: number) =>
  new ApiError(429, SECOND_STEP_LOCKED, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil((untilMs - nowMs) / 1000))),
  });

/** Starts a fresh window where the last one has run out (and its lock, if any, has ended). */
async function renewWindow(db: Kysely<DB>, userId: number, nowMs: number) {
  const now = iso(nowMs);
  await db
    .insertInto('second_step_guards')
    .values({ user_id: userId, window_start: now, failures: 0, locked_until: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await db
    .updateTable('second_step_guards')
    .set({ window_start: now, failures: 0, locked_until: null })
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('locked_until', 'is not', null), eb('locked_until', '<=', now)]),
        eb.and([eb('locked_until', 'is', null), eb('window_start', '<=', iso(nowMs - SECOND_STEP_WINDOW_MS))]),
      ]),
    )
    .execute();
}

/**
 * Counts one guess of the account's second factor before it is judged; throws 429 while the account's second step
 * is locked (or the limit is taken by guesses in flight). Call `settle` with the verdict afterwards.
 */
export async function takeSecondStepGuess(deps: AppDeps, user: UserRow): Promise<(right: boolean) => Promise<void>> {
  const db = deps.database.db;
  const nowMs = deps.now();
  await renewWindow(db, user.id, nowMs);
  const taken = await db
    .updateTable('second_step_guards')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('user_id', '=', user.id)
    .where('failures', '<', SECOND_STEP_LIMIT)
    .where('locked_until', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) {
    const row = await db
      .selectFrom('second_step_guards')
      .select(['window_start', 'locked_until'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    const until = row?.locked_until
      ? Date.parse(row.locked_until)
      : Date.parse(row?.window_start ?? iso(nowMs)) + SECOND_STEP_WINDOW_MS;
    throw locked(until, nowMs);
  }
  return async (right) => {
    if (right) {
      await db
        .updateTable('second_step_guards')
        .set((eb) => ({ failures: eb('failures', '-', 1) }))
        .where('user_id', '=', user.id)
        .where('failures', '>', 0)
        .execute();
      return;
    }
    await lockIfReached(deps, user, nowMs);
  };
}

/** The wrong guess that reaches the limit locks the second step: once, audited, the owner told. */
async function lockIfReached(deps: AppDeps, user: UserRow, nowMs: number) {
  const church = await churchContact(deps.database.db);
  const lockedNow = await deps.database.db.transaction().execute(async (trx) => {
    const until = iso(nowMs + SECOND_STEP_LOCK_MS);
    const set = await trx
      .updateTable('second_step_guards')
      .set({ locked_until: until })
      .where('user_id', '=', user.id)
      .where('failures', '>=', SECOND_STEP_LIMIT)
      .where('locked_until', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) !== 1) return false;
    await withAudit(trx, { actor: user, target: user, action: 'lock_second_step' }, nowMs);
    const text =
      `Someone typed ${SECOND_STEP_LIMIT} wrong two-factor codes for ${user.username} within 15 minutes, so ` +
      `two-factor sign-in to this account is locked until ${new Date(nowMs + SECOND_STEP_LOCK_MS).toUTCString()}.\n` +
      `Whoever tried knew the account's password. If it was not you, change your password as soon as the lock ends ` +
      `and tell an administrator.\n`;
    const mail = { to: user.email, subject: 'Too many wrong sign-in codes', text: text + signature(church) };
    await queueEmail(trx, `second-step-lock:${user.id}:${until}`, mail, nowMs);
    return true;
  });
  if (lockedNow) deps.outbox?.wake();
}

/** Guesses counted against the account right now (tests and the lock's own view). */
export async function secondStepFailures(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('second_step_guards')
    .select('failures')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}
