// The demo's regular services (docs/API.md, Services and attendance): Sunday 7:00 First Service, 9:30 Second
// Service and 11:30 Twi Service at the church itself, added once by name, so seeding again changes nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

export const DEMO_SERVICES = [
  { name: 'First Service', day_of_week: 0, start_time: '07:00', language: 'English' },
  { name: 'Second Service', day_of_week: 0, start_time: '09:30', language: 'English' },
  { name: 'Twi Service', day_of_week: 0, start_time: '11:30', language: 'Twi' },
] as const;

/** Adds the demo services that are missing at the root; answers the ids of all three, in order. */
export async function seedServices(db: Kysely<DB>, nowMs: number): Promise<number[]> {
  const root = await db.selectFrom('branches').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const service of DEMO_SERVICES) {
    const found = await db
      .selectFrom('services')
      .select('id')
      .where('name', '=', service.name)
      .where('branch_id', '=', root.id)
      .executeTakeFirst();
    if (found) {
      ids.push(Number(found.id));
      continue;
    }
    const made = await db
      .insertInto('services')
      .values({ ...service, branch_id: root.id, created_at: iso(nowMs) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(made.id));
  }
  return ids;
}
