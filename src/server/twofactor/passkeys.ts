// Passkeys (WebAuthn, by @simplewebauthn/server; docs/API.md, Two-factor sign-in): a person adds several, each
// named, and removes them; one signs in as the second factor after the password, or alone without a username.
// Every challenge is single-use and lives five minutes (challenges.ts): a registration's challenge is itself the
// token (stored hashed, found again from the answer's clientDataJSON); a sign-in's is kept beside a challenge_id.
// The origin a ceremony is judged against is the page's (the request's Origin) when the site allows it, and the
// RP ID is its host name, so the portal works wherever the site's configuration says it is served.
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import { siteOrigins, type ServerConfig } from '../config';
import type { PasskeyDoor } from '../db/schema';
import type { AppDeps, UserRow } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { iso } from '../db/time';
import { fullName } from '../../lib/shared/format';
import type { Passkey } from '../../lib/shared/twofactor/api';
import type { passkeyLoginSchema, passkeyRegisterSchema } from '../../lib/shared/twofactor/passkeys';
import { siteShortName } from '../settings/church';
import { findUserById } from '../credentials/accounts';
import { claimChallenge, issueChallenge, liveChallenge } from './challenges';
import { ownChange, syncTwoFactor } from './service';

/**
 * The WebAuthn library and the certificate parsers under it (about a megabyte of code, a quarter of the server's)
 * load with the first passkey call, not at start: most processes never see one (the server bundle splits them off,
 * scripts/build-server.mjs).
 */
export const webauthn = () => import('@simplewebauthn/server');
const helpers = () => import('@simplewebauthn/server/helpers');

/** Every refused passkey sign-in answers this, whatever was wrong: nothing tells a forgery from a stale answer. */
export const PASSKEY_REFUSED = 'That passkey could not sign you in. Please try again, or sign in with your password.';
export const PASSKEY_NOT_ADDED = 'The passkey could not be added. Please try again.';
export const PASSKEY_ORIGIN = 'Passkeys cannot be used from this address.';

/** Where a ceremony happens: the page's origin and its host name (the RP ID). */
export interface Ceremony {
  origin: string;
  rpID: string;
}

/** The ceremony of a request with this Origin header (none: the site's own), or undefined for another origin. */
export function ceremonyOf(config: ServerConfig, originHeader: string | undefined): Ceremony | undefined {
  const origin = originHeader ?? new URL(config.siteUrl).origin;
  if (!siteOrigins(config).includes(origin)) return undefined;
  return { origin, rpID: new URL(origin).hostname };
}

/**
 * EdDSA, ES256 and RS256, the library's usual list, named here: its default probes Node for ML-DSA, which prints an
 * experimental-feature warning, and no browser makes such keys yet.
 */
async function algorithms() {
  const { COSEALG } = await helpers();
  return [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
}

/** The ceremony, or 400: a page on an origin the site does not serve. */
export const needCeremony = (ceremony: Ceremony | undefined): Ceremony => {
  if (!ceremony) throw new ApiError(400, PASSKEY_ORIGIN);
  return ceremony;
};

/** The user handle a passkey carries for its account (the database id: it names nobody outside this site). */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId));

export const transportsOf = (stored: string) => JSON.parse(stored) as AuthenticatorTransport[];

