// Reading users with their memberships and family in three queries whatever the list length.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FamilyMember, MinistryMembership, User } from '../../lib/shared/user-types';
import { serializeUser, type UserRow } from './serialize';

export async function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

async function extrasFor(db: Kysely<DB>, ids: number[] | 'all') {
  let mq = db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('ministries as m', 'm.id', 'mm.ministry_id')
    .select(['mm.id', 'mm.user_id', 'm.name as ministry_name', 'mm.role', 'mm.joined_date'])
    .orderBy('mm.joined_date');
  let fq = db.selectFrom('family_members').select(['id', 'user_id', 'name', 'relationship']).orderBy('id');
  if (ids !== 'all') {
    if (!ids.length) return { memberships: new Map(), family: new Map() };
    mq = mq.where('mm.user_id', 'in', ids);
    fq = fq.where('user_id', 'in', ids);
  }
  const [ms, fs] = await Promise.all([mq.execute(), fq.execute()]);
  const memberships = new Map<number, MinistryMembership[]>();
  for (const m of ms) {
    const list = memberships.get(Number(m.user_id)) ?? [];
    list.push({ id: Number(m.id), ministry_name: m.ministry_name, role: m.role, joined_date: m.joined_date });
    memberships.set(Number(m.user_id), list);
  }
  const family = new Map<number, FamilyMember[]>();
  for (const f of fs) {
    const list = family.get(Number(f.user_id)) ?? [];
    list.push({ id: Number(f.id), name: f.name, relationship: f.relationship });
    family.set(Number(f.user_id), list);
  }
  return { memberships, family };
}

export async function serializeRows(
  db: Kysely<DB>,
  rows: UserRow[],
  nowMs: number,
  onlineWindowMs: number,
  all = false,
): Promise<User[]> {
  const { memberships, family } = await extrasFor(db, all ? 'all' : rows.map((r) => Number(r.id)));
  return rows.map((row) =>
    serializeUser(
      row,
      { memberships: memberships.get(Number(row.id)) ?? [], family: family.get(Number(row.id)) ?? [] },
      nowMs,
      onlineWindowMs,
    ),
  );
}

export async function serializeOne(db: Kysely<DB>, row: UserRow, nowMs: number, onlineWindowMs: number) {
  const [user] = await serializeRows(db, [row], nowMs, onlineWindowMs);
  return user;
}
