// The member session: the one place that knows the /my cookie. A session is a row of `sessions` (kind 'member')
// holding the sha256 of the cookie's random token; the cookie is httpOnly, SameSite=Lax, Path=/, and Secure when
// the site is served over https. It lasts while it is used: MEMBER_SESSION_IDLE_DAYS without use and it is dead
// (a member opens /my now and then, on a phone that is theirs; a month keeps them from signing in at every visit
// while a lost phone's session does not live on forever), and sign-out ends it at once. The cookie is read here
// only, never by the bearer door (kernel/sign-in.ts), so it opens /members/me/… and nothing else (a gift started
// while signed in is linked to the member: optionalMember); and the member routes never read an Authorization
// header, so a bearer token opens none of them.
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { parse } from 'hono/utils/cookie';
import { MEMBER_COOKIE } from '../../lib/shared/constants';
import { MEMBER_SESSION_IDLE_DAYS, MEMBER_TEXT } from '../../lib/shared/members/api';
import type { AppDeps, AppEnv, MemberSession, UserRow } from '../kernel/context';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { ApiError } from '../kernel/errors';
import { fromOwnSite } from '../kernel/doors';
import { siteOrigins } from '../config';
import { clientOf } from '../kernel/client';
import { randomToken, sha256 } from '../credentials/tokens';
import { deviceOf } from '../credentials/device';
import { endMemberSessions, presentSession } from '../credentials/sessions';
import { audited } from '../activity/audit';
import type { MemberSessionInfo } from '../../lib/shared/members/api';

const IDLE_MS = MEMBER_SESSION_IDLE_DAYS * 24 * 3600_000;
/** last_used_at is written at most this often, so a page view stays a read. */
const TOUCH_MS = 3600_000;

/** Whether the account may use the members' door: active and not suspended, whatever its role. */
export const mayUseDoor = (user: Pick<UserRow, 'is_active' | 'is_suspended'>) =>
  Boolean(user.is_active) && !user.is_suspended;

function tokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parse(cookieHeader, MEMBER_COOKIE)[MEMBER_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

/** The member a Cookie header's session belongs to, or undefined (no cookie, ended, idle too long, account shut). */
export async function memberFromCookie(
  deps: Pick<AppDeps, 'database' | 'now'>,
  cookieHeader: string | undefined,
): Promise<MemberSession | undefined> {
  const token = tokenOf(cookieHeader);
  if (!token) return undefined;
  const db = deps.database.db;
  const now = deps.now();
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.family_id as session_id', 'sessions.last_used_at as session_used_at'])
    .where('sessions.token_hash', '=', sha256(token))
    .where('sessions.kind', '=', 'member')
    .where('sessions.ended_at', 'is', null)
    .where('sessions.last_used_at', '>', iso(now - IDLE_MS))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_used_at, ...user } = row;
  if (!mayUseDoor(user)) return undefined;
  if (now - Date.parse(session_used_at) > TOUCH_MS)
    await db
      .updateTable('sessions')
      .set({ last_used_at: iso(now) })
      .where('family_id', '=', session_id)
      .execute();
  return { user: user as UserRow, id: session_id };
}

/** A new member session; answers the cookie's token. */
export async function startMemberSession(
  db: Kysely<DB>,
  userId: number,
  origin: { device: string; address: string | undefined },
  nowMs: number,
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('sessions')
    .values({
      family_id: randomUUID(),
      user_id: userId,
      kind: 'member',
      token_hash: sha256(token),
      device: origin.device,
      address: origin.address ?? null,
      created_at: iso(nowMs),
      last_used_at: iso(nowMs),
    })
    .execute();
  return token;
}

export async function endMemberSession(db: Kysely<DB>, sessionId: string, nowMs: number) {
  await db
    .updateTable('sessions')
    .set({ ended_at: iso(nowMs), token_hash: null })
    .where('family_id', '=', sessionId)
    .where('kind', '=', 'member')
    .execute();
}

/** The account's live /my sessions, the latest used first; `current` marks the one asking. */
export async function memberSessionsOf(
  deps: Pick<AppDeps, 'database' | 'now'>,
  session: MemberSession,
): Promise<MemberSessionInfo[]> {
  const rows = await deps.database.db
    .selectFrom('sessions')
    .select(['family_id', 'device', 'address', 'created_at', 'last_used_at'])
    .where('user_id', '=', session.user.id)
    .where('kind', '=', 'member')
    .where('ended_at', 'is', null)
    .where('last_used_at', '>', iso(deps.now() - IDLE_MS))
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((r) => presentSession(r, session.id));
}

/** "Sign out everywhere else": every other /my session of the account ends (audited). */
export async function endOtherMemberSessions(deps: Pick<AppDeps, 'database' | 'now'>, session: MemberSession) {
  const now = deps.now();
  await audited(
    deps.database.db,
    { actor: session.user, target: session.user, action: 'end_own_member_sessions' },
    now,
    (trx) => endMemberSessions(trx, Number(session.user.id), now, session.id),
  );
}

/** Served over https: the site's own address, or (behind a trusted proxy) the proxy's word for this request. */
function overHttps(c: Context<AppEnv>, deps: AppDeps) {
  if (deps.config.siteUrl.startsWith('https:')) return true;
  return deps.config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0].trim() === 'https';
}

function cookie(c: Context<AppEnv>, deps: AppDeps, value: string, maxAgeSeconds: number) {
  const secure = overHttps(c, deps) ? '; Secure' : '';
  return `${MEMBER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Starts a session for the account and sets its cookie on the answer. */
export async function signIn(c: Context<AppEnv>, deps: AppDeps, userId: number) {
  const origin = {
    device: deviceOf(c.req.header('user-agent')),
    address: clientOf(c, deps.config).address,
  };
  const token = await startMemberSession(deps.database.db, userId, origin, deps.now());
  c.header('Set-Cookie', cookie(c, deps, token, IDLE_MS / 1000));
}

/** Ends the request's session (if any) and clears the cookie. */
export async function signOut(c: Context<AppEnv>, deps: AppDeps) {
  const session = await memberFromCookie(deps, c.req.header('cookie'));
  if (session) await endMemberSession(deps.database.db, session.id, deps.now());
  c.header('Set-Cookie', cookie(c, deps, '', 0));
}

/**
 * Route middleware of a call anyone may make that a member makes as themselves: the cookie's member, if any. The
 * cookie counts only from the church's own site (kernel/doors.ts fromOwnSite): from anywhere else the caller is
 * anyone, so another page cannot make a member's call in their name.
 */
export function optionalMember(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const own = siteOrigins(deps.config);
  return async (c, next) => {
    const session = fromOwnSite(c, own) ? await memberFromCookie(deps, c.req.header('cookie')) : undefined;
    if (session) c.set('member', session);
    await next();
  };
}

/** Route middleware of /members/me/…: the cookie's member, or 401 (a form post goes to /my to sign in). */
export function requireMember(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await memberFromCookie(deps, c.req.header('cookie'));
    if (!session) throw new ApiError(401, MEMBER_TEXT.signedOut);
    c.set('member', session);
    await next();
  };
}
