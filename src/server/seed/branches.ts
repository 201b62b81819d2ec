// The demo's two assemblies under the church (docs/API.md, Branches): added once, by slug, so seeding again
// changes nothing. The demo accounts stay at the root, and so do most sample members; members 11 to 13 of every
// twenty go to Tema and 14 to 16 to Kasoa, each trio with a household (a head and their spouse), so a database
// seeded with fewer than 11 members, as most tests are, is a single church exactly as before.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { iso } from '../db/time';

export const DEMO_BRANCHES = [
  {
    name: 'Grace Chapel Tema',
    slug: 'grace-chapel-tema',
    kind: 'Assembly',
    address: 'Community 7, near the Tema Library, Tema',
    phone: '+233303200100',
    service_times: 'Sundays 8:00 and 10:30; Wednesdays 6:30 PM',
  },
  {
    name: 'Grace Chapel Kasoa',
    slug: 'grace-chapel-kasoa',
    kind: 'Assembly',
    address: 'Old Barrier Road, Kasoa',
    phone: '+233303200200',
    service_times: 'Sundays 9:00 (English and Twi)',
  },
] as const;

/** Adds the assemblies that are missing; answers the branch of sample member number n. */
export async function seedBranches(db: Kysely<DB>, nowMs: number): Promise<(n: number) => number> {
  const root = await db
    .selectFrom('branches')
    .select(['id', 'path'])
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const branch of DEMO_BRANCHES) {
    const found = await db.selectFrom('branches').select('id').where('slug', '=', branch.slug).executeTakeFirst();
    if (found) {
      ids.push(Number(found.id));
      continue;
    }
    const made = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('branches')
        .values({ ...branch, parent_id: root.id, path: `${root.path}${branch.slug}/`, created_at: iso(nowMs) })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A branch's path ends with its own id, known once the row exists.
      await trx
        .updateTable('branches')
        .set({ path: `${root.path}${id}/` })
        .where('id', '=', id)
        .execute();
      return Number(id);
    });
    ids.push(made);
  }
  const [tema, kasoa] = ids;
  return (n) => {
    const place = n % 20;
    return place >= 11 && place <= 13 ? tema : place >= 14 && place <= 16 ? kasoa : Number(root.id);
  };
}
