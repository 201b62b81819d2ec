// Finding a household's children: the household of a phone (the station's lookup, with who is in already), the
// children of a household, and the household a child id names. A child is a household person of relationship child
// or an account under 18 in the household, named by 'p<id>' or 'u<id>'.
import { sql, type Kysely } from 'kysely';
import { CHECKIN_TEXT, adultBornBy, dayOf, type Child, type LookupAnswer } from '../../lib/shared/checkin/api';
import type { DB } from '../db/schema';
import { yearsSince } from '../db/time';
import type { AppDeps, Scope } from '../kernel/context';
import { ApiError } from '../kernel/errors';
import { inScope } from '../kernel/scope';
import type { Caller } from './door';

type Db = Kysely<DB>;
export const childId = (kind: 'p' | 'u', id: number) => `${kind}${id}`;

/** The household person's relationship that makes them a child. */
const isChildRelationship = sql<boolean>`lower(relationship) = 'child'`;

export async function childrenOf(db: Db, householdId: number, nowMs: number) {
  const [people, accounts] = await Promise.all([
    db
      .selectFrom('household_people')
      .select(['id', 'name', 'date_of_birth', 'allergies'])
      .where('household_id', '=', householdId)
      .where(isChildRelationship)
      .orderBy('date_of_birth')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('users')
      .leftJoin('child_accounts', 'child_accounts.user_id', 'users.id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.date_of_birth', 'child_accounts.allergies'])
      .where('users.household_id', '=', householdId)
      .where('users.date_of_birth', '>', adultBornBy(nowMs))
      .orderBy('users.date_of_birth')
      .orderBy('users.id')
      .execute(),
  ]);
  return [
    ...people.map((p) => ({
      id: childId('p', Number(p.id)),
      personId: Number(p.id),
      userId: null,
      name: p.name,
      age: yearsSince(p.date_of_birth, nowMs),
      allergies: p.allergies,
    })),
    ...accounts.map((u) => ({
      id: childId('u', Number(u.id)),
      personId: null,
      userId: Number(u.id),
      name: `${u.first_name} ${u.last_name}`.trim(),
      age: yearsSince(u.date_of_birth, nowMs),
      allergies: u.allergies,
    })),
  ];
}

/**
 * The children's check-ins of a day (in a service, when given; only those not collected, with `open`). Read by
 * person and by account apart, each with the child first in its index: one query with an OR of the two was planned
 * on (service, date), every check-in of the service that day.
 */
export async function checkinsOf(
  db: Db,
  children: { personId: number | null; userId: number | null }[],
  date: string,
  { serviceId, open = false }: { serviceId?: number; open?: boolean },
) {
  const of = (column: 'person_id' | 'user_id', ids: number[]) => {
    let q = db
      .selectFrom('child_checkins')
      .select(['person_id', 'user_id', 'name'])
      .where(column, 'in', ids)
      .where('date', '=', date);
    if (serviceId) q = q.where('service_id', '=', serviceId);
    if (open) q = q.where('collected_at', 'is', null);
    return q.execute();
  };
  const people = children.flatMap((c) => (c.personId ? [c.personId] : []));
  const accounts = children.flatMap((c) => (c.userId ? [c.userId] : []));
  return [
    ...(people.length ? await of('person_id', people) : []),
    ...(accounts.length ? await of('user_id', accounts) : []),
  ];
}

/** The household whose account has this phone (E.164), in the caller's scope. */
async function householdByPhone(db: Db, scope: Scope, phone: string) {
  const q = db
    .selectFrom('users')
    .innerJoin('households', 'households.id', 'users.household_id')
    .select(['households.id', 'households.name'])
    .where('users.phone_number', '=', phone)
    .where('users.is_active', '=', true)
    .orderBy('households.id');
  const row = await inScope(q, scope, 'households.branch_id').executeTakeFirst();
  if (!row) throw new ApiError(404, CHECKIN_TEXT.noHousehold);
  return { id: Number(row.id), name: row.name };
}

/** The household of a phone and its children, each marked if checked in today (in the service, when given). */
export async function lookup(deps: AppDeps, caller: Caller, phone: string, serviceId?: number): Promise<LookupAnswer> {
  const db = deps.database.db;
  const now = deps.now();
  const household = await householdByPhone(db, caller.scope, phone);
  const children = await childrenOf(db, household.id, now);
  const inside = await checkinsOf(db, children, dayOf(now), { serviceId, open: true });
  const isIn = new Set(
    inside.map((r) => (r.person_id ? childId('p', Number(r.person_id)) : childId('u', Number(r.user_id)))),
  );
  return {
    household,
    children: children.map((c): Child => ({
      id: c.id,
      name: c.name,
      age: c.age,
      allergies: c.allergies,
      checkedIn: isIn.has(c.id),
    })),
  };
}

/** The household a child id names (in the scope) and the child, or the 400 of an unknown child. */
export async function householdOfChild(db: Db, scope: Scope, id: string, nowMs: number) {
  const n = Number(id.slice(1));
  const q =
    id[0] === 'p'
      ? db
          .selectFrom('household_people as c')
          .innerJoin('households', 'households.id', 'c.household_id')
          .select('households.id')
          .where('c.id', '=', n)
          .where(sql<boolean>`lower(c.relationship) = 'child'`)
      : db
          .selectFrom('users as c')
          .innerJoin('households', 'households.id', 'c.household_id')
          .select('households.id')
          .where('c.id', '=', n)
          .where('c.date_of_birth', '>', adultBornBy(nowMs));
  const row = await inScope(q, scope, 'households.branch_id').executeTakeFirst();
  if (!row) throw new ApiError(400, CHECKIN_TEXT.unknownChild, { childIds: [CHECKIN_TEXT.unknownChild] });
  return Number(row.id);
}
