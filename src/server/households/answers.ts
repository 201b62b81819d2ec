// A household as the API answers it: its head by name, its member accounts (the head first) and its people.
import type { Selectable } from 'kysely';
import type { HouseholdPeopleTable, HouseholdsTable } from '../db/schema';
import type { Household } from '../../lib/shared/households/api';
import { fullName } from '../../lib/shared/format';
import { isChildAccount } from '../../lib/shared/checkin/api';

export type HouseholdRow = Selectable<HouseholdsTable>;
export type PersonRow = Selectable<HouseholdPeopleTable>;
export interface MemberRow {
  id: number;
  household_id: number | null;
  first_name: string;
  last_name: string;
  username: string;
  household_relationship: string | null;
  date_of_birth: string | null;
  /** A child account's (child_accounts), null when none are kept. */
  allergies: string | null;
  notes: string | null;
}

/** An account's relationship when none was given (one who joined before relationships were kept). */
const MEMBER = 'Member';

export function toHouseholdAnswer(
  row: HouseholdRow,
  members: MemberRow[],
  people: PersonRow[],
  nowMs: number,
): Household {
  const headId = row.head_user_id === null ? null : Number(row.head_user_id);
  const head = members.find((m) => Number(m.id) === headId);
  const ordered = [...members].sort(
    (a, b) => Number(Number(b.id) === headId) - Number(Number(a.id) === headId) || Number(a.id) - Number(b.id),
  );
  return {
    id: Number(row.id),
    name: row.name,
    address: row.address,
    head: head ? { id: Number(head.id), name: fullName(head) } : null,
    branchId: Number(row.branch_id),
    people: [
      ...ordered.map((m) => ({
        kind: 'member' as const,
        userId: Number(m.id),
        name: fullName(m),
        relationship: m.household_relationship ?? MEMBER,
        // A child account carries a child's allergies and notes, as a household person does.
        ...(isChildAccount(m.date_of_birth, nowMs) && { child: true as const, allergies: m.allergies, notes: m.notes }),
      })),
      ...[...people]
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((p) => ({
          kind: 'person' as const,
          id: Number(p.id),
          name: p.name,
          relationship: p.relationship,
          date_of_birth: p.date_of_birth,
          allergies: p.allergies,
          notes: p.notes,
        })),
    ],
  };
}

/** A household as its own member sees it: staff's notes about a child are staff's (and the stations') only. */
export function forMember<H extends Household | null | undefined>(household: H): H {
  if (!household) return household;
  return {
    ...household,
    people: household.people.map((p) => {
      const { notes: _notes, ...rest } = p;
      return rest;
    }),
  };
}
