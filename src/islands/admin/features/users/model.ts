// The users screen's pure logic (docs/PRODUCT.md (Pages and screens, States, Errors, Constants)): derived status, search and filters, the stat
// cards with their fallbacks, the calls behind each action, and the messages for failures and successes.
import { apiErrorInfo } from '../../../../lib/client/api-client';
import { NEW_THIS_MONTH_FALLBACK, NEW_THIS_MONTH_GROWTH_FALLBACK_RATIO } from '../../../../lib/shared/constants';
import { matchesFilter } from '../../../../lib/shared/filters';
import { fullName } from '../../../../lib/shared/format';
import { ROLE_LABELS, USER_ACTIONS, type Role, type ServerAction } from '../../../../lib/shared/permissions';
import { DEFAULT_SUSPEND_REASON } from '../../../../lib/shared/messages';
import { USERS_PATH } from '../../../../lib/shared/users/account';
import type { User, UserStats } from '../../../../lib/shared/users/types';
import { phoneSearchText } from '../../../../lib/shared/phone';

export { accountStatus, type AccountStatus } from '../../../../lib/shared/users/account';

export type StatusFilter = 'all' | 'active' | 'inactive' | 'suspended';
export interface UserFilters {
  search: string;
  role: 'all' | Role;
  status: StatusFilter;
}
export const EMPTY_FILTERS: UserFilters = { search: '', role: 'all', status: 'all' };

/** The lowercased text a search looks in: name, email and phone. Built once per user list. */
export function searchText(user: User): string {
  return `${fullName(user)}\n${user.email ?? ''}\n${phoneSearchText(user.phone_number)}`.toLowerCase();
}

function statusMatches(user: User, status: StatusFilter): boolean {
  switch (status) {
    case 'active':
      return user.is_active && !user.is_suspended;
    case 'inactive':
      return !user.is_active;
    case 'suspended':
      return user.is_suspended;
    default:
      return true;
  }
}

/** Case-insensitive substring search AND role AND status; 'all' means no filter. */
export function filterUsers(users: User[], filters: UserFilters, index?: Map<number, string>): User[] {
  const needle = filters.search.trim().toLowerCase();
  return users.filter(
    (user) =>
      matchesFilter(user.role, filters.role) &&
      statusMatches(user, filters.status) &&
      (!needle || (index?.get(user.id) ?? searchText(user)).includes(needle)),
  );
}

export interface StatCard {
  label: string;
  value: number;
  hint: string;
}

/** The four cards; the stats call's numbers where it gave them, else counts from the list and the spec's fallbacks. */
export function statCards(stats: UserStats | null, users: User[]): StatCard[] {
  const total = stats?.total_users ?? users.length;
  const active = stats?.active_users ?? users.filter((u) => u.is_active && !u.is_suspended).length;
  const newThisMonth = stats?.current_month_users ?? NEW_THIS_MONTH_FALLBACK;
  const growth = stats?.growth_percentage ?? Math.round(total * NEW_THIS_MONTH_GROWTH_FALLBACK_RATIO);
  const suspended = stats?.suspended_users ?? users.filter((u) => u.is_suspended).length;
  return [
    { label: 'Total Users', value: total, hint: 'All accounts' },
    { label: 'Active Users', value: active, hint: total ? `${Math.round((active / total) * 100)}% of all users` : '' },
    { label: 'New This Month', value: newThisMonth, hint: `+${growth}% growth` },
    { label: 'Suspended Users', value: suspended, hint: 'Need review' },
  ];
}

export const USERS_LOAD_MESSAGES = {
  401: 'Authentication expired. Please refresh the page or log in again.',
  403: 'You do not have permission to view users.',
  fallback: 'Failed to load users data',
  notAuthenticated: 'User not authenticated',
} as const;

export function usersLoadErrorMessage(error: unknown): string {
  const { status, detail, message } = apiErrorInfo(error);
  if (status === 401) return USERS_LOAD_MESSAGES[401];
  if (status === 403) return USERS_LOAD_MESSAGES[403];
  return detail || message || USERS_LOAD_MESSAGES.fallback;
}

export type { ServerAction };

export function actionErrorMessage(action: ServerAction, error: unknown): string {
  return apiErrorInfo(error).detail ?? `Failed to ${USER_ACTIONS[action].words} user`;
}

/** The short confirmation toast after an action succeeded. */
export function actionSuccessMessage(action: ServerAction, user: User): string {
  const name = fullName(user);
  switch (action) {
    case 'suspend':
      return `${name} has been suspended`;
    case 'reactivate':
      return `${name} has been reactivated`;
    case 'promote':
      return `${name} is now ${ROLE_LABELS[user.role] ?? user.role}`;
    case 'delete':
      return `${name} has been deleted`;
    case 'grant_web_access':
      return `Web access granted to ${name}`;
    case 'revoke_web_access':
      return `Web access revoked from ${name}`;
    case 'update':
      return `${name} has been updated`;
    case 'create':
      return `${name} has been added`;
  }
}

export interface ActionCall {
  path: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown>;
}

/** The call of docs/PRODUCT.md (API) for an action on one user, from the one action table. */
export function actionCall(
  action: Exclude<ServerAction, 'create'>,
  id: number,
  opts: { reason?: string; role?: Role; changes?: Record<string, unknown> } = {},
): ActionCall {
  const { method, path } = USER_ACTIONS[action];
  const call: ActionCall = { path: `${USERS_PATH}${id}/${path}`, method };
  if (action === 'suspend') call.body = { reason: opts.reason?.trim() || DEFAULT_SUSPEND_REASON };
  if (action === 'promote') call.body = { role: opts.role };
  if (action === 'update') call.body = opts.changes;
  return call;
}
