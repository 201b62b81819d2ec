// A person's two-factor sign-in (docs/API.md, Two-factor sign-in): the authenticator app (totp.ts), recovery codes
// (recovery.ts), passkeys (passkeys.ts); their sessions; a higher rank's reset. Every change is audited.
// `users.two_factor` follows what is in force (syncTwoFactor), so the signed-in user's kept row carries it.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { iso } from '../db/time';
import { withAudit } from '../activity/audit';
import type { AuditAction } from '../../lib/shared/permissions';
import { fullName } from '../../lib/shared/format';
import {
  twoFactorRequired,
  type SecondFactor,
  type Session,
  type TwoFactorStatus,
} from '../../lib/shared/twofactor/api';
import { securitySettings } from '../settings/security';
import { churchContact, signature, siteShortName } from '../settings/church';
import { queueEmail } from '../outbox/queue';
import { liveSessions, presentSession, revokeAllForUser, revokeFamily } from '../credentials/sessions';
import { matchingStep, newSecret, openSecret, sealSecret } from './totp';
import { takeSecondStepGuess } from './guard';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery';

export const INVALID_CODE = 'Invalid code.';
const invalidCode = () => new ApiError(400, INVALID_CODE, { code: [INVALID_CODE] });

/** The change and its audit entry about the person themselves, in one transaction. */
export function ownChange<T>(
  deps: AppDeps,
  user: UserRow,
  action: AuditAction,
  change: (trx: Transaction<DB>, nowMs: number) => Promise<T>,
  details?: string,
): Promise<T> {
  const now = deps.now();
  return deps.database.db.transaction().execute(async (trx) => {
    const result = await change(trx, now);
    await withAudit(trx, { actor: user, target: user, action, details }, now);
    return result;
  });
}

/**
 * Sets users.two_factor from what is in force; without any second factor the recovery codes go too. An
 * authenticator app set up but not confirmed goes whenever the factors change: while one is in force a set-up
 * needs its proof (proof.ts), so a set-up left from before could otherwise be confirmed without one.
 */
export async function syncTwoFactor(db: Kysely<DB>, userId: number): Promise<boolean> {
  const on = (await secondFactors(db, userId)).length > 0;
  await db.updateTable('users').set({ two_factor: on }).where('id', '=', userId).execute();
  await db.updateTable('totp_secrets').set({ pending_secret: null }).where('user_id', '=', userId).execute();
  // So do passkey registrations asked for before: one asked while no factor was in force needed no proof.
  await db
    .deleteFrom('sign_in_challenges')
    .where('user_id', '=', userId)
    .where('kind', '=', 'passkey-register')
    .where('used_at', 'is', null)
    .execute();
  if (!on) await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return on;
}

