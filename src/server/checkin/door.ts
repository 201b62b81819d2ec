// The station's door: the httpOnly cookie a paired device holds (POST /stations/pair/), resolved here (by the sha256
// of its token, on a station not unpaired) for the routes that open it with route()'s `station` part. A check-in call
// opens that door and the bearer door, for staff who may count attendance (mayCheckIn), and for nobody else. No other
// route opens it, so it opens nothing outside check-in; a member's /my cookie opens nothing here.
import type { Context, MiddlewareHandler } from 'hono';
import type { Selectable } from 'kysely';
import { parse } from 'hono/utils/cookie';
import { CHECKIN_TEXT } from '../../lib/shared/checkin/api';
import { STATION_COOKIE } from '../../lib/shared/constants';
import { canCountAttendance } from '../../lib/shared/permissions';
import type { StationsTable } from '../db/schema';
import { iso } from '../db/time';
import { sha256 } from '../credentials/tokens';
import type { AppDeps, AppEnv, Scope } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { ownSiteOnly } from '../kernel/doors';

export type StationRow = Selectable<StationsTable>;
/** A check-in call's environment: the station that calls, or (with none) the signed-in staff member. */
export type CheckinEnv = { Variables: AppEnv['Variables'] & { station?: StationRow } };

/** last_seen_at is written at most this often, so a busy station's calls stay reads. */
const TOUCH_MS = 60_000;
/** A station's cookie lasts a year: the device is the church's and unpairing ends it. */
export const STATION_COOKIE_DAYS = 365;

export function stationToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const token = parse(cookieHeader, STATION_COOKIE)[STATION_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

export async function stationFromCookie(
  deps: Pick<AppDeps, 'database' | 'now'>,
  cookieHeader: string | undefined,
): Promise<StationRow | undefined> {
  const token = stationToken(cookieHeader);
  if (!token) return undefined;
  const db = deps.database.db;
  const station = await db
    .selectFrom('stations')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!station) return undefined;
  const now = deps.now();
  if (!station.last_seen_at || now - Date.parse(station.last_seen_at) > TOUCH_MS) {
    await db
      .updateTable('stations')
      .set({ last_seen_at: iso(now) })
      .where('id', '=', station.id)
      .execute();
    station.last_seen_at = iso(now);
  }
  return station;
}

/** The station door (route()'s `station` part): the paired station of the request's cookie, else 401. */
export function pairedStation(deps: AppDeps): MiddlewareHandler<CheckinEnv> {
  return async (c, next) => {
    const station = await stationFromCookie(deps, c.req.header('cookie'));
    if (!station) throw new ApiError(401, CHECKIN_TEXT.stationUnpaired, undefined, undefined, 'station_unpaired');
    c.set('station', station);
    await next();
  };
}

/** The guard of every call the station's cookie opens: refused (403) from another site (kernel/doors.ts). */
export const ownSite = (deps: AppDeps) => ownSiteOnly(deps.config, CHECKIN_TEXT.crossSite);

/** After the bearer door: staff who may count attendance (PASTOR and above) check children in; anyone else 403. */
export const mayCheckIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!canCountAttendance(c.get('user'))) throw new ApiError(403, CHECKIN_TEXT.checkinDenied);
  await next();
};

/** Served over https: the site's own address, or (behind a trusted proxy) the proxy's word for this request. */
function overHttps(c: Context, deps: AppDeps) {
  if (deps.config.siteUrl.startsWith('https:')) return true;
  return deps.config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0].trim() === 'https';
}

/** The station cookie on the answer (an empty value with no age clears it). */
export function setStationCookie(c: Context, deps: AppDeps, token: string) {
  const secure = overHttps(c, deps) ? '; Secure' : '';
  const age = token ? STATION_COOKIE_DAYS * 24 * 3600 : 0;
  c.header('Set-Cookie', `${STATION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${age}${secure}`);
}

/** Who checks in: a paired station or a staff member, and the scope they act in. */
export interface Caller {
  station?: StationRow;
  userId?: number;
  scope: Scope;
}
