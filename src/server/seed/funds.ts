// The demo funds gifts go to (issue 23): added once, by name, so seeding again changes nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

export const DEMO_FUNDS = [
  { name: 'Tithe', description: 'A tenth of what God has given, for the life and ministry of the church.' },
  { name: 'Offering', description: 'Free-will offerings for worship, outreach and the running of the church.' },
  { name: 'Welfare', description: 'Help for members and neighbours in need: food, school fees, hospital bills.' },
  { name: 'Building Fund', description: 'The new sanctuary and the upkeep of the church buildings.' },
  { name: 'Missions', description: 'Evangelism, church planting and missionaries in Ghana and beyond.' },
] as const;

/** Answers how many funds it added. */
export async function seedFunds(db: Kysely<DB>, nowMs: number): Promise<number> {
  const rows = DEMO_FUNDS.map((fund, i) => ({ ...fund, active: true, sort: i + 1, created_at: iso(nowMs) }));
  const added = await db
    .insertInto('funds')
    .values(rows)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .execute();
  return added.length;
}
