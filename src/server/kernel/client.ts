// Who is calling, resolved once per request into the context's variables (app.ts runs it before every route):
// the client's address and its key, the address as a keyed hash, so nothing stored (rate limits, "I prayed")
// ever holds an address. The signed-in user is set by the routes' requireAuth (auth/middleware.ts).
import { createHmac, createSecretKey } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ServerConfig } from '../config';
import type { AppEnv, Client } from './context';

/**
 * Behind a proxy (TRUST_PROXY) the address is the last X-Forwarded-For entry, the one the proxy itself added;
 * earlier entries are whatever the client claimed.
 */
export function resolveClient(config: Pick<ServerConfig, 'trustProxy' | 'jwtSecret'>): MiddlewareHandler<AppEnv> {
  const secret = createSecretKey(Buffer.from(config.jwtSecret));
  return (c, next) => {
    // Worked out only when a route asks (a rate limit, a session, an "I prayed"): the keyed hash cost a third of
    // a small call's time when every request made it, and most calls never need it.
    let client: Client | undefined;
    const resolve = (): Client => {
      if (client) return client;
      let address: string | undefined;
      if (config.trustProxy) address = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined;
      if (!address) {
        try {
          address = getConnInfo(c).remote.address;
        } catch {
          // No socket: the shared key below.
        }
      }
      const key = createHmac('sha256', secret)
        .update(address ?? 'unknown')
        .digest('hex')
        .slice(0, 32);
      return (client = { address, key });
    };
    c.set('client', {
      get address() {
        return resolve().address;
      },
      get key() {
        return resolve().key;
      },
    });
    return next();
  };
}
