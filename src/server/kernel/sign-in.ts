// The bearer door: a route's `signedIn` middleware (kernel/routes.ts). A valid HS256 access token of an account that
// still exists, still has the token's version, still passes the admin web-access rule, and whose session has not
// ended. A token of a sign-in under the two-factor policy without a second factor (its `enrol` claim) opens only
// the calls that set one up, until the account has one (users.two_factor, on the kept row: no extra read). What it
// asks of the accounts goes through deps.signIn (kernel/ports.ts SignInPort, auth/sign-in-port.ts), so the kernel,
// and every feature that signs its callers in, imports no feature.
import type { MiddlewareHandler } from 'hono';
import { canAccessWeb } from '../../lib/shared/permissions';
import { MFA_ENROLMENT_REQUIRED } from '../../lib/shared/twofactor/api';
import type { AppDeps, AppEnv } from './context';
import { ApiError, DETAIL } from './errors';
import type { SignInPort } from './ports';

/** What an account taken to enrol may still call (docs/API.md, Two-factor policy), under /api/v1. */
const WHILE_ENROLLING = new RegExp(
  '^(GET /auth/profile/|GET /auth/2fa/|POST /auth/2fa/totp/(setup|confirm)/|POST /auth/passkeys/(options/)?' +
    '|GET /auth/sessions/|DELETE /auth/sessions/[^/]+/|POST /auth/sessions/others/revoke/)$',
);
const API_PREFIX = '/api/v1';

function mayCallWhileEnrolling(method: string, path: string) {
  return WHILE_ENROLLING.test(`${method} ${path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path}`);
}

function portOf(deps: AppDeps): SignInPort {
  if (!deps.signIn) throw new Error('No sign-in port in the app’s dependencies: build the app with createApp.');
  return deps.signIn;
}

export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const accounts = portOf(deps);
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw new ApiError(401, DETAIL.unauthenticated);
    const now = deps.now();
    const claims = await accounts.claims(match[1], now);
    if (!claims) throw new ApiError(401, DETAIL.invalidToken);
    const found = await accounts.account(claims.userId);
    let user = found.row;
    if (!user || Number(user.token_version) !== claims.version) throw new ApiError(401, DETAIL.invalidToken);
    // The access rule first: a suspended account's token answers 403, as it did before sessions could end.
    if (
      !canAccessWeb({
        ...user,
        is_active: Boolean(user.is_active),
        is_suspended: Boolean(user.is_suspended),
        can_access_web: Boolean(user.can_access_web),
      })
    )
      throw new ApiError(403, DETAIL.noWebAccess);
    if (claims.sid && (await accounts.ended(claims.sid, now))) throw new ApiError(401, DETAIL.invalidToken);
    if (claims.enrol && !user.two_factor && !mayCallWhileEnrolling(c.req.method, c.req.path))
      throw new ApiError(403, MFA_ENROLMENT_REQUIRED.detail, undefined, undefined, MFA_ENROLMENT_REQUIRED.code);
    const written = await accounts.seen(user, now);
    if (written) user = written;
    c.set('user', user);
    c.set('sessionId', claims.sid);
    // A write moves the users' data version: kept answers are then not trusted for this request.
    c.set('usersVersion', written ? undefined : found.version);
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
