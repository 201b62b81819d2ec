// One-time codes of the members' door: six digits that sign a member in (by email, or SMS when configured) or
// confirm a new email address. A code is kept as an HMAC (keyed with the server's secret, over its purpose and
// address), works for MEMBER_CODE_TTL_MINUTES and MEMBER_CODE_MAX_TRIES guesses, once; only the newest code of an
// address and purpose counts. Each guess is counted before it is judged, in one statement (as the second step of
// staff sign-in does, twofactor/challenges.ts), so parallel guesses never get past the limit. The texts of the code
// messages are here, and only here.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MEMBER_CODE_MAX_TRIES, MEMBER_CODE_TTL_MINUTES } from '../../lib/shared/members/api';
import type { DB, MemberCodesTable } from '../db/schema';
import type { ServerConfig } from '../config';
import { iso } from '../db/time';
import { queueEmail, queueSms } from '../outbox/queue';
import { signature } from '../settings/church';
import type { ChurchContact } from '../../lib/shared/settings/api';

export const CODE_TTL_MS = MEMBER_CODE_TTL_MINUTES * 60_000;

type Purpose = MemberCodesTable['purpose'];
type Channel = MemberCodesTable['channel'];

function hashOf(config: Pick<ServerConfig, 'jwtSecret'>, purpose: Purpose, destination: string, code: string) {
  return createHmac('sha256', config.jwtSecret).update(`${purpose}:${destination}:${code}`).digest('hex');
}

export interface CodeTarget {
  /** null: no account uses the address; the row is written the same and can never be redeemed. */
  userId: number | null;
  channel: Channel;
  /** A lower-case email or an SMS number (233XXXXXXXXX). */
  destination: string;
  purpose: Purpose;
}

/** Stores a new code for the address (the older ones of the same purpose stop counting); answers it and its row. */
export async function issueCode(
  db: Kysely<DB>,
  config: Pick<ServerConfig, 'jwtSecret'>,
  target: CodeTarget,
  nowMs: number,
): Promise<{ id: number; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await db
    .insertInto('member_codes')
    .values({
      user_id: target.userId,
      channel: target.channel,
      destination: target.destination,
      purpose: target.purpose,
      code_hash: hashOf(config, target.purpose, target.destination, code),
      created_at: iso(nowMs),
      expires_at: iso(nowMs + CODE_TTL_MS),
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code };
}

/**
 * Redeems the newest code of that purpose sent to the address (sign-in) or asked for by the account (a new email):
 * the account's id and the address when the code is right, unused, unexpired, within its tries and belongs to an
 * account; otherwise undefined (and the guess counted).
 */
export async function redeemCode(
  db: Kysely<DB>,
  config: Pick<ServerConfig, 'jwtSecret'>,
  which: { purpose: Purpose; destination: string } | { purpose: Purpose; userId: number },
  code: string,
  nowMs: number,
): Promise<{ userId: number; destination: string; codeId: number } | undefined> {
  let query = db.selectFrom('member_codes').selectAll().where('purpose', '=', which.purpose);
  query =
    'destination' in which
      ? query.where('destination', '=', which.destination)
      : query.where('user_id', '=', which.userId);
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row || row.used_at || Date.parse(row.expires_at) <= nowMs) return undefined;
  const counted = await db
    .updateTable('member_codes')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', row.id)
    .where('failures', '<', MEMBER_CODE_MAX_TRIES)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return undefined;
  const given = Buffer.from(hashOf(config, row.purpose, row.destination, code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, 'hex')) || row.user_id === null) return undefined;
  const claimed = await db
    .updateTable('member_codes')
    .set({ used_at: iso(nowMs) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  return { userId: Number(row.user_id), destination: row.destination, codeId: Number(row.id) };
}

/** The new email address waiting for its code, if a live one was sent. */
export async function pendingEmail(db: Kysely<DB>, userId: number, nowMs: number): Promise<string | null> {
  const row = await db
    .selectFrom('member_codes')
    .select(['destination', 'used_at', 'expires_at', 'failures'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email-change')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const live = row && !row.used_at && Date.parse(row.expires_at) > nowMs && row.failures < MEMBER_CODE_MAX_TRIES;
  return live ? row.destination : null;
}

// ---- The messages ----

const minutes = `${MEMBER_CODE_TTL_MINUTES} minutes`;

/** Queues the code in the caller's transaction (keyed by the code's row, so it is sent once). */
export async function queueCode(
  db: Kysely<DB>,
  target: CodeTarget,
  issued: { id: number; code: string },
  church: ChurchContact,
  nowMs: number,
) {
  const key = `member-code:${issued.id}`;
  if (target.channel === 'sms') {
    const text = `${issued.code} is your sign-in code for ${church.name || 'the church'}'s member pages. It works for ${minutes}. Do not share it.`;
    return queueSms(db, key, { to: target.destination, text }, nowMs);
  }
  const signIn = target.purpose === 'sign-in';
  await queueEmail(
    db,
    key,
    {
      to: target.destination,
      subject: signIn ? 'Your sign-in code' : 'Confirm your new email address',
      text:
        [
          signIn
            ? `Your code to sign in to your member pages is ${issued.code}.`
            : `Your code to confirm this as your new email address is ${issued.code}.`,
          '',
          `It works for ${minutes}. If you did not ask for it, you can ignore this email: nothing changes without the code.`,
        ].join('\n') + signature(church),
    },
    nowMs,
  );
}
