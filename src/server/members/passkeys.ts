// Passkeys at the members' door (docs/API.md, Members' own door): a signed-in member adds, lists and removes
// passkeys, and a passkey alone (usernameless) opens a member session as a code does. The ceremonies, the table and
// the audit entries are the staff portal's (twofactor/passkeys.ts), but a passkey added here is a 'member' one
// (passkeys.door): it opens /my only, never the portal, and the portal's never open /my, so a code (which proves
// only an inbox) can never stand in for a staff member's password and second factor. An active, unsuspended
// account of any role gets the /my cookie (session.ts), never staff tokens; every refusal is one 401, counted by
// the address's sign-in throttle as the staff door's are.
import type { z } from 'zod';
import type { AppDeps, UserRow } from '../kernel/context';
import type { SignInFrom } from '../auth/service';
import { iso } from '../db/time';
import { recordActiveDay } from '../analytics/member-days';
import { checkThrottle } from '../credentials/throttle';
import {
  addPasskey,
  provePasskey,
  registrationOptions,
  removePasskey,
  presentPasskey,
  recordPasskeyUse,
  takeSignInChallenge,
  type Ceremony,
} from '../twofactor/passkeys';
import { refusal, signInOptions } from '../auth/passkey-sign-in';
import { MEMBER_TEXT, type MemberPasskey, type memberPasskeySignInSchema } from '../../lib/shared/members/api';
import { mayUseDoor } from './session';

export { ceremonyOf } from '../twofactor/passkeys';

/** Options for adding a passkey that opens /my only (its challenge adds no portal passkey). */
export const memberRegistrationOptions = (deps: AppDeps, user: UserRow, ceremony: Ceremony | undefined) =>
  registrationOptions(deps, user, ceremony, 'member');

/** Adds a passkey that opens /my only. */
export const addMemberPasskey = (
  deps: AppDeps,
  user: UserRow,
  body: Parameters<typeof addPasskey>[2],
  ceremony: Ceremony | undefined,
) => addPasskey(deps, user, body, ceremony, 'member');

/** Removes one of the member's own /my passkeys (a portal passkey's id names nothing here: 404). */
export const removeMemberPasskey = (deps: AppDeps, user: UserRow, id: number) =>
  removePasskey(deps, user, id, 'member');

/** The account's passkeys, oldest first (name, added, last used). */
export async function passkeysOf(deps: AppDeps, user: Pick<UserRow, 'id'>): Promise<MemberPasskey[]> {
  const rows = await deps.database.db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', user.id)
    .where('door', '=', 'member')
    .orderBy('id')
    .execute();
  return rows.map(presentPasskey);
}

/** Options for navigator.credentials.get() without a username (the person verified on the device). */
export const memberSignInOptions = (deps: AppDeps, ceremony: Ceremony | undefined, from: SignInFrom) =>
  signInOptions(deps, {}, ceremony, from);

/**
 * The account a passkey's answer to a usernameless challenge signs in to /my: verified, the account active and
 * unsuspended (checked before the use is recorded, so a refused account's passkey is not marked used). A challenge
 * made for a staff second step (it names an account) is not taken here.
 */
export async function memberPasskeySignIn(
  deps: AppDeps,
  { challenge_id, response }: z.infer<typeof memberPasskeySignInSchema>,
  ceremony: Ceremony | undefined,
  client: string,
): Promise<UserRow> {
  await checkThrottle(deps, 'sign-in', client);
  const refuse = refusal(deps, client, MEMBER_TEXT.passkeyRefused);
  const challenge = await takeSignInChallenge(deps, challenge_id);
  if (!ceremony || !challenge || challenge.forUser !== null) return refuse();
  const proved = await provePasskey(deps, challenge, response, ceremony, 'member');
  if (!proved || !mayUseDoor(proved.user) || !(await recordPasskeyUse(deps, proved))) return refuse();
  // As a code's sign-in does (members/service.ts redeemSignIn): the last sign-in and the day's activity.
  const db = deps.database.db;
  const now = deps.now();
  await db
    .updateTable('users')
    .set({ last_login: iso(now) })
    .where('id', '=', proved.user.id)
    .execute();
  await recordActiveDay(db, Number(proved.user.id), now);
  return proved.user;
}
