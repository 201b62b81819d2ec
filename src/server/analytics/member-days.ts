// The days each account used the portal: written when it signs in and when its last_seen is refreshed (at most
// once a minute), so "active users", retention and the users trend count people, not requests.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { dayOf } from '../../lib/shared/analytics/periods';

export async function recordActiveDay(db: Kysely<DB>, userId: number, nowMs: number): Promise<void> {
  await db
    .insertInto('member_activity')
    .values({ user_id: userId, day: dayOf(nowMs) })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
}
