// Demo accounts of README.md, sample members, and the sample sermons and events (./content.ts). Idempotent:
// demo accounts are (re)set to their documented state; sample members are added up to the requested count;
// sermons and events whose ids are missing are added, the others left as staff left them. Every seeded
// account shares one password hash computed once, and members go in by multi-row inserts, so 10,000 members
// take seconds, not minutes.
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Role } from '../../lib/shared/permissions';
import { newUserRow } from '../users/new-user';
import type { ServerConfig } from '../config';
import { hashPassword } from '../credentials/passwords';
import { iso } from '../db/time';
import type { DB } from '../db/schema';
import { seedContent } from './content';
import { seedPrayers } from './prayers';
import { seedFunds } from './funds';
import { seedBranches } from './branches';
import { inChunks } from '../db/batch';

/**
 * Where the sample sermons and events are read from: the repository's src/server/seed/demo, found from the working
 * directory (npm scripts, the bundled server in dist/server and the tests all run from the repository root).
 */
export const CONTENT_DIR = resolve('src', 'server', 'seed', 'demo');

export const DEMO_PASSWORD = 'Demo1234!';

/** A demo account's email address (the one `/my` sends its sign-in code to). */
export const demoEmail = (username: string) => `${username}@gracechapel.example.org`;

interface Demo {
  username: string;
  role: Role;
  can_access_web: boolean;
  is_suspended: boolean;
  first_name: string;
  last_name: string;
  /** SMS notifications on (with consent dated at seeding), so a broadcast by SMS has someone to reach. */
  sms?: boolean;
}

export const DEMO_ACCOUNTS: Demo[] = [
  {
    username: 'superadmin',
    role: 'SUPERADMIN',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Kwame',
    last_name: 'Mensah',
  },
  {
    username: 'admin',
    role: 'ADMIN',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Ama',
    last_name: 'Owusu',
  },
  {
    username: 'pastor',
    role: 'PASTOR',
    can_access_web: true,
    is_suspended: false,
    first_name: 'Samuel',
    last_name: 'Boateng',
  },
  {
    username: 'member',
    role: 'MEMBER',
    can_access_web: false,
    is_suspended: false,
    first_name: 'Akosua',
    last_name: 'Addo',
    sms: true,
  },
  {
    username: 'staffnoweb',
    role: 'ADMIN',
    can_access_web: false,
    is_suspended: false,
    first_name: 'Kofi',
    last_name: 'Darko',
  },
  {
    username: 'suspended',
    role: 'MEMBER',
    can_access_web: false,
    is_suspended: true,
    first_name: 'Yaw',
    last_name: 'Appiah',
  },
];

