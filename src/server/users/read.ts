// Users as the API answers them (docs/API.md, User management): with their ministry memberships and family (their
// household, then any rows left in the older family_members table), and until when such an answer holds without a
// write (./cached-answers.ts keeps it that long).
import type { Kysely } from 'kysely';
import type { FamilyMember, MinistryMembership, User } from '../../lib/shared/users/types';
import type { AppDeps, Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';
import type { DB } from '../db/schema';
import { compiledOnce } from '../db/compiled';
import { ApiError, DETAIL } from '../kernel/errors';
import { isOnline, toUserAnswer } from './answers';
import type { UserRow } from '../kernel/context';
import { nextMidnight } from './cached-answers';
import { findUserById } from '../credentials/accounts';
import { fullName } from '../../lib/shared/format';
import { branchNames } from '../branches/service';
import { branchHistories } from '../branches/transfers';

// The profile loads its memberships and family on every read: those queries are compiled once (../db/compiled.ts).

// ---- Users as the API answers them ----

const membershipsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('ministries as m', 'm.id', 'mm.ministry_id')
    .select(['mm.id', 'mm.user_id', 'm.name as ministry_name', 'mm.role', 'mm.joined_date'])
    .orderBy('mm.joined_date');
const familyQuery = (db: Kysely<DB>) =>
  db.selectFrom('family_members').select(['id', 'user_id', 'name', 'relationship']).orderBy('id');
const membershipsOf = compiledOnce((db) => membershipsQuery(db).where('mm.user_id', '=', 0));
const familyOf = compiledOnce((db) => familyQuery(db).where('user_id', '=', 0));

/**
 * The other people of each household among these users' (households/): its accounts, then its people without
 * one, in the answer's family shape (an account's id is its user id, a person's their own).
 */
async function householdFamily(db: Kysely<DB>, rows: UserRow[], whose: number | 'all') {
  const family = new Map<number, FamilyMember[]>();
  const ids = [...new Set(rows.flatMap((r) => (r.household_id === null ? [] : [Number(r.household_id)])))];
  if (!ids.length) return family;
  const some = whose !== 'all';
  const [members, people] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'household_id', 'first_name', 'last_name', 'username', 'household_relationship'])
      .where('household_id', 'is not', null)
      .$if(some, (q) => q.where('household_id', 'in', ids))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('household_people')
      .selectAll()
      .$if(some, (q) => q.where('household_id', 'in', ids))
      .orderBy('id')
      .execute(),
  ]);
  const byHousehold = new Map<number, { userId: number | null; person: FamilyMember }[]>();
  const add = (household: number, userId: number | null, person: FamilyMember) =>
    byHousehold.set(household, [...(byHousehold.get(household) ?? []), { userId, person }]);
  for (const m of members) {
    const person = { id: Number(m.id), name: fullName(m), relationship: m.household_relationship ?? 'Member' };
    add(Number(m.household_id), Number(m.id), person);
  }
  for (const p of people)
    add(Number(p.household_id), null, { id: Number(p.id), name: p.name, relationship: p.relationship });
  for (const row of rows) {
    if (row.household_id === null) continue;
    const others = (byHousehold.get(Number(row.household_id)) ?? []).filter((o) => o.userId !== Number(row.id));
    family.set(
      Number(row.id),
      others.map((o) => o.person),
    );
  }
  return family;
}

/**
 * Memberships and family of one user or of everyone. Family is the user's household (householdFamily), then any
 * rows left in the older per-user family_members table (migration 0011 moved them all into households).
 */
async function extrasFor(db: Kysely<DB>, rows: UserRow[], id: number | 'all') {
  const [ms, fs, household] = await Promise.all([
    id === 'all' ? membershipsQuery(db).execute() : membershipsOf(db, [id]),
    id === 'all' ? familyQuery(db).execute() : familyOf(db, [id]),
    householdFamily(db, rows, id),
  ]);
  const memberships = new Map<number, MinistryMembership[]>();
  for (const m of ms) {
    const list = memberships.get(Number(m.user_id)) ?? [];
    list.push({ id: Number(m.id), ministry_name: m.ministry_name, role: m.role, joined_date: m.joined_date });
    memberships.set(Number(m.user_id), list);
  }
  const family = household;
  for (const f of fs) {
    const list = family.get(Number(f.user_id)) ?? [];
    list.push({ id: Number(f.id), name: f.name, relationship: f.relationship });
    family.set(Number(f.user_id), list);
  }
  return { memberships, family };
}

/** `rows` are the one user `whose` names, or everyone. */
async function presentUsers(deps: AppDeps, rows: UserRow[], whose: number | 'all'): Promise<User[]> {
  const [{ memberships, family }, branches, stays] = await Promise.all([
    extrasFor(deps.database.db, rows, whose),
    branchNames(
      deps.database.db,
      rows.map((row) => Number(row.branch_id)),
    ),
    branchHistories(deps.database.db, whose === 'all' ? 'all' : [whose]),
  ]);
  return rows.map((row) =>
    toUserAnswer(
      row,
      {
        memberships: memberships.get(Number(row.id)) ?? [],
        family: family.get(Number(row.id)) ?? [],
        branchName: branches.get(Number(row.branch_id)) ?? '',
        history: stays.get(Number(row.id)) ?? [],
      },
      deps.now(),
      deps.config.onlineWindowMs,
    ),
  );
}

export async function presentUser(deps: AppDeps, row: UserRow): Promise<User> {
  const [user] = await presentUsers(deps, [row], Number(row.id));
  return user;
}

/** The user as now stored, after a change. */
export async function presentUserById(deps: AppDeps, id: number): Promise<User> {
  return presentUser(deps, await loadUser(deps, id));
}

export async function listUsers(deps: AppDeps, scope: Scope): Promise<User[]> {
  return (await listUsersUntil(deps, scope)).value;
}

/** Every user, and until when that answer holds without a write: the next moment someone stops being online, or
 * the next UTC midnight (ages and years as a member). */
export async function listUsersUntil(deps: AppDeps, scope: Scope): Promise<{ value: User[]; validUntil: number }> {
  const now = deps.now();
  const rows = await inScope(deps.database.db.selectFrom('users').selectAll(), scope, 'branch_id')
    .orderBy('id')
    .execute();
  let validUntil = nextMidnight(now);
  for (const row of rows) validUntil = Math.min(validUntil, answerHoldsUntil(deps, row, now));
  return { value: await presentUsers(deps, rows, 'all'), validUntil };
}

/** Until when a user's answer holds without a write: the moment they stop being online, or the next UTC
 * midnight (their age and years as a member). */
export function answerHoldsUntil(deps: AppDeps, row: UserRow, now: number): number {
  if (!isOnline(row, now, deps.config.onlineWindowMs)) return nextMidnight(now);
  return Math.min(nextMidnight(now), Date.parse(row.last_seen!) + deps.config.onlineWindowMs + 1);
}

export async function loadUser(deps: AppDeps, id: number): Promise<UserRow> {
  const user = await findUserById(deps.database.db, id);
  if (!user) throw new ApiError(404, DETAIL.userNotFound);
  return user;
}
