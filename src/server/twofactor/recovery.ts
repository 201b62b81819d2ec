// Recovery codes: ten single-use codes shown once, for a lost phone. Each carries 50 random bits, so a SHA-256
// of it is enough at rest (nobody can try 2^50 codes through a sign-in throttled per address and per token).
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { sha256 } from '../credentials/tokens';

export const RECOVERY_CODES = 10;
// No 0/O, 1/I/L: read off paper and typed again.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** xxxxx-xxxxx, 10 characters of 31: about 49.5 bits. */
function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The form a code is hashed in: upper case, without the dash or spaces a person may type. */
const normal = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const looksLikeRecoveryCode = (code: string) => /^[A-Z0-9]{10}$/.test(normal(code));

/** Replaces the user's codes with a fresh set; answers them (shown once). */
export async function replaceRecoveryCodes(db: Kysely<DB>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normal(code)), used_at: null })))
    .execute();
  return codes;
}

/** Uses the code if it is one of the user's unused ones; true when it was (and now is used). */
export async function spendRecoveryCode(db: Kysely<DB>, userId: number, code: string, nowMs: number) {
  if (!looksLikeRecoveryCode(code)) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: iso(nowMs) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(normal(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
