// What the host hands the /my pages as Astro.locals.members: the API's own reads, by the request's Cookie header,
// so a page shows exactly what GET /members/me/ would answer (src/env.d.ts, src/host/pages.ts).
import type { AppDeps } from '../kernel/context';
import type { MemberReader } from '../../lib/shared/members/api';
import { memberFromCookie, memberSessionsOf } from './session';
import { me } from './service';
import { directory } from './directory';
import { passkeysOf } from './passkeys';
import { listPublicMinistries } from '../ministries/ministries';

export function memberReaderOf(deps: AppDeps): MemberReader {
  return {
    async me(cookieHeader) {
      const session = await memberFromCookie(deps, cookieHeader);
      return session && me(deps, session.user);
    },
    async directory(cookieHeader) {
      const session = await memberFromCookie(deps, cookieHeader);
      return session && directory(deps.database.db);
    },
    async passkeys(cookieHeader) {
      const session = await memberFromCookie(deps, cookieHeader);
      return session && passkeysOf(deps, session.user);
    },
    async sessions(cookieHeader) {
      const session = await memberFromCookie(deps, cookieHeader);
      return session && memberSessionsOf(deps, session);
    },
    ministries: () => listPublicMinistries(deps.database.db),
    service: async (id) => {
      const row = await deps.database.db
        .selectFrom('services')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('deleted', '=', false)
        .executeTakeFirst();
      return row && { id: Number(row.id), name: row.name };
    },
    smsEnabled: Boolean(deps.config.sms),
  };
}

/** The signed-in member's id of a Cookie header, or null (a gift given while signed in is linked to them). */
export async function memberIdFromCookie(deps: AppDeps, cookieHeader: string | undefined): Promise<number | null> {
  const session = await memberFromCookie(deps, cookieHeader);
  return session ? Number(session.user.id) : null;
}
