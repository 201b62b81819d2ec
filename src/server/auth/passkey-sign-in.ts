// Signing in with a passkey (docs/API.md, Two-factor sign-in): alone, without a username, or as the second step
// after the password. The ceremony, the proof that a passkey's answer is good and recording its use are
// twofactor/passkeys.ts's; this file is the sign-in around them: the challenge, the mfa_token's and the account's
// guesses, the throttle, and the sign-in that every way of signing in ends with (./service.ts).
import type { z } from 'zod';
import type { AppDeps } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { canAccessWeb } from '../../lib/shared/permissions';
import type { passkeyLoginOptionsSchema, passkeyLoginSchema } from '../../lib/shared/twofactor/passkeys';
import { asTarget } from '../users/answers';
import { findUserById } from '../credentials/accounts';
import { checkThrottle, countAttempt } from '../credentials/throttle';
import { issueChallenge, liveChallenge, takeGuess } from '../twofactor/challenges';
import { takeSecondStepGuess } from '../twofactor/guard';
import {
  PASSKEY_REFUSED,
  needCeremony,
  webauthn,
  provePasskey,
  recordPasskeyUse,
  takeSignInChallenge,
  transportsOf,
  type Ceremony,
} from '../twofactor/passkeys';
import { finishSecondStep, signIn, type SignedIn, type SignInFrom } from './service';
import type { AuthenticatorTransport } from '@simplewebauthn/server';

/**
 * Options for navigator.credentials.get(). With an mfa_token (a right password) the passkey is the second factor:
 * only that account's passkeys are allowed. Without one it is a sign-in by passkey alone: any of the site's
 * discoverable passkeys, and the person must be verified on the device (PIN, fingerprint), as a passkey then
 * stands for both factors.
 */
export async function signInOptions(
  deps: AppDeps,
  { mfa_token }: z.infer<typeof passkeyLoginOptionsSchema>,
  ceremony: Ceremony | undefined,
  from: SignInFrom,
) {
  const { rpID } = needCeremony(ceremony);
  const db = deps.database.db;
  const now = deps.now();
  await checkThrottle(deps, 'sign-in', from.client);
  let userId: number | null = null;
  let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] | undefined;
  if (mfa_token !== undefined) {
    const mfa = await liveChallenge(db, 'mfa', mfa_token, now);
    const own = mfa?.user_id
      ? await db
          .selectFrom('passkeys')
          .select(['credential_id', 'transports'])
          .where('user_id', '=', mfa.user_id)
          .where('door', '=', 'staff')
          .execute()
      : [];
    if (!mfa?.user_id || !own.length) {
      await countAttempt(deps, 'sign-in', from.client);
      throw new ApiError(401, PASSKEY_REFUSED);
    }
    userId = Number(mfa.user_id);
    allowCredentials = own.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) }));
  }
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials,
    userVerification: userId === null ? 'required' : 'preferred',
  });
  const challenge_id = await issueChallenge(db, 'passkey-login', userId, options.challenge, now);
  return { challenge_id, options };
}

/**
 * A passkey's answer to a live sign-in challenge: verified against the stored public key, its signature counter
 * moved forward (a counter that does not grow, when either is non-zero, is a cloned key's and refused), the use
 * audited; then the sign-in ends as every other does (auth/service.ts). Every refusal is the same 401 and counts
 * toward the address's throttle; with an mfa_token it counts as one of that token's five guesses too.
 */
export async function passkeySignIn(
  deps: AppDeps,
  { challenge_id, response, mfa_token }: z.infer<typeof passkeyLoginSchema>,
  ceremony: Ceremony | undefined,
  from: SignInFrom,
): Promise<SignedIn> {
  const db = deps.database.db;
  const now = deps.now();
  await checkThrottle(deps, 'sign-in', from.client);
  const refuse = refusal(deps, from.client);
  const challenge = await takeSignInChallenge(deps, challenge_id);
  if (!ceremony || !challenge) return refuse();
  const { forUser } = challenge;
  // A challenge made for a second step is answered with that step's mfa_token, and only then.
  const mfa = mfa_token === undefined ? undefined : await liveChallenge(db, 'mfa', mfa_token, now);
  if (mfa_token !== undefined && (!mfa || Number(mfa.user_id) !== forUser || !(await takeGuess(db, mfa.id))))
    return refuse();
  if (mfa_token === undefined && forUser !== null) return refuse();

  // A second step's passkey counts toward the account's wrong second-step guesses as a code does (guard.ts).
  const account = mfa ? await findUserById(db, forUser!) : undefined;
  const settle = account ? await takeSecondStepGuess(deps, account) : undefined;
  const proved = await provePasskey(deps, challenge, response, ceremony, 'staff');
  await settle?.(Boolean(proved));
  if (!proved) return refuse();
  // The passkey proved who this is, so saying they lack access leaks nothing (and nothing is recorded as used).
  if (!canAccessWeb(asTarget(proved.user))) throw new ApiError(403, DETAIL.noWebAccess);
  if (!(await recordPasskeyUse(deps, proved))) return refuse();
  return mfa ? finishSecondStep(deps, mfa.id, proved.user, from) : signIn(deps, proved.user, from);
}

/** The one answer to every refused passkey sign-in (of its door), counted toward the address's sign-in throttle. */
export const refusal =
  (deps: AppDeps, client: string, detail = PASSKEY_REFUSED) =>
  async (): Promise<never> => {
    await countAttempt(deps, 'sign-in', client);
    throw new ApiError(401, detail);
  };
