// Password hashing with argon2id from node:crypto (OWASP: 19 MiB, 2 passes, 1 lane; about 30 ms here), run in
// libuv's thread pool, off the event loop. Stored as a PHC string, $argon2id$v=19$m=…,t=…,p=…$salt$hash, so the
// parameters travel with each hash. Hashes of the earlier scheme (scrypt$N$r$p$salt$hash) still verify, and the
// sign-in that verifies one stores an argon2id hash instead (needsRehash).
//
// Every hash goes through one gate: a few at a time (each holds its memory while it runs), the rest waiting in
// a queue per client address served in turn, so a burst from one address cannot hold up another's sign-in.
// A queue past its bound answers at once with HashingBusy (the route's 503 and Retry-After), never waits
// without end.
import { argon2 as argon2Cb, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Argon2Params } from '../config';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** Hashes running at once: one per core (each 19 MiB); more would only queue inside the thread pool. */
const IN_FLIGHT = Math.max(2, availableParallelism());
/** Waiting hashes per client address, and in all: past these a request is turned away (HashingBusy). */
export const QUEUE_PER_CLIENT = 32;
export const QUEUE_TOTAL = 256;

export class HashingBusy extends Error {
  constructor() {
    super('Too many sign-ins at once.');
  }
}

const queues = new Map<string, Array<() => void>>();
let running = 0;
let waitingTotal = 0;

/** The next waiting hash, taking clients in turn (the map's order, the served client going to the back). */
function next() {
  const entry = queues.entries().next();
  if (entry.done) return;
  const [client, waiting] = entry.value;
  queues.delete(client);
  const start = waiting.shift()!;
  if (waiting.length) queues.set(client, waiting);
  waitingTotal--;
  start();
}

async function gated<T>(client: string, task: () => Promise<T>): Promise<T> {
  if (running >= IN_FLIGHT) {
    const waiting = queues.get(client) ?? [];
    if (waiting.length >= QUEUE_PER_CLIENT || waitingTotal >= QUEUE_TOTAL) throw new HashingBusy();
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      queues.set(client, waiting);
      waitingTotal++;
    });
  } else running++;
  try {
    return await task();
  } finally {
    // The slot passes straight to the next waiting hash, or is freed.
    if (waitingTotal > 0) next();
    else running--;
  }
}

function argon2(password: string, salt: Buffer, params: Argon2Params, client: string): Promise<Buffer> {
  return gated(
    client,
    () =>
      new Promise((resolve, reject) =>
        argon2Cb(
          'argon2id',
          {
            message: password.normalize('NFKC'),
            nonce: salt,
            memory: params.memory,
            passes: params.passes,
            parallelism: params.parallelism,
            tagLength: KEY_LENGTH,
          },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

interface ScryptHash {
  N: number;
  r: number;
  p: number;
}

function scrypt(password: string, salt: Buffer, { N, r, p }: ScryptHash, client: string): Promise<Buffer> {
  return gated(
    client,
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** An argon2id hash of the password, as a PHC string. `client` is whose turn it takes in the gate. */
export async function hashPassword(password: string, params: Argon2Params, client = 'staff'): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await argon2(password, salt, params, client);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(salt)}$${b64(key)}`;
}

type Parsed =
  | { scheme: 'argon2id'; params: Argon2Params; salt: Buffer; key: Buffer }
  | { scheme: 'scrypt'; params: ScryptHash; salt: Buffer; key: Buffer };

const whole = (values: number[]) => values.every((n) => Number.isInteger(n) && n > 0);

export function parseHash(stored: string): Parsed | null {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [memory, passes, parallelism] = argon.slice(1, 4).map(Number);
    if (!whole([memory, passes, parallelism])) return null;
    const [salt, key] = [argon[4], argon[5]].map((text) => Buffer.from(text, 'base64'));
    return { scheme: 'argon2id', params: { memory, passes, parallelism }, salt, key };
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!whole([N, r, p])) return null;
  return {
    scheme: 'scrypt',
    params: { N, r, p },
    salt: Buffer.from(parts[4], 'base64'),
    key: Buffer.from(parts[5], 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string, client = 'staff'): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key =
    parsed.scheme === 'argon2id'
      ? await argon2(password, parsed.salt, parsed.params, client)
      : await scrypt(password, parsed.salt, parsed.params, client);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a verified hash should be replaced: the earlier scheme, or other argon2id parameters. */
export function needsRehash(stored: string, params: Argon2Params): boolean {
  const parsed = parseHash(stored);
  if (parsed?.scheme !== 'argon2id') return true;
  const { memory, passes, parallelism } = parsed.params;
  return memory !== params.memory || passes !== params.passes || parallelism !== params.parallelism;
}

/**
 * A hash to verify against when the username does not exist, so an unknown user costs the same time as a wrong
 * password (docs/API.md: same answer, same timing). Computed once per parameter set.
 */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(params: Argon2Params): Promise<string> {
  const id = `${params.memory},${params.passes},${params.parallelism}`;
  let hash = dummies.get(id);
  if (!hash) dummies.set(id, (hash = hashPassword(randomBytes(12).toString('hex'), params)));
  return hash;
}
