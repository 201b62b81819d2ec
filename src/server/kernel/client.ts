// Who is calling: the client's address and its key, the address as a keyed hash, so nothing stored (rate limits,
// "I prayed", sessions) ever holds an address. Worked out when a route asks, once per request: as a middleware
// run before every route, even a lazy one, it cost a sixth of a small call (GET /auth/profile/), and most calls
// never need it.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ServerConfig } from '../config';
import type { AppEnv, Client } from './context';

const secrets = new WeakMap<object, KeyObject>();

/**
 * Behind a proxy (TRUST_PROXY) the address is the last X-Forwarded-For entry, the one the proxy itself added;
 * earlier entries are whatever the client claimed. Otherwise it is the connection's own.
 */
export function clientOf(c: Context<AppEnv>, config: Pick<ServerConfig, 'trustProxy' | 'jwtSecret'>): Client {
  const known = c.get('client');
  if (known) return known;
  const client = clientFrom(config, c.req.header('x-forwarded-for'), () => getConnInfo(c).remote.address);
  c.set('client', client);
  return client;
}

/**
 * The same for a caller known by its X-Forwarded-For header and its connection's address (a page Astro renders:
 * Astro.clientAddress), by the same rule.
 */
export function clientFrom(
  config: Pick<ServerConfig, 'trustProxy' | 'jwtSecret'>,
  forwardedFor: string | null | undefined,
  remote: () => string | undefined,
): Client {
  let address: string | undefined;
  if (config.trustProxy) address = forwardedFor?.split(',').at(-1)?.trim() || undefined;
  if (!address) {
    try {
      address = remote();
    } catch {
      // No socket (an in-process request): the shared key below.
    }
  }
  let secret = secrets.get(config.jwtSecret);
  if (!secret) secrets.set(config.jwtSecret, (secret = createSecretKey(config.jwtSecret)));
  const key = createHmac('sha256', secret)
    .update(address ?? 'unknown')
    .digest('hex')
    .slice(0, 32);
  return { address, key };
}
