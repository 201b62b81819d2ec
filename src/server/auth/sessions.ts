// Sign-in sessions: an access token plus a refresh token whose hash is stored. Refreshing uses the
// refresh token once and hands out a new one of the same family; presenting a used or revoked token
// again means it was stolen or replayed, so the whole family is revoked (reuse detection).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ServerConfig } from '../config';
import { iso } from '../db/time';
import { sha256, signAccess, signRefresh, verifyToken } from './tokens';

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

/** A sign-in: the first pair of a new token family. */
export async function startSession(
  db: Kysely<DB>,
  config: ServerConfig,
  user: { id: number; token_version: number },
  nowMs: number,
): Promise<TokenPair> {
  return continueSession(db, config, user, randomUUID(), nowMs);
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
  return { ok: true, userId: claims.userId, familyId: row.family_id };
}

export async function continueSession(
  db: Kysely<DB>,
  config: ServerConfig,
  user: { id: number; token_version: number },
  familyId: string,
  nowMs: number,
): Promise<TokenPair> {
  const access = await signAccess(
    config.jwtSecret,
    { userId: user.id, version: user.token_version },
    config.accessTtlSeconds,
    nowMs,
  );
  const refresh = await storeRefresh(db, config, user.id, familyId, nowMs);
  return { access, refresh };
}

/** The update that revokes the tokens not yet revoked, to be narrowed to a family or a user. */
const revokeLive = (db: Kysely<DB>, nowMs: number) =>
  db
    .updateTable('refresh_tokens')
    .set({ revoked_at: iso(nowMs) })
    .where('revoked_at', 'is', null);

export async function revokeFamily(db: Kysely<DB>, familyId: string, nowMs: number) {
  await revokeLive(db, nowMs).where('family_id', '=', familyId).execute();
}

export async function revokeAllForUser(db: Kysely<DB>, userId: number, nowMs: number) {
  await revokeLive(db, nowMs).where('user_id', '=', userId).execute();
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