/** The second factors in force for the account (what the first step's answer may name). */
export async function secondFactors(db: Kysely<DB>, userId: number): Promise<SecondFactor[]> {
  const [totp, passkey] = await Promise.all([
    db
      .selectFrom('totp_secrets')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('secret', 'is not', null)
      .executeTakeFirst(),
    db.selectFrom('passkeys').select('id').where('user_id', '=', userId).where('door', '=', 'staff').executeTakeFirst(),
  ]);
  return [...(totp ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/** Whether the two-factor policy covers this account. */
export async function policyCovers(db: Kysely<DB>, user: Pick<UserRow, 'role'>): Promise<boolean> {
  return twoFactorRequired((await securitySettings(db)).require_two_factor, user.role);
}

/** The profile's two_factor field. */
export async function profileTwoFactor(deps: AppDeps, user: UserRow) {
  return { enabled: Boolean(user.two_factor), required: await policyCovers(deps.database.db, user) };
}

export async function twoFactorStatus(deps: AppDeps, user: UserRow): Promise<TwoFactorStatus> {
  const db = deps.database.db;
  const [totp, left, passkeys, required] = await Promise.all([
    db.selectFrom('totp_secrets').select('secret').where('user_id', '=', user.id).executeTakeFirst(),
    recoveryCodesLeft(db, user.id),
    db
      .selectFrom('passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', user.id)
      .where('door', '=', 'staff')
      .orderBy('id')
      .execute(),
    policyCovers(db, user),
  ]);
  return {
    totp: !!totp?.secret,
    recoveryCodesLeft: left,
    passkeys: passkeys.map((p) => ({
      id: Number(p.id),
      name: p.name,
      createdAt: p.created_at,
      lastUsedAt: p.last_used_at,
    })),
    required,
  };
}

/**
 * A new secret, kept aside until confirmed: the one in force (if any) stays until then. While a second factor is
 * in force the caller proved it first (proof.ts).
 */
export async function setupTotp(deps: AppDeps, user: UserRow) {
  const made = newSecret(user.username, await siteShortName());
  const pending_secret = sealSecret(deps.config.jwtSecret, made.secret);
  await deps.database.db
    .insertInto('totp_secrets')
    .values({ user_id: user.id, secret: null, pending_secret, enabled_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret }))
    .execute();
  return made;
}

/**
 * A code of the set-up secret puts it in force, with a fresh set of recovery codes. The confirming code is not
 * spent: only a sign-in spends a code (CONTRACT: "a TOTP code that signed in once does not sign in again"), so the
 * code on the app's screen still signs in a moment after the set-up.
 */
export async function confirmTotp(deps: AppDeps, user: UserRow, code: string): Promise<string[]> {
  const db = deps.database.db;
  const now = deps.now();
  const row = await db.selectFrom('totp_secrets').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!row?.pending_secret) throw invalidCode();
  // Each guess counts toward the account's second-step guesses (guard.ts): a token alone cannot try codes of a
  // set-up left waiting until one fits.
  const settle = await takeSecondStepGuess(deps, user);
  const step = matchingStep(openSecret(deps.config.jwtSecret, row.pending_secret), code, now);
  await settle(step !== null);
  if (step === null) throw invalidCode();
  return ownChange(deps, user, 'enable_totp', async (trx) => {
    const claimed = await trx
      .updateTable('totp_secrets')
      .set({ secret: row.pending_secret, pending_secret: null, last_step: 0, enabled_at: iso(now) })
      .where('user_id', '=', user.id)
      .where('pending_secret', '=', row.pending_secret)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidCode();
    await syncTwoFactor(trx, user.id);
    return replaceRecoveryCodes(trx, user.id);
  });
}

/**
 * Uses a current TOTP code of the user's secret: a code of a step not later than the last used one is refused,
 * so a code signs in (or confirms anything) once.
 */
export async function spendTotpCode(deps: AppDeps, userId: number, code: string, nowMs: number): Promise<boolean> {
  const db = deps.database.db;
  const row = await db.selectFrom('totp_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row?.secret) return false;
  const step = matchingStep(openSecret(deps.config.jwtSecret, row.secret), code, nowMs);
  if (step === null || step <= Number(row.last_step)) return false;
  const result = await db
    .updateTable('totp_secrets')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A second factor typed in: a current TOTP code, else an unused recovery code (audited when used). */
export async function spendCode(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  const now = deps.now();
  const trimmed = code.trim();
  if (await spendTotpCode(deps, user.id, trimmed, now)) return true;
  return ownChange(deps, user, 'use_recovery_code', async (trx) => {
    if (!(await spendRecoveryCode(trx, user.id, trimmed, now))) throw new NotUsed();
    return true;
  }).catch((err) => {
    if (err instanceof NotUsed) return false;
    throw err;
  });
}
class NotUsed extends Error {}

/** Turns the authenticator app off; the caller proved the second factor first (proof.ts). */
export async function disableTotp(deps: AppDeps, user: UserRow): Promise<void> {
  const app = await deps.database.db
    .selectFrom('totp_secrets')
    .select('user_id')
    .where('user_id', '=', user.id)
    .where('secret', 'is not', null)
    .executeTakeFirst();
  if (!app) throw invalidCode();
  await ownChange(deps, user, 'disable_totp', async (trx) => {
    await trx.deleteFrom('totp_secrets').where('user_id', '=', user.id).execute();
    await syncTwoFactor(trx, user.id);
  });
}

/** A fresh set of recovery codes; the caller proved the second factor first (proof.ts). */
export async function renewRecoveryCodes(deps: AppDeps, user: UserRow): Promise<string[]> {
  if (!user.two_factor) throw invalidCode();
  return ownChange(deps, user, 'renew_recovery_codes', (trx) => replaceRecoveryCodes(trx, user.id));
}

/** Another person's reset: every factor removed, every session ended (access tokens too), the person told. */
export async function resetTwoFactor(deps: AppDeps, actor: UserRow, target: UserRow): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const church = await churchContact(db);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('totp_secrets').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('passkeys').where('user_id', '=', target.id).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', target.id).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ two_factor: false, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', target.id)
      .execute();
    await revokeAllForUser(trx, target.id, now);
    await withAudit(trx, { actor, target, action: 'reset_two_factor' }, now);
    const text =
      `Your two-factor sign-in was reset by ${fullName(actor)}. Your authenticator app, recovery codes and passkeys ` +
      `no longer work and every session of ${target.username} was signed out. Sign in with your password and set ` +
      `two-factor sign-in up again.\nIf you did not ask for this, tell ${fullName(actor)} or another administrator.\n`;
    const mail = { to: target.email, subject: 'Your two-factor sign-in was reset', text: text + signature(church) };
    await queueEmail(trx, `two-factor-reset:${target.id}:${now}`, mail, now);
  });
  deps.outbox?.wake();
}

// ---- Sessions ----

export async function listSessions(deps: AppDeps, user: UserRow, currentId: string | undefined): Promise<Session[]> {
  const rows = await liveSessions(deps.database.db, user.id, deps.now());
  return rows.map((r) => presentSession(r, currentId));
}

/** Ends one of the caller's own live sessions; any other id names nothing (404). */
export async function endSession(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  const live = await liveSessions(deps.database.db, user.id, deps.now());
  const session = live.find((s) => s.family_id === id);
  if (!session) throw new ApiError(404, DETAIL.notFound);
  await ownChange(deps, user, 'end_session', (trx, now) => revokeFamily(trx, id, now), session.device);
}

export async function endOtherSessions(deps: AppDeps, user: UserRow, currentId: string | undefined): Promise<void> {
  const live = await liveSessions(deps.database.db, user.id, deps.now());
  const others = live.filter((s) => s.family_id !== currentId);
  if (!others.length) return;
  await ownChange(deps, user, 'end_other_sessions', async (trx, now) => {
    for (const s of others) await revokeFamily(trx, s.family_id, now);
  });
}
