// HS256 JWTs (jose). Access tokens are stateless for 60 minutes but carry the user's token_version,
// which a password reset bumps. Refresh tokens are JWTs too, but each is also stored (hashed) so it
// can be used once, rotated, and revoked.
import { SignJWT, jwtVerify, errors } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface AccessClaims {
  userId: number;
  version: number;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export async function signAccess(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ typ: 'access', ver: claims.version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(secret);
}

export async function signRefresh(secret: Uint8Array, userId: number, ttlSeconds: number, nowMs: number) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ typ: 'refresh' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomToken())
    .sign(secret);
}

/** The verified claims, or null for anything expired, forged, malformed or not HS256 (alg:none included). */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
  type: 'access' | 'refresh',
  nowMs: number,
): Promise<{ userId: number; version: number } | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const userId = Number(payload.sub);
    if (payload.typ !== type || !Number.isSafeInteger(userId) || userId <= 0) return null;
    return { userId, version: typeof payload.ver === 'number' ? payload.ver : 0 };
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    return null;
  }
}
