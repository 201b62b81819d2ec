// The doors: the ways into the API and what proves who comes through each (docs/ARCHITECTURE.md, Words). A route
// declares the door it opens (kernel/routes.ts route()); the OpenAPI document lists each door a route opens as a
// security scheme (http/app.ts). The bearer door's check is kernel/sign-in.ts; the member door's is the members'
// (members/session.ts requireMember); the station door's is the children's check-in's (checkin/door.ts
// pairedStation).
import type { Context, MiddlewareHandler } from 'hono';
import { siteOrigins, type ServerConfig } from '../config';
import { MEMBER_COOKIE, STATION_COOKIE } from '../../lib/shared/constants';
import type { AppEnv } from './context';
import { ApiError } from './errors';

export type Door = 'bearer' | 'member' | 'station';

/** Each door as an OpenAPI security scheme (the scheme's name is the door's). */
export const DOOR_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of POST /api/v1/auth/login/ (60 minutes)',
  },
  member: {
    type: 'apiKey',
    in: 'cookie',
    name: MEMBER_COOKIE,
    description: 'The /my session cookie set by POST /api/v1/members/session/ or /members/passkey/ (httpOnly)',
  },
  station: {
    type: 'apiKey',
    in: 'cookie',
    name: STATION_COOKIE,
    description: 'The cookie of a paired check-in station: it opens check-in only',
  },
} as const;

/** A route's security requirement: the door it opens (`orNot`: anyone else may call it too). */
export const securityOf = (door: Door, orNot = false) => [...(orNot ? [{}] : []), { [door]: [] }];

/**
 * A cookie door's guard beside its SameSite=Lax cookie (docs/ARCHITECTURE.md, Why (d)): a browser's request from
 * another site is refused with 403 and `refusal` before anything else is read. A request with an Origin header must
 * come from one of the site's own origins (config.ts siteOrigins); one without, from the same origin by
 * Sec-Fetch-Site (or from a client that sends neither: not a browser, so no cookie of a visitor rides along).
 */
export function ownSiteOnly(
  config: Pick<ServerConfig, 'siteUrl' | 'allowedOrigins' | 'production'>,
  refusal: string,
): MiddlewareHandler<AppEnv> {
  const own = siteOrigins(config);
  return async (c, next) => {
    if (!fromOwnSite(c, own)) throw new ApiError(403, refusal);
    await next();
  };
}

/** Whether a request comes from one of `own` origins by ownSiteOnly's rule. */
export function fromOwnSite(c: Context, own: readonly string[]): boolean {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  return origin !== undefined ? own.includes(origin) : site === undefined || site === 'same-origin' || site === 'none';
}
