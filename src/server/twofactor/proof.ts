// Proof of the second factor in force before the factors themselves change (docs/API.md, Accounts and sessions).
// An access token alone (stolen, or left on a shared computer) must not replace the second factor: while one is in
// force, a new authenticator app, turning it off, new recovery codes and adding or removing a passkey each need a
// current TOTP code, an unused recovery code or a passkey's answer to a challenge made for this account. Every
// wrong proof counts toward the account's second-step guesses (guard.ts), so a token cannot guess codes either.
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { FACTOR_PROOF_NEEDED, type FactorProof } from '../../lib/shared/twofactor/passkeys';
import { takeSecondStepGuess } from './guard';
import { INVALID_CODE, spendCode } from './service';
import { provePasskey, recordPasskeyUse, takeSignInChallenge, type Ceremony } from './passkeys';

/** Throws 403 without a proof and 400 for a wrong one while the account has a second factor; else returns. */
export async function proveFactor(
  deps: AppDeps,
  user: UserRow,
  proof: FactorProof,
  ceremony: Ceremony | undefined,
): Promise<void> {
  if (!user.two_factor) return;
  if (!proof.code?.trim() && !proof.passkey) throw new ApiError(403, FACTOR_PROOF_NEEDED);
  const settle = await takeSecondStepGuess(deps, user);
  const right = proof.code?.trim()
    ? await spendCode(deps, user, proof.code)
    : await passkeyProves(deps, user, proof.passkey!, ceremony);
  await settle(right);
  if (!right) throw new ApiError(400, INVALID_CODE, { code: [INVALID_CODE] });
}

async function passkeyProves(
  deps: AppDeps,
  user: UserRow,
  { challenge_id, response }: NonNullable<FactorProof['passkey']>,
  ceremony: Ceremony | undefined,
): Promise<boolean> {
  const challenge = await takeSignInChallenge(deps, challenge_id);
  if (!ceremony || !challenge || challenge.forUser !== user.id) return false;
  const proved = await provePasskey(deps, challenge, response, ceremony, 'staff');
  return Boolean(proved && proved.user.id === user.id && (await recordPasskeyUse(deps, proved)));
}
