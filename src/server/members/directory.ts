// The members' directory (GET /members/directory/, /my/directory): for signed-in members only, the members who
// chose to be listed (users.directory_listed, off by default) and whose account is open; of each only the name,
// the household's name and their ministries, and the phone or address only where they chose to show it.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { fullName } from '../../lib/shared/format';
import type { DirectoryEntry } from '../../lib/shared/members/api';

export async function directory(db: Kysely<DB>): Promise<DirectoryEntry[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('households as h', 'h.id', 'u.household_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone_number',
      'u.address',
      'u.directory_show_phone',
      'u.directory_show_address',
      'h.name as household',
    ])
    .where('u.directory_listed', '=', true)
    .where('u.is_active', '=', true)
    .where('u.is_suspended', '=', false)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  if (!rows.length) return [];
  const memberships = await db
    .selectFrom('ministry_memberships as mm')
    .innerJoin('ministries as m', 'm.id', 'mm.ministry_id')
    .select(['mm.user_id', 'm.name'])
    .where(
      'mm.user_id',
      'in',
      rows.map((r) => Number(r.id)),
    )
    .orderBy('m.name')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: fullName(r),
    household: r.household ?? null,
    ministries: memberships.filter((m) => Number(m.user_id) === Number(r.id)).map((m) => m.name),
    phone: r.directory_show_phone ? r.phone_number : null,
    address: r.directory_show_address ? r.address : null,
  }));
}
