// What the host hands the pages as Astro.locals.members: the API's own reads, so a /my page shows exactly what the
// member calls would answer (src/env.d.ts, src/host/pages.ts). The site's middleware asks `signedIn` once per /my
// request (one statement: the session and its account); each of the member's reads runs only when a page asks.
import type { AppDeps, MemberSession, UserRow } from '../kernel/context';
import type { MemberReader, SignedInMember } from '../../lib/shared/members/api';
import { memberFromCookie, memberSessionsOf } from './session';
import { directory } from './directory';
import { passkeysOf } from './passkeys';
import { memberProfile, prayersOf, registrationsOf } from './answers';
import { householdOfUser } from '../households/households';
import { forMember } from '../households/answers';
import { listPublicMinistries } from '../ministries/ministries';
import { ministriesOfUser } from '../ministries/members';
import { giftsOfUser } from '../giving/gifts';
import { listServices } from '../services/service';
import { scopeOfUser } from '../kernel/scope';
import { canCountAttendance } from '../../lib/shared/permissions';

export function memberReaderOf(deps: AppDeps): MemberReader {
  return {
    async signedIn(cookieHeader) {
      const session = await memberFromCookie(deps, cookieHeader);
      return session && signedInMember(deps, session);
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

/** The reads of one signed-in member, each as the member calls answer it. */
export function signedInMember(deps: AppDeps, session: MemberSession): SignedInMember {
  const { first_name, last_name, username, role } = session.user;
  return {
    account: { first_name, last_name, username, role },
    ...readsOf(deps, session.user),
    sessions: () => memberSessionsOf(deps, session),
  };
}

/** What a member's account has (GET /members/me/ reads them all at once: service.ts me). */
export function readsOf(deps: AppDeps, user: UserRow): Omit<SignedInMember, 'account' | 'sessions'> {
  const db = deps.database.db;
  const id = Number(user.id);
  return {
    profile: () => memberProfile(deps, user),
    // A person's notes are for staff and stations only (children's check-in).
    household: async () => forMember((await householdOfUser(db, id, deps.now())) ?? null),
    ministries: () => ministriesOfUser(db, id),
    registrations: () => registrationsOf(db, user.email, deps.now()),
    prayerRequests: () => prayersOf(db, user.email),
    gifts: () => giftsOfUser(db, id),
    directory: () => directory(db),
    passkeys: () => passkeysOf(deps, user),
    // The headcount form (/my/headcount) offers what POST /members/me/headcount/ takes of this account.
    headcountServices: async () => (canCountAttendance(user) ? listServices(db, await scopeOfUser(db, user)) : null),
  };
}
