// Short-lived single-use tokens of a sign-in in progress: the mfa_token between the password and the second
// factor, the ids of passkey sign-in challenges and the challenges of passkey registrations (passkeys.ts).
// Random, stored hashed, five minutes, used once; an mfa_token dies after five wrong guesses.
import type { Kysely } from 'kysely';
import type { ChallengeKind, DB } from '../db/schema';
import { iso } from '../db/time';
import { randomToken, sha256 } from '../credentials/tokens';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_FAILURES = 5;

export async function issueChallenge(
  db: Kysely<DB>,
  kind: ChallengeKind,
  userId: number | null,
  challenge: string | null,
  nowMs: number,
  /** Random unless given: a passkey registration's token is its WebAuthn challenge. */
  token = randomToken(),
): Promise<string> {
  await db
    .insertInto('sign_in_challenges')
    .values({
      kind,
      token_hash: sha256(token),
      user_id: userId,
      challenge,
      created_at: iso(nowMs),
      expires_at: iso(nowMs + CHALLENGE_TTL_MS),
      used_at: null,
    })
    .execute();
  return token;
}

/** The live challenge of that kind the token names (unused, unexpired, under the failure limit), or undefined. */
export async function liveChallenge(db: Kysely<DB>, kind: ChallengeKind, token: string, nowMs: number) {
  const row = await db
    .selectFrom('sign_in_challenges')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= nowMs || row.failures >= MAX_FAILURES) return undefined;
  return row;
}

/**
 * Counts one guess against the challenge before it is judged, in one statement: false when the limit is reached
 * (or the challenge used). Parallel guesses can then never get past MAX_FAILURES, as a read-then-count would let them.
 */
export async function takeGuess(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .where('failures', '<', MAX_FAILURES)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses the challenge; false when another request used it first. */
export async function claimChallenge(db: Kysely<DB>, id: number, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_challenges')
    .set({ used_at: iso(nowMs) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
