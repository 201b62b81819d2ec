// Demo accounts of README.md (./accounts.ts), sample ministries and members (./ministries.ts, ./members.ts), and
// the sample sermons and events (./content.ts), prayer requests and funds. Idempotent:
// demo accounts are (re)set to their documented state; sample members are added up to the requested count;
// sermons and events whose ids are missing are added, the others left as staff left them. Every seeded
// account shares one password hash computed once, and members go in by multi-row inserts, so 10,000 members
// take seconds, not minutes.
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { hashPassword } from '../credentials/passwords';
import type { DB } from '../db/schema';
import { seedContent } from './content';
import { seedPrayers } from './prayers';
import { seedFunds } from './funds';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './accounts';
import { ensureMinistries } from './ministries';
import { seedMembers } from './members';
import { seedBranches } from './branches';
import { seedServices } from './services';
import { seedAttendance } from './attendance';

/**
 * Where the sample sermons and events are read from: the repository's src/server/seed/demo, found from the working
 * directory (npm scripts, the bundled server in dist/server and the tests all run from the repository root).
 */
export const CONTENT_DIR = resolve('src', 'server', 'seed', 'demo');

export interface SeedResult {
  demo: number;
  members: number;
  /** Sample sermons and events added (those already there are left alone). */
  sermons: number;
  events: number;
  /** Sample prayer requests added (./prayers.ts). */
  prayers: number;
}

export async function seed(
  db: Kysely<DB>,
  config: ServerConfig,
  opts: { members?: number; contentDir?: string } = {},
): Promise<SeedResult> {
  const wanted = Math.max(0, Math.min(100_000, Math.floor(opts.members ?? 20)));
  const hash = await hashPassword(DEMO_PASSWORD, config.argon2);
  const now = Date.now();
  const ministryIds = await ensureMinistries(db);
  const branchOf = await seedBranches(db, now);
  const serviceIds = await seedServices(db, now);

  await seedDemoAccounts(db, hash, now);

  const added = await seedMembers(db, wanted, hash, now, ministryIds, branchOf);
  const content = await seedContent(db, opts.contentDir ?? CONTENT_DIR, now);
  const prayers = await seedPrayers(db, opts.contentDir ?? CONTENT_DIR, now);
  await seedFunds(db, now);
  // The full demo only (as `npm start` seeds): the tests' small databases start with no attendance.
  if (wanted >= 20) await seedAttendance(db, serviceIds, now);
  return { demo: DEMO_ACCOUNTS.length, members: added, ...content, prayers };
}

/**
 * npm start on an empty database (outside production) creates the demo accounts and sample members; on a
 * database that has users but neither sermons nor events yet (one made before they moved into it), the samples;
 * and on one without any prayer request, the sample requests.
 */
export async function seedIfEmpty(db: Kysely<DB>, config: ServerConfig): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!any) {
    await seed(db, config);
    return true;
  }
  const [sermon, event, prayer] = await Promise.all([
    db.selectFrom('sermons').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('events').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('prayer_requests').select('id').limit(1).executeTakeFirst(),
  ]);
  // A database made before prayer requests were stored gets the sample requests once, on its first start.
  const seededPrayers = !prayer && (await seedPrayers(db, CONTENT_DIR, Date.now())) > 0;
  // A database made before giving gets the demo funds once.
  const fund = await db.selectFrom('funds').select('id').limit(1).executeTakeFirst();
  if (!fund) await seedFunds(db, Date.now());
  if (sermon || event) return seededPrayers;
  await seedContent(db, CONTENT_DIR, Date.now());
  return true;
}