/** The person's passkeys (of one door, or every door) as the credentials a ceremony allows or excludes. */
async function credentialsOf(deps: AppDeps, userId: number, door?: PasskeyDoor) {
  let query = deps.database.db
    .selectFrom('passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId);
  if (door) query = query.where('door', '=', door);
  const own = await query.execute();
  return own.map((p) => ({ id: p.credential_id, transports: transportsOf(p.transports) }));
}

/** The challenge the browser says it signed (clientDataJSON), or undefined when that cannot be read. */
async function signedChallenge(clientDataJSON: string): Promise<string | undefined> {
  const { isoBase64URL } = await helpers();
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export const presentPasskey = (row: {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): Passkey => ({ id: Number(row.id), name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at });

// ---- Adding and removing (signed in) ----

/**
 * Options for navigator.credentials.create(): a discoverable credential (so it can sign in without a username),
 * none of the person's own authenticators again.
 */
export async function registrationOptions(
  deps: AppDeps,
  user: UserRow,
  ceremony: Ceremony | undefined,
  door: PasskeyDoor = 'staff',
) {
  // Every passkey of the account is excluded, whichever its door: an authenticator keeps one passkey per account
  // and site, so a second would replace the first on the device.
  const { rpID } = needCeremony(ceremony);
  const own = await credentialsOf(deps, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: (await siteShortName()) || rpID,
    rpID,
    userName: user.username,
    userID: userHandle(user.id),
    userDisplayName: fullName(user),
    attestationType: 'none',
    excludeCredentials: own,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: await algorithms(),
  });
  // The challenge remembers its door: one a /my session asked for (no proof of a second factor there) must never
  // add a portal passkey.
  await issueChallenge(deps.database.db, 'passkey-register', user.id, door, deps.now(), options.challenge);
  return options;
}

/** Checks the authenticator's answer to a live challenge of this person's and keeps the new passkey (audited). */
export async function addPasskey(
  deps: AppDeps,
  user: UserRow,
  { name, response }: z.infer<typeof passkeyRegisterSchema>,
  ceremony: Ceremony | undefined,
  door: PasskeyDoor = 'staff',
): Promise<Passkey> {
  const { origin, rpID } = needCeremony(ceremony);
  const db = deps.database.db;
  const now = deps.now();
  const notAdded = () => new ApiError(400, PASSKEY_NOT_ADDED);
  const challenge = await signedChallenge(response.response.clientDataJSON);
  const row = challenge ? await liveChallenge(db, 'passkey-register', challenge, now) : undefined;
  const ours = row && Number(row.user_id) === user.id && row.challenge === door;
  if (!challenge || !row || !ours || !(await claimChallenge(db, row.id, now))) throw notAdded();
  const { verifyRegistrationResponse } = await webauthn();
  const { isoBase64URL } = await helpers();
  const verified = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    supportedAlgorithmIDs: await algorithms(),
  }).catch(() => undefined);
  if (!verified?.verified) throw notAdded();
  const { credential } = verified.registrationInfo;
  return ownChange(
    deps,
    user,
    'add_passkey',
    async (trx) => {
      const taken = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('credential_id', '=', credential.id)
        .executeTakeFirst();
      if (taken) throw new ApiError(400, 'This passkey is already added.');
      const added = await trx
        .insertInto('passkeys')
        .values({
          user_id: user.id,
          credential_id: credential.id,
          public_key: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          name,
          created_at: iso(now),
          last_used_at: null,
          door,
        })
        .returning(['id', 'name', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      await syncTwoFactor(trx, user.id);
      return presentPasskey(added);
    },
    name,
  );
}

/** One of the person's own passkeys of this door; any other id names nothing (404). */
export async function ownPasskey(deps: AppDeps, user: UserRow, id: number, door: PasskeyDoor = 'staff') {
  const key = await deps.database.db
    .selectFrom('passkeys')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('door', '=', door)
    .executeTakeFirst();
  if (!key) throw new ApiError(404, DETAIL.notFound);
  return key;
}

/** Removes one of the person's own passkeys of this door (any other id names nothing: 404), audited. */
export async function removePasskey(
  deps: AppDeps,
  user: UserRow,
  id: number,
  door: PasskeyDoor = 'staff',
): Promise<void> {
  const key = await ownPasskey(deps, user, id, door);
  await ownChange(
    deps,
    user,
    'remove_passkey',
    async (trx) => {
      await trx.deleteFrom('passkeys').where('id', '=', key.id).execute();
      await syncTwoFactor(trx, user.id);
    },
    key.name,
  );
}

/**
 * Options for navigator.credentials.get() proving that the signed-in person holds one of their own passkeys, before
 * a change to their second factors (proof.ts); its challenge names the account, so no other account's passkey
 * answers it.
 */
export async function proofOptions(deps: AppDeps, user: UserRow, ceremony: Ceremony | undefined) {
  const { rpID } = needCeremony(ceremony);
  const own = await credentialsOf(deps, user.id, 'staff');
  if (!own.length) throw new ApiError(400, NO_PASSKEY);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: own,
    userVerification: 'preferred',
  });
  const challenge_id = await issueChallenge(deps.database.db, 'passkey-login', user.id, options.challenge, deps.now());
  return { challenge_id, options };
}
export const NO_PASSKEY = 'You have no passkey to confirm with: use a code from your authenticator app instead.';

