// HS256 JWTs (jose). Access tokens are stateless for 60 minutes but carry the user's token_version,
// which a password reset bumps. Refresh tokens are JWTs too, but each is also stored (hashed) so it
// can be used once, rotated, and revoked.
import { SignJWT, jwtVerify, errors } from 'jose';
import type { BearerClaims } from '../kernel/ports';
import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';

/** What an access token carries (the bearer door's claims, kernel/ports.ts). */
export type AccessClaims = BearerClaims;

// One key object per secret: given raw bytes, jose would import a key for every token it signs or checks.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return key;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export async function signAccess(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  const extra = { ...(claims.sid && { sid: claims.sid }), ...(claims.enrol && { enrol: true }) };
  return new SignJWT({ typ: 'access', ver: claims.version, ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

export async function signRefresh(secret: Uint8Array, userId: number, ttlSeconds: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ typ: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomToken())
    .sign(keyOf(secret));
}

// Tokens already verified, with their expiry: every call of a signed-in page carries the same access token, and
// checking its signature again each time was a seventh of an authenticated read. Only a valid token is kept
// (its claims cannot change; revocation is the token_version the caller checks against the user), and only
// until it expires; the oldest go past the bound.
const VERIFIED_CACHE = 10_000;
const verified = new Map<string, { claims: AccessClaims; expiresMs: number; secret: KeyObject }>();

/** The verified claims, or null for anything expired, forged, malformed or not HS256 (alg:none included). */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  type: 'access' | 'refresh',
  nowMs: number,
): Promise<AccessClaims | null> {
  // Refresh tokens are rare and single-use: always checked in full.
  if (type !== 'access') return (await verifyTokenFresh(secret, token, type, nowMs))?.claims ?? null;
  const kept = verified.get(token);
  if (kept && nowMs < kept.expiresMs && kept.secret === keyOf(secret)) return kept.claims;
  const result = await verifyTokenFresh(secret, token, type, nowMs);
  if (result) {
    if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...result, secret: keyOf(secret) });
  }
  return result?.claims ?? null;
}

async function verifyTokenFresh(
  secret: Uint8Array,
  token: string,
  type: 'access' | 'refresh',
  nowMs: number,
): Promise<{ claims: AccessClaims; expiresMs: number } | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const userId = Number(payload.sub);
    if (payload.typ !== type || !Number.isSafeInteger(userId) || userId <= 0) return null;
    const claims: AccessClaims = { userId, version: typeof payload.ver === 'number' ? payload.ver : 0 };
    if (typeof payload.sid === 'string') claims.sid = payload.sid;
    if (payload.enrol === true) claims.enrol = true;
    return { claims, expiresMs: (payload.exp ?? 0) * 1000 };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    return null;
  }
}
