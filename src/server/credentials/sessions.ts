// Sign-in sessions: an access token plus a refresh token whose hash is stored. Refreshing uses the
// refresh token once and hands out a new one of the same family; presenting a used or revoked token
// again means it was stolen or replayed, so the whole family is revoked (reuse detection). A family is what the
// person sees as a session (GET /auth/sessions/): its row in `sessions` records the device, the address, when it
// began and when it last refreshed; it is live while the family has a refresh token that may still be used.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ServerConfig } from '../config';
import { iso } from '../db/time';
import { sha256, signAccess, signRefresh, verifyToken } from './tokens';
import { ended } from './ended-sessions';

export interface TokenPair {
  access: string;
  refresh: string;
}

async function storeRefresh(
  db: Kysely<DB>,
  config: ServerConfig,
  userId: number,
  familyId: string,
  nowMs: number,
): Promise<string> {
  const refresh = await signRefresh(config.jwtSecret, userId, config.refreshTtlSeconds, nowMs);
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(refresh),
      created_at: iso(nowMs),
      expires_at: iso(nowMs + config.refreshTtlSeconds * 1000),
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return refresh;
}

/** Where a sign-in comes from, as its session shows it. */
export interface SignInOrigin {
  device: string;
  address: string | undefined;
}

/** What an access token of the session carries beside the user (tokens.ts AccessClaims). */
export interface SessionOwner {
  id: number;
  token_version: number;
  /** Signed in under the two-factor policy without a second factor (middleware.ts). */
  enrol?: boolean;
}

/** A sign-in: the first pair of a new token family, and its session row. */
export async function startSession(
  db: Kysely<DB>,
  config: ServerConfig,
  user: SessionOwner,
  origin: SignInOrigin,
  nowMs: number,
): Promise<TokenPair> {
  const familyId = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      family_id: familyId,
      user_id: user.id,
      device: origin.device,
      address: origin.address ?? null,
      created_at: iso(nowMs),
      last_used_at: iso(nowMs),
    })
    .execute();
  return continueSession(db, config, user, familyId, nowMs);
}

export type RotateResult = { ok: true; userId: number; familyId: string } | { ok: false; reused: boolean };

/** Uses a refresh token once. The caller then issues the next pair with continueSession. */
export async function consumeRefreshToken(
  db: Kysely<DB>,
  config: ServerConfig,
  token: string,
  nowMs: number,
): Promise<RotateResult> {
  const claims = await verifyToken(config.jwtSecret, token, 'refresh', nowMs);
  if (!claims) return { ok: false, reused: false };
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || Number(row.user_id) !== claims.userId) return { ok: false, reused: false };
  if (row.used_at || row.revoked_at) {
    await revokeFamily(db, row.family_id, nowMs);
    return { ok: false, reused: true };
  }
  if (Date.parse(row.expires_at) <= nowMs) return { ok: false, reused: false };
  // Conditional update: of two concurrent uses of one token only one wins; the other is a reuse.
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: iso(nowMs) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id, nowMs);
    return { ok: false, reused: true };
  }
  await db
    .updateTable('sessions')
    .set({ last_used_at: iso(nowMs) })
    .where('family_id', '=', row.family_id)
    .execute();
  return { ok: true, userId: claims.userId, familyId: row.family_id };
}

export async function continueSession(
  db: Kysely<DB>,
  config: ServerConfig,
  user: SessionOwner,
  familyId: string,
  nowMs: number,
): Promise<TokenPair> {
  const claims = { userId: user.id, version: user.token_version, sid: familyId, enrol: user.enrol };
  const access = await signAccess(config.jwtSecret, claims, config.accessTtlSeconds, nowMs);
  const refresh = await storeRefresh(db, config, user.id, familyId, nowMs);
  return { access, refresh };
}

/** The update that revokes the tokens not yet revoked, to be narrowed to a family or a user. */
const revokeLive = (db: Kysely<DB>, nowMs: number) =>
  db
    .updateTable('refresh_tokens')
    .set({ revoked_at: iso(nowMs) })
    .where('revoked_at', 'is', null);

/**
 * The update that ends the sessions not yet ended, to be narrowed: a staff session's access tokens are refused from
 * then on (ended-sessions.ts), a member session's cookie opens nothing (members/session.ts).
 */
const endLive = (db: Kysely<DB>, nowMs: number) =>
  db
    .updateTable('sessions')
    .set({ ended_at: iso(nowMs), token_hash: null })
    .where('ended_at', 'is', null);

export async function revokeFamily(db: Kysely<DB>, familyId: string, nowMs: number) {
  await revokeLive(db, nowMs).where('family_id', '=', familyId).execute();
  await endLive(db, nowMs).where('family_id', '=', familyId).execute();
  ended();
}

/**
 * Every session of the account ends, the portal's and /my's alike: a password reset, a two-factor reset, a
 * suspension, web access taken away.
 */
export async function revokeAllForUser(db: Kysely<DB>, userId: number, nowMs: number) {
  await revokeLive(db, nowMs).where('user_id', '=', userId).execute();
  await endLive(db, nowMs).where('user_id', '=', userId).execute();
  ended();
}

/**
 * The account's /my sessions end (but `except`, the one making the change): its role changed, its email changed.
 * The portal's sessions go on: the role is read afresh on every call, and the email signs nobody in there.
 */
export async function endMemberSessions(db: Kysely<DB>, userId: number, nowMs: number, except?: string) {
  let q = endLive(db, nowMs).where('user_id', '=', userId).where('kind', '=', 'member');
  if (except) q = q.where('family_id', '!=', except);
  await q.execute();
}

/** Logout: revokes the presented token's family. Answers the owner's id when the token was known. */
export async function revokeByToken(db: Kysely<DB>, token: string, nowMs: number): Promise<number | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return null;
  await revokeFamily(db, row.family_id, nowMs);
  return Number(row.user_id);
}

export interface SessionRow {
  family_id: string;
  device: string;
  address: string | null;
  created_at: string;
  last_used_at: string;
}

/** A session as GET /auth/sessions/ and GET /members/me/sessions/ answer it; `current` marks the one asking. */
export const presentSession = (r: SessionRow, currentId: string | undefined) => ({
  id: r.family_id,
  device: r.device,
  address: r.address,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  current: r.family_id === currentId,
});

/** The user's sessions that may still refresh, the most recently used first. */
export async function liveSessions(db: Kysely<DB>, userId: number, nowMs: number): Promise<SessionRow[]> {
  return (
    db
      .selectFrom('sessions')
      .select(['family_id', 'device', 'address', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      // Member sessions (the /my cookie, src/server/members/session.ts) share the table; they are not the portal's.
      .where('kind', '=', 'staff')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.family_id')
            .where('used_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', iso(nowMs)),
        ),
      )
      .orderBy('last_used_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute()
  );
}
