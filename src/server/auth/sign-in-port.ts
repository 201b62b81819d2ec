// The accounts behind the bearer door (kernel/sign-in.ts): tokens checked by ./tokens.ts, the account kept between
// requests while the users' data version holds (users/signed-in.ts), ended sessions (./ended-sessions.ts), and the
// account's activity: last_seen and the day's member_activity row are written at most once a minute per account
// (and at once after a sign-out), so a signed-in read stays a read.
import type { AppDeps, UserRow } from '../kernel/context';
import type { SignInPort } from '../kernel/ports';
import { iso } from '../db/time';
import { signedInUser } from '../users/signed-in';
import { recordActiveDay } from '../analytics/member-days';
import { verifyToken } from '../credentials/tokens';
import { sessionEnded } from '../credentials/ended-sessions';

/** last_seen is written at most this often per user, so reads stay reads under load. */
const SEEN_THROTTLE_MS = 60_000;

export function signInPort(deps: Omit<AppDeps, 'signIn'>): SignInPort {
  return {
    claims: (token, nowMs) => verifyToken(deps.config.jwtSecret, token, 'access', nowMs),
    account: (id) => signedInUser(deps as AppDeps, id),
    ended: (sessionId, nowMs) => sessionEnded(deps, sessionId, nowMs),
    async seen(user: UserRow, nowMs) {
      const stale = !user.last_seen || nowMs - Date.parse(user.last_seen) > SEEN_THROTTLE_MS;
      const loggedOut = user.logged_out_at && (!user.last_seen || user.logged_out_at >= user.last_seen);
      if (!stale && !loggedOut) return undefined;
      const db = deps.database.db;
      const row = { ...user, last_seen: iso(nowMs) };
      await db.updateTable('users').set({ last_seen: row.last_seen }).where('id', '=', user.id).execute();
      await recordActiveDay(db, user.id, nowMs);
      return row;
    },
  };
}
