// Bearer authentication for protected routes: a valid HS256 access token of a user who still
// exists, still has the token's version, and still passes the admin web-access rule. A token of a sign-in under
// the two-factor policy without a second factor (its `enrol` claim) opens only the calls that set one up, until
// the account has one (users.two_factor, on the kept row: no extra read).
import type { MiddlewareHandler } from 'hono';
import { canAccessWeb } from '../../lib/shared/permissions';
import type { AppDeps, AppEnv } from '../kernel/context';
import { ApiError, DETAIL } from '../kernel/errors';
import { iso } from '../db/time';
import { signedInUser } from '../users/signed-in';
import { asTarget } from '../users/answers';
import { verifyToken } from './tokens';
import { sessionEnded } from './ended-sessions';
import { recordActiveDay } from '../analytics/member-days';
import { MFA_ENROLMENT_REQUIRED } from '../../lib/shared/twofactor/api';

/** What an account taken to enrol may still call (docs/API.md, Two-factor policy), under /api/v1. */
const WHILE_ENROLLING = new RegExp(
  '^(GET /auth/profile/|GET /auth/2fa/|POST /auth/2fa/totp/(setup|confirm)/|POST /auth/passkeys/(options/)?' +
    '|GET /auth/sessions/|DELETE /auth/sessions/[^/]+/|POST /auth/sessions/others/revoke/)$',
);
const API_PREFIX = '/api/v1';

function mayCallWhileEnrolling(method: string, path: string) {
  return WHILE_ENROLLING.test(`${method} ${path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path}`);
}

/** last_seen is written at most this often per user, so reads stay reads under load. */
const SEEN_THROTTLE_MS = 60_000;

export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError(401, DETAIL.unauthenticated);
    const now = deps.now();
    const claims = await verifyToken(deps.config.jwtSecret, match[1], 'access', now);
    if (!claims) throw new ApiError(401, DETAIL.invalidToken);
    const { db } = deps.database;
    const found = await signedInUser(deps, claims.userId);
    let user = found.row;
    let usersVersion: number | undefined = found.version;
    if (!user || Number(user.token_version) !== claims.version) throw new ApiError(401, DETAIL.invalidToken);
    if (!canAccessWeb(asTarget(user))) throw new ApiError(403, DETAIL.noWebAccess);
    if (claims.sid && (await sessionEnded(deps, claims.sid, now))) throw new ApiError(401, DETAIL.invalidToken);
    if (claims.enrol && !user.two_factor && !mayCallWhileEnrolling(c.req.method, c.req.path))
      throw new ApiError(403, MFA_ENROLMENT_REQUIRED.detail, undefined, undefined, MFA_ENROLMENT_REQUIRED.code);
    const stale = !user.last_seen || now - Date.parse(user.last_seen) > SEEN_THROTTLE_MS;
    const loggedOut = user.logged_out_at && (!user.last_seen || user.logged_out_at >= user.last_seen);
    if (stale || loggedOut) {
      user = { ...user, last_seen: iso(now) };
      usersVersion = undefined; // this write moves it
      await db.updateTable('users').set({ last_seen: user.last_seen }).where('id', '=', user.id).execute();
      await recordActiveDay(db, user.id, now);
    }
    c.set('user', user);
    c.set('sessionId', claims.sid);
    c.set('usersVersion', usersVersion);
    await next();
  };
}

/**
 * For calls anyone may make whose answer depends on who asks (the sermon and event lists): no Authorization
 * header means an anonymous visitor; a header is checked exactly as requireAuth checks it, so a bad or expired
 * token is a 401 (the portal then refreshes it) rather than a silently narrower answer.
 */
export function optionalAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const auth = requireAuth(deps);
  return (c, next) => (c.req.header('authorization') === undefined ? next() : auth(c, next));
}
