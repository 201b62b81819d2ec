// The sample prayer requests, demo data of `npm run db:seed` and of a first start outside production:
// src/server/seed/demo/prayers/*.yaml, one request a file, with its dates as days before the seeding (so the
// wall stays fresh and the 30-day follow-up flag means something) and its number of staff updates, which
// become that many plausible updates. Together they cover every category, status and priority, private
// requests, requests with more than three tags and one untouched for over 30 days; the approved public ones
// fill the prayer wall. A demo request is added only when no demo request of that title is there yet, so
// re-seeding never duplicates and never overwrites what staff changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { validateContent } from '../../lib/shared/site/content-schemas';
import { PRAYER_CATEGORIES, PRAYER_PRIORITIES, PRAYER_STATUSES } from '../../lib/shared/visitors/rules';
import type { DB } from '../db/schema';
import { iso } from '../db/time';
import { writeTags } from '../db/tags';
import { filesIn, readFlatYaml } from './content';

const DAY_MS = 86_400_000;

const demoPrayerSchema = z.strictObject({
  title: z.string().min(3),
  requester: z.string().min(2),
  email: z.string(),
  phone: z.string(),
  category: z.enum(PRAYER_CATEGORIES),
  priority: z.enum(PRAYER_PRIORITIES),
  status: z.enum(PRAYER_STATUSES),
  description: z.string().min(10),
  requestedDaysAgo: z.number().int().min(0),
  updatedDaysAgo: z.number().int().min(0),
  isPublic: z.boolean(),
  approved: z.boolean(),
  assignedTo: z.string(),
  supporters: z.number().int().min(0),
  updates: z.number().int().min(0).max(10),
  tags: z.array(z.string()),
});
export type DemoPrayer = z.infer<typeof demoPrayerSchema>;

/** What a prayer team writes as it follows a request; the last one of an answered request says so. */
const UPDATE_TEXTS = [
  'We prayed over this request at the Wednesday prayer gathering.',
  'A pastor called to pray together and encourage the family.',
  'The prayer team continues to stand with you this week.',
  'Remembered in prayer at the Sunday service.',
  'Visited in person; thank you for letting us pray with you.',
];
const ANSWERED_TEXT = 'Praise God: this prayer has been answered. Thank you all for praying.';

export function readDemoPrayers(contentDir: string): DemoPrayer[] {
  return filesIn(join(contentDir, 'prayers'), /\.ya?ml$/).map(({ file }) =>
    validateContent(demoPrayerSchema, file, readFlatYaml(readFileSync(file, 'utf8'))),
  );
}

export async function seedPrayers(db: Kysely<DB>, contentDir: string, nowMs: number): Promise<number> {
  const demo = readDemoPrayers(contentDir);
  return db.transaction().execute(async (trx) => {
    const have = await trx.selectFrom('prayer_requests').select('title').where('source', '=', 'demo').execute();
    const old = new Set(have.map((r) => r.title));
    let added = 0;
    for (const p of demo.filter((d) => !old.has(d.title))) {
      const requested = nowMs - p.requestedDaysAgo * DAY_MS;
      const updated = nowMs - p.updatedDaysAgo * DAY_MS;
      const row = await trx
        .insertInto('prayer_requests')
        .values({
          title: p.title,
          requester: p.requester,
          email: p.email || null,
          phone: p.phone || null,
          category: p.category,
          priority: p.priority,
          status: p.status,
          description: p.description,
          is_public: p.isPublic,
          approved: p.approved,
          assigned_to_id: null,
          assigned_to: p.assignedTo || null,
          supporters: p.supporters,
          tags: writeTags(p.tags),
          source: 'demo',
          date_requested: iso(requested),
          last_updated: iso(updated),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Spread between the request and its last update, the last one on the day of the last update.
      for (let n = 1; n <= p.updates; n++) {
        const answered = n === p.updates && p.status === 'answered';
        await trx
          .insertInto('prayer_updates')
          .values({
            prayer_id: Number(row.id),
            text: answered ? ANSWERED_TEXT : UPDATE_TEXTS[(n + added) % UPDATE_TEXTS.length],
            author_name: p.assignedTo || 'Prayer Team',
            is_public: true,
            created_at: iso(requested + ((updated - requested) * n) / p.updates),
          })
          .execute();
      }
      added++;
    }
    return added;
  });
}