const MINISTRIES = ['Choir', 'Youth Ministry', 'Ushering', "Children's Ministry", 'Prayer Team', 'Media Team'];
/** What /ministries shows of each sample ministry: description, meeting day, time and place. */
const MINISTRY_DETAILS: Record<string, [string, string, string, string]> = {
  Choir: [
    'We lead the congregation in worship every Sunday and sing at special services.',
    'Thursday',
    '18:30',
    'Main auditorium',
  ],
  'Youth Ministry': [
    'Young people aged 13 to 30 growing in faith, friendship and service.',
    'Saturday',
    '16:00',
    'Youth centre',
  ],
  Ushering: [
    'We welcome everyone at the door, guide them to a seat and keep services running smoothly.',
    'Sunday',
    '08:00',
    'Church entrance',
  ],
  "Children's Ministry": [
    'Bible stories, songs and care for children up to 12 during the Sunday service.',
    'Sunday',
    '09:00',
    "Children's hall",
  ],
  'Prayer Team': [
    'We pray for the church, the city and every request that reaches us.',
    'Wednesday',
    '06:00',
    'Prayer room',
  ],
  'Media Team': ['Sound, projection, livestream and photography for every service.', 'Friday', '17:30', 'Media booth'],
};
const FIRST = [
  'Abena',
  'Kojo',
  'Efua',
  'Kwesi',
  'Adwoa',
  'Yaa',
  'Kweku',
  'Esi',
  'Fiifi',
  'Akua',
  'Nana',
  'Afia',
  'Kwabena',
  'Ekow',
  'Maame',
  'Selasi',
  'Dela',
  'Elikem',
  'Naa',
  'Nii',
];
const LAST = [
  'Asante',
  'Osei',
  'Agyeman',
  'Ofori',
  'Quaye',
  'Tetteh',
  'Annan',
  'Bonsu',
  'Amoah',
  'Frimpong',
  'Acheampong',
  'Sarpong',
  'Nkrumah',
  'Lamptey',
  'Adjei',
  'Kuffour',
  'Badu',
  'Danquah',
  'Gyamfi',
  'Ansah',
];
const RELATIONS = ['Spouse', 'Son', 'Daughter', 'Mother', 'Father', 'Sibling'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Every fifth sample member (1, 6, 11, …) wants SMS: the demo shows SMS broadcasts reaching someone. */
const wantsSms = (n: number) => n % 5 === 1;

async function ensureMinistries(db: Kysely<DB>): Promise<number[]> {
  for (const name of MINISTRIES) {
    await db
      .insertInto('ministries')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  // Details only where staff have written none, so a second seed never undoes their edits.
  for (const [name, [description, meeting_day, meeting_time, meeting_place]] of Object.entries(MINISTRY_DETAILS)) {
    await db
      .updateTable('ministries')
      .set({ description, meeting_day, meeting_time, meeting_place })
      .where('name', '=', name)
      .where('description', '=', '')
      .execute();
  }
  const rows = await db.selectFrom('ministries').select(['id', 'name']).where('name', 'in', MINISTRIES).execute();
  return MINISTRIES.map((n) => Number(rows.find((r) => r.name === n)!.id));
}

/** The sample member number n's username: member0001 … member9999, then member10000 and on. */
const memberUsername = (n: number) => `member${pad(n, 4)}`;

/**
 * Adds the sample members 1..wanted that are missing, with their ministries and families, in one transaction
 * of multi-row inserts (inChunks): 10,000 members take about a second on either database.
 */
async function seedMembers(
  db: Kysely<DB>,
  wanted: number,
  hash: string,
  now: number,
  ministryIds: number[],
  branchOf: (n: number) => number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const have = await trx.selectFrom('users').select('username').where('username', 'like', 'member%').execute();
    const existing = new Set(have.map((r) => r.username));
    const missing: number[] = [];
    for (let n = 1; n <= wanted; n++) if (!existing.has(memberUsername(n))) missing.push(n);
    if (!missing.length) return 0;

    // Spread join dates over the last 18 months so the stats have a history.
    const joinedAt = (n: number) => now - ((n * 7919) % 540) * 86_400_000;
    const lastName = (n: number) => LAST[Math.floor(n / FIRST.length) % LAST.length];
    const users = missing.map((n) =>
      newUserRow({
        username: memberUsername(n),
        email: `${memberUsername(n)}@gracechapel.example.org`,
        password_hash: hash,
        first_name: FIRST[n % FIRST.length],
        last_name: lastName(n),
        phone_number: `+2332${pad(n, 8)}`,
        sms_notifications: wantsSms(n),
        sms_consent_at: wantsSms(n) ? iso(now) : null,
        address: `${(n % 90) + 1} Independence Avenue, Accra`,
        date_of_birth: `19${pad(60 + (n % 40))}-${pad((n % 12) + 1)}-${pad((n % 27) + 1)}`,
        member_since: `20${pad(10 + (n % 15))}-${pad((n % 12) + 1)}-01`,
        baptism_date: n % 3 === 0 ? `20${pad(10 + (n % 15))}-${pad((n % 12) + 1)}-20` : null,
        role: 'MEMBER',
        is_active: n % 17 !== 0,
        is_suspended: n % 23 === 0,
        suspension_reason: n % 23 === 0 ? 'Sample suspension' : null,
        can_access_web: false,
        date_joined: iso(joinedAt(n)),
        branch_id: branchOf(n),
      }),
    );
    for (const chunk of inChunks(users)) await trx.insertInto('users').values(chunk).execute();

    // The new ids by username: neither database promises RETURNING rows in VALUES order.
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'like', 'member%')
      .execute();
    const idOf = new Map(rows.map((r) => [r.username, Number(r.id)]));
    const memberships = missing
      .filter((n) => n % 2 === 0)
      .map((n) => ({
        user_id: idOf.get(memberUsername(n))!,
        ministry_id: ministryIds[n % ministryIds.length],
        role: n % 10 === 0 ? 'Leader' : 'Member',
        joined_date: iso(joinedAt(n)).slice(0, 10),
      }));
    for (const chunk of inChunks(memberships)) await trx.insertInto('ministry_memberships').values(chunk).execute();
    // Every third member heads a household with one person without an account; the first few share it with the
    // next member (an account), so households show both kinds.
    const heads = missing.filter((n) => n % 3 === 0);
    const stamp = iso(now);
    const households = heads.map((n) => ({
      name: `${lastName(n)} household`,
      address: `${(n % 90) + 1} Independence Avenue, Accra`,
      head_user_id: idOf.get(memberUsername(n))!,
      created_at: stamp,
      branch_id: branchOf(n),
    }));
    for (const chunk of inChunks(households)) await trx.insertInto('households').values(chunk).execute();
    const headIds = households.map((h) => h.head_user_id);
    const made = new Map<number, number>();
    for (let i = 0; i < headIds.length; i += 5000) {
      const chunk = headIds.slice(i, i + 5000);
      const rows = await trx
        .selectFrom('households')
        .select(['id', 'head_user_id'])
        .where('head_user_id', 'in', chunk)
        .execute();
      for (const r of rows) made.set(Number(r.head_user_id), Number(r.id));
      await trx
        .updateTable('users')
        .set((eb) => ({
          household_id: eb.selectFrom('households as h').select('h.id').whereRef('h.head_user_id', '=', 'users.id'),
          household_relationship: 'Head',
        }))
        .where('id', 'in', chunk)
        .execute();
    }
    for (const n of heads.filter((n) => n <= 30 && missing.includes(n + 1))) {
      await trx
        .updateTable('users')
        .set({ household_id: made.get(idOf.get(memberUsername(n))!)!, household_relationship: 'Spouse' })
        .where('id', '=', idOf.get(memberUsername(n + 1))!)
        .execute();
    }
    const people = heads.map((n) => ({
      household_id: made.get(idOf.get(memberUsername(n))!)!,
      name: `${FIRST[(n + 5) % FIRST.length]} ${lastName(n)}`,
      relationship: RELATIONS[n % RELATIONS.length],
      date_of_birth: null,
      created_at: stamp,
    }));
    for (const chunk of inChunks(people)) await trx.insertInto('household_people').values(chunk).execute();
    return missing.length;
  });
}

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

  for (const [i, d] of DEMO_ACCOUNTS.entries()) {
    const fields = {
      email: demoEmail(d.username),
      password_hash: hash,
      first_name: d.first_name,
      last_name: d.last_name,
      role: d.role,
      is_active: true,
      is_suspended: d.is_suspended,
      suspension_reason: d.is_suspended ? 'Demo suspended account' : null,
      can_access_web: d.can_access_web,
    };
    const phone_number = `+23324${pad(i, 7)}`;
    const existing = await db
      .selectFrom('users')
      .select(['id', 'sms_notifications'])
      .where('username', '=', d.username)
      .executeTakeFirst();
    if (existing) {
      // SMS back to the documented state; the consent is dated again only when it is turned back on.
      const sms = d.sms
        ? { phone_number, sms_notifications: true, ...(existing.sms_notifications ? {} : { sms_consent_at: iso(now) }) }
        : { sms_notifications: false };
      await db
        .updateTable('users')
        .set({ ...fields, ...sms })
        .where('id', '=', existing.id)
        .execute();
      continue;
    }
    await db
      .insertInto('users')
      .values(
        newUserRow({
          username: d.username,
          ...fields,
          phone_number,
          sms_notifications: Boolean(d.sms),
          sms_consent_at: d.sms ? iso(now) : null,
          address: 'Accra, Ghana',
          date_of_birth: `19${70 + i * 3}-0${(i % 9) + 1}-15`,
          member_since: `20${17 + (i % 6)}-03-01`,
          date_joined: iso(now),
        }),
      )
      .execute();
  }

  const added = await seedMembers(db, wanted, hash, now, ministryIds, branchOf);
  const content = await seedContent(db, opts.contentDir ?? CONTENT_DIR, now);
  const prayers = await seedPrayers(db, opts.contentDir ?? CONTENT_DIR, now);
  await seedFunds(db, now);
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
