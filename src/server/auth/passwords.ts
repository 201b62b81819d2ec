// Password hashing with scrypt (OWASP: N=2^17, r=8, p=1) through node:crypto's async API, which runs
// in libuv's thread pool, off the event loop. Stored as scrypt$N$r$p$salt$hash so the parameters
// travel with each hash and can be raised later.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import type { ScryptParams } from '../config';

const KEY_LENGTH = 32;

/** Each hash takes 128*N*r bytes (128 MiB in production): cap concurrency so load cannot exhaust memory. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return limited(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4], 'base64'), key: Buffer.from(parts[5], 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * A hash to verify against when the username does not exist, so an unknown user costs the same
 * time as a wrong password (docs/API.md: same answer, same timing). Computed once per parameter set.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(params: ScryptParams): Promise<string> {
  let hash = dummies.get(params.N);
  if (!hash) dummies.set(params.N, (hash = hashPassword(randomBytes(12).toString('hex'), params)));
  return hash;
}
