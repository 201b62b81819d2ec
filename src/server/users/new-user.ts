// The row of a new account: what it starts with where whoever creates it (the API, the seed, the
// `user:create` command, the API tests) gives nothing. Web access follows the role unless given.
import type { Insertable } from 'kysely';
import { DEFAULT_NOTIFICATIONS } from '../../lib/shared/constants';
import { STAFF_ROLES } from '../../lib/shared/permissions';
import type { UsersTable } from '../db/schema';

type NewUser = Insertable<UsersTable>;
type Given = Pick<
  NewUser,
  'username' | 'email' | 'password_hash' | 'first_name' | 'last_name' | 'role' | 'date_joined'
>;

export function newUserRow(fields: Given & Partial<NewUser>): NewUser {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Given;
  return {
    phone_number: null,
    address: null,
    date_of_birth: null,
    member_since: null,
    baptism_date: null,
    avatar: null,
    is_active: true,
    is_suspended: false,
    suspension_reason: null,
    can_access_web: STAFF_ROLES.includes(fields.role),
    last_login: null,
    last_seen: null,
    logged_out_at: null,
    token_version: 0,
    ...DEFAULT_NOTIFICATIONS,
    ...given,
  };
}
