// Sign-in, token refresh, sign-out and password reset (docs/API.md): lockout first, the same answer and the same
// work for an unknown user as for a wrong password, refresh tokens used once, reset links single-use.
import type { z } from 'zod';
import { canAccessWeb } from '../../lib/shared/permissions';
import type { mfaRequiredSchema } from '../../lib/shared/twofactor/api';
import type { User } from '../../lib/shared/users/types';
import type { AppDeps } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { iso } from '../db/time';
import { presentUser } from '../users/read';
import { findUserById, findUserByUsername } from '../credentials/accounts';
import { asTarget } from '../users/answers';
import { withAudit } from '../activity/audit';
import { HashingBusy, dummyHash, hashPassword, needsRehash, verifyPassword } from '../credentials/passwords';
import { checkThrottle, countAttempt } from '../credentials/throttle';
import { lockedUntil, recordAttempt } from '../credentials/lockout';
import {
  continueSession,
  revokeAllForUser,
  revokeByToken,
  startSession,
  consumeRefreshToken,
  type SignInOrigin,
  type TokenPair,
} from '../credentials/sessions';
import type { UserRow } from '../kernel/context';
import { claimChallenge, issueChallenge, liveChallenge, takeGuess } from '../twofactor/challenges';
import { policyCovers, secondFactors, spendCode } from '../twofactor/service';
import { takeSecondStepGuess } from '../twofactor/guard';
import { recordActiveDay } from '../analytics/member-days';
import { churchContact, signature } from '../settings/church';
import { randomToken, sha256 } from '../credentials/tokens';
import { queueEmail } from '../outbox/queue';

/** The usual sign-in answer; under the two-factor policy without a second factor, mfa_enrolment_required too. */
export type SignedIn = TokenPair & { user: User; mfa_enrolment_required?: true };
/** The first step's answer for an account with two-factor on: the password was right, now the second factor. */
export type SecondFactorNeeded = z.infer<typeof mfaRequiredSchema>;

export const INVALID_SECOND_FACTOR = 'Invalid or expired code. Please sign in again if this keeps happening.';

/** Where a sign-in comes from: the address's key (throttle, password gate) and what its session shows. */
export interface SignInFrom extends SignInOrigin {
  client: string;
}

/**
 * `from.client` is the caller's address as a keyed hash (kernel/client.ts): its failed sign-ins are
 * throttled, and its hashes wait their turn in the password gate (passwords.ts).
 */
export async function login(
  deps: AppDeps,
  { username, password }: { username: string; password: string },
  from: SignInFrom,
): Promise<SignedIn | SecondFactorNeeded> {
  const { config } = deps;
  const { client } = from;
  const db = deps.database.db;
  const now = deps.now();
  await checkThrottle(deps, 'sign-in', client);
  if (await lockedUntil(db, username, now, config.lockout)) throw new ApiError(423, DETAIL.locked);
  const user = await findUserByUsername(db, username);
  // Unknown users are checked against a dummy hash: same work, same answer.
  const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.argon2)), client).catch(
    busy,
  );
  if (!user || !valid) {
    await recordAttempt(db, username, false, now);
    await countAttempt(deps, 'sign-in', client);
    throw new ApiError(401, DETAIL.invalidCredentials);
  }
  await recordAttempt(db, username, true, now);
  // A hash of the earlier scheme (or cost) is replaced now that the password is known to be right.
  if (needsRehash(user.password_hash, config.argon2)) {
    const rehashed = await hashPassword(password, config.argon2, client).catch(busy);
    await db.updateTable('users').set({ password_hash: rehashed }).where('id', '=', user.id).execute();
  }
  // The password was right, so telling this person they lack access (or need a second factor) leaks nothing.
  if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
  if (user.two_factor) {
    const mfa_token = await issueChallenge(db, 'mfa', user.id, null, now);
    const methods = await secondFactors(db, user.id);
    return methods.includes('passkey') ? { mfa_required: true, mfa_token, methods } : { mfa_required: true, mfa_token };
  }
  return signIn(deps, user, from);
}

/**
 * The second step: the mfa_token of a right password and a current TOTP code or an unused recovery code. Every
 * wrong answer is the same 401 and counts toward the address's throttle; five wrong codes end the token.
 */
export async function loginSecondStep(
  deps: AppDeps,
  { mfa_token, code }: { mfa_token: string; code: string },
  from: SignInFrom,
): Promise<SignedIn> {
  const db = deps.database.db;
  await checkThrottle(deps, 'sign-in', from.client);
  const refuse = async (): Promise<never> => {
    await countAttempt(deps, 'sign-in', from.client);
    throw new ApiError(401, INVALID_SECOND_FACTOR);
  };
  const challenge = await liveChallenge(db, 'mfa', mfa_token, deps.now());
  const user = challenge?.user_id ? await findUserById(db, challenge.user_id) : undefined;
  if (!challenge || !user) return refuse();
  // The guess is counted before the code is judged (a right one uses the token up anyway).
  if (!(await takeGuess(db, challenge.id))) return refuse();
  const settle = await takeSecondStepGuess(deps, user);
  const right = await spendCode(deps, user, code);
  await settle(right);
  if (!right) return refuse();
  return finishSecondStep(deps, challenge.id, user, from);
}