// ---- Proving a passkey (a sign-in: auth/passkey-sign-in.ts; a proof: ./proof.ts) ----

/** A live sign-in challenge, used up now (undefined when unknown, expired, used, or used first by another request). */
export async function takeSignInChallenge(
  deps: AppDeps,
  challengeId: string,
): Promise<{ challenge: string; forUser: number | null } | undefined> {
  const db = deps.database.db;
  const now = deps.now();
  const row = await liveChallenge(db, 'passkey-login', challengeId, now);
  if (!row?.challenge || !(await claimChallenge(db, row.id, now))) return undefined;
  return { challenge: row.challenge, forUser: row.user_id === null ? null : Number(row.user_id) };
}

/** What a passkey's verified answer proved: the account, the passkey, and the counter the answer carried. */
export interface ProvedPasskey {
  user: UserRow;
  key: { id: number; name: string; counter: number };
  newCounter: number;
}

/**
 * The account a passkey's answer to a sign-in challenge proves, or undefined: a stored passkey (of `forUser` when
 * the challenge names one), the user handle its own, the signature good for the challenge, origin and RP ID, the
 * person verified on the device when the passkey stands alone. Nothing is recorded: recordPasskeyUse does that.
 */
export async function provePasskey(
  deps: AppDeps,
  { challenge, forUser }: { challenge: string; forUser: number | null },
  response: z.infer<typeof passkeyLoginSchema>['response'],
  ceremony: Ceremony,
  door: PasskeyDoor,
): Promise<ProvedPasskey | undefined> {
  const db = deps.database.db;
  const key = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', response.id)
    .where('door', '=', door)
    .executeTakeFirst();
  if (!key || (forUser !== null && Number(key.user_id) !== forUser)) return undefined;
  const handle = response.response.userHandle;
  const { isoBase64URL } = await helpers();
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandle(Number(key.user_id)))) return undefined;
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: ceremony.origin,
    expectedRPID: ceremony.rpID,
    credential: {
      id: key.credential_id,
      publicKey: isoBase64URL.toBuffer(key.public_key),
      counter: Number(key.counter),
      transports: transportsOf(key.transports),
    },
    requireUserVerification: forUser === null,
  }).catch(() => undefined);
  const user = verified?.verified ? await findUserById(db, Number(key.user_id)) : undefined;
  if (!verified || !user) return undefined;
  return {
    user,
    key: { id: Number(key.id), name: key.name, counter: Number(key.counter) },
    newCounter: verified.authenticationInfo.newCounter,
  };
}

/** Records a proved passkey's use (counter, last used; audited); false when another answer used it first. */
export async function recordPasskeyUse(deps: AppDeps, { user, key, newCounter }: ProvedPasskey): Promise<boolean> {
  return ownChange(
    deps,
    user,
    'use_passkey',
    async (trx, now) => {
      // Moved only from the value just checked, so of two answers checked against one counter value one passes
      // (a counter that stays zero is left to the single-use challenge).
      const moved = await trx
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: iso(now) })
        .where('id', '=', key.id)
        .where('counter', '=', key.counter)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new NotUsed();
      return true;
    },
    key.name,
  ).catch((err) => {
    if (err instanceof NotUsed) return false;
    throw err;
  });
}
class NotUsed extends Error {}
