// An account's email changing, by staff (./changes.ts), in the own profile or at /my: stored lower-case, never
// another account's, and the old address told of it in the change's transaction.
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../kernel/context';
import type { DB } from '../db/schema';
import { fieldError } from '../kernel/errors';
import { endMemberSessions } from '../credentials/sessions';
import { churchContact, signature } from '../settings/church';
import { queueEmail } from '../outbox/queue';
import type { ChurchContact } from '../../lib/shared/settings/api';
import type { UserRow } from '../kernel/context';

export async function assertEmailFree(db: Kysely<DB>, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fieldError('email', 'A user with that email already exists.');
}

/**
 * Tells the old address that the account's email changed (docs/API.md, Accounts and sessions): whoever changed it,
 * the owner of the old inbox hears of it, so a takeover cannot go unnoticed. Queued in the change's transaction.
 */
export async function tellOldAddress(
  trx: Transaction<DB>,
  change: { to: string; email: string; key: string },
  church: ChurchContact,
  nowMs: number,
) {
  const text =
    `The email address of your account is now ${change.email}. If you did not make this change, please contact ` +
    `the church office.`;
  const mail = { to: change.to, subject: 'Your email address was changed', text: text + signature(church) };
  await queueEmail(trx, change.key, mail, nowMs);
}

/**
 * A staff edit or the own profile changed the email: the old address is told and the account's /my sessions end
 * (they signed in with the old address), in the change's transaction.
 */
export async function afterEmailChange(
  trx: Transaction<DB>,
  target: Pick<UserRow, 'id' | 'email'>,
  email: string,
  nowMs: number,
) {
  if (email === target.email.toLowerCase()) return;
  const church = await churchContact(trx);
  await tellOldAddress(
    trx,
    { to: target.email, email, key: `email-changed:${target.id}:${nowMs}:${email}` },
    church,
    nowMs,
  );
  await endMemberSessions(trx, Number(target.id), nowMs);
}

/** An email change is stored lower-case and must not belong to another account (profile and staff edits). */
export async function withEmailChecked<T extends { email?: string }>(deps: AppDeps, userId: number, changes: T) {
  if (changes.email === undefined) return changes;
  const email = changes.email.toLowerCase();
  await assertEmailFree(deps.database.db, email, userId);
  return { ...changes, email };
}
