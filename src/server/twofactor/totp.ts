// RFC 6238 codes (otpauth): SHA-1, 6 digits, 30-second steps, accepted one step either side for clocks that
// drift. A code signs in once: the step it matched must be later than the last one used (service.ts stores it).
// The secret is kept encrypted (AES-256-GCM) under a key derived from JWT_SECRET, so a copy of the database alone
// does not give the codes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const WINDOW = 1;

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, base32) and the otpauth:// address an authenticator app reads from a QR code. */
export function newSecret(label: string, issuer: string): { secret: string; otpauth_url: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauth_url: totp(secret, label, issuer).toString() };
}

/** The 30-second step the code belongs to, if it is a current code of the secret; else null. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD) + delta;
}

const keys = new WeakMap<Uint8Array, Buffer>();
function keyOf(jwtSecret: Uint8Array): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) keys.set(jwtSecret, (key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'totp-secret', 32))));
  return key;
}

/** iv.tag.ciphertext, each base64url. */
export function sealSecret(jwtSecret: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(jwtSecret: Uint8Array, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
