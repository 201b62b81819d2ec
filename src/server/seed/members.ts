// The sample members: names, contact details, ministries and households, added up to the requested count by
// multi-row inserts in one transaction.
import type { Kysely } from 'kysely';
import { newUserRow } from '../users/new-user';
import { iso } from '../db/time';
import type { DB } from '../db/schema';
import { inChunks } from '../db/batch';

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

/** The sample member number n's username: member0001 … member9999, then member10000 and on. */
const memberUsername = (n: number) => `member${pad(n, 4)}`;

/**
 * Adds the sample members 1..wanted that are missing, with their ministries and families, in one transaction
 * of multi-row inserts (inChunks): 10,000 members take about a second on either database.
 */
export async function seedMembers(
  db: Kysely<DB>,
  wanted: number,
  hash: string,
  now: number,
  ministryIds: number[],
  /** The branch of sample member number n (./branches.ts). */
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