/** A second factor was right: the mfa_token is used up (once) and the person signed in. */
export async function finishSecondStep(deps: AppDeps, challengeId: number, user: UserRow, from: SignInFrom) {
  if (!(await claimChallenge(deps.database.db, challengeId, deps.now())))
    throw new ApiError(401, INVALID_SECOND_FACTOR);
  return signIn(deps, user, from);
}

/** The end of every sign-in (password, second factor, passkey): web access, a new session, the user. */
export async function signIn(deps: AppDeps, user: UserRow, origin: SignInOrigin): Promise<SignedIn> {
  const db = deps.database.db;
  const now = deps.now();
  if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
  const seen = { last_login: iso(now), last_seen: iso(now), logged_out_at: null };
  await db.updateTable('users').set(seen).where('id', '=', user.id).execute();
  await recordActiveDay(db, user.id, now);
  const enrol = !user.two_factor && (await policyCovers(db, user));
  const owner = { id: user.id, token_version: Number(user.token_version), enrol };
  const tokens = await startSession(db, deps.config, owner, origin, now);
  const answer = { ...tokens, user: await presentUser(deps, { ...user, ...seen }) };
  return enrol ? { ...answer, mfa_enrolment_required: true } : answer;
}

/** Sign-in's answer when the password gate is full: try again in a moment, nothing was checked or changed. */
function busy(err: unknown): never {
  if (err instanceof HashingBusy) throw new ApiError(503, BUSY, undefined, { 'Retry-After': '1' });
  throw err;
}
export const BUSY = 'Too many sign-ins at once. Please try again in a moment.';

export async function refresh(deps: AppDeps, token: string, client: string): Promise<TokenPair> {
  const db = deps.database.db;
  const now = deps.now();
  await checkThrottle(deps, 'refresh', client);
  const used = await consumeRefreshToken(db, deps.config, token, now);
  if (!used.ok) {
    await countAttempt(deps, 'refresh', client);
    throw new ApiError(401, DETAIL.invalidToken);
  }
  const user = await findUserById(db, used.userId);
  if (!user) throw new ApiError(401, DETAIL.invalidToken);
  if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
  // Rotation: the answer carries the next refresh token; the one just used is dead.
  const enrol = !user.two_factor && (await policyCovers(db, user));
  const owner = { id: user.id, token_version: Number(user.token_version), enrol };
  return continueSession(db, deps.config, owner, used.familyId, now);
}

/** Ends the session of the given refresh token (if any) and marks its owner offline. */
export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const ownerId = token ? await revokeByToken(db, token, now) : null;
  if (ownerId !== null) {
    await db
      .updateTable('users')
      .set({ logged_out_at: iso(now) })
      .where('id', '=', ownerId)
      .execute();
  }
}

/**
 * Mails a reset link to an active account with that email; answers the same whether there is one or not. The mail
 * is queued with the token in one transaction and sent by the outbox worker, so a slow mail server never makes a
 * known email's answer slower than an unknown one's.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, client: string): Promise<void> {
  const { config } = deps;
  const db = deps.database.db;
  const now = deps.now();
  // Every request counts: each may send a mail.
  await checkThrottle(deps, 'password-reset', client);
  await countAttempt(deps, 'password-reset', client);
  // Read for every request, known or not: the same work either way.
  const church = await churchContact(db);
  const user = await db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (!user || !user.is_active || user.is_suspended) return;
  const token = randomToken();
  const link = `${config.siteUrl}/reset-password?token=${token}`;
  const text = `Someone asked to reset the password of ${user.username}. Open this link within an hour to choose a new one:\n${link}\nIf it was not you, ignore this message.\n`;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: sha256(token),
        created_at: iso(now),
        expires_at: iso(now + config.resetTtlMs),
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail = { to: user.email, subject: 'Reset your password', text: text + signature(church) };
    await queueEmail(trx, `password-reset:${row.id}`, mail, now);
  });
  deps.outbox?.wake();
}

/** Sets the new password with an unused, unexpired link; every session and every other link of the account dies. */
export async function confirmPasswordReset(deps: AppDeps, token: string, password: string): Promise<void> {
  const db = deps.database.db;
  const now = deps.now();
  const row = await db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= now) throw new ApiError(400, DETAIL.resetInvalid);
  const hash = await hashPassword(password, deps.config.argon2);
  const done = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: iso(now) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user) return false;
    await trx
      .updateTable('users')
      .set({ password_hash: hash, token_version: Number(user.token_version) + 1 })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: iso(now) })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await withAudit(trx, { actor: user, target: user, action: 'password_reset' }, now);
    return true;
  });
  if (!done) throw new ApiError(400, DETAIL.resetInvalid);
  await revokeAllForUser(db, Number(row.user_id), now);
}
