// Download my data (GET /members/me/export/): everything kept about the member, as JSON. Only their own: their
// profile and consents, their household (its people by name, relationship and birth date, no one else's contact
// details), ministries, registrations and prayer requests made with their email, gifts, their member sessions, their
// passkeys (names and dates) and their removal requests.
import type { AppDeps, UserRow } from '../kernel/context';
import type { MemberExport } from '../../lib/shared/members/api';
import { me } from './service';
import { removalRequestsOf } from './removal';
import { passkeysOf } from './passkeys';

export async function exportOf(deps: AppDeps, user: UserRow): Promise<MemberExport> {
  const db = deps.database.db;
  const [mine, sessions, passkeys, removalRequests] = await Promise.all([
    me(deps, user),
    db
      .selectFrom('sessions')
      .select(['device', 'created_at', 'last_used_at'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'member')
      .orderBy('created_at', 'desc')
      .execute(),
    passkeysOf(deps, user),
    removalRequestsOf(db, Number(user.id)),
  ]);
  const { user: profile, ...rest } = mine;
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    profile,
    ...rest,
    sessions: sessions.map((s) => ({ device: s.device, createdAt: s.created_at, lastUsedAt: s.last_used_at })),
    passkeys,
    removalRequests,
  };
}
