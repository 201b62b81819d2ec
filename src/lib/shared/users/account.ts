// An account's rules that more than one portal screen reads (the users table, the profile, the prayers screen's
// staff list): where the users live in the API and the status shown for an account.
import type { User } from './types';

/** The users endpoint (docs/PRODUCT.md (API)). */
export const USERS_PATH = '/auth/users/';

export type AccountStatus = 'Active' | 'Inactive' | 'Suspended';

/** Suspended if is_suspended; else Active if is_active; else Inactive. */
export function accountStatus(user: Pick<User, 'is_active' | 'is_suspended'>): AccountStatus {
  if (user.is_suspended) return 'Suspended';
  return user.is_active ? 'Active' : 'Inactive';
}
