// The sidebar's items (docs/PRODUCT.md (Pages and screens)) and the active rule: Dashboard by exact match on /admin
// (its index, which also answers as /admin/dashboard), the others by path prefix. An item with `allowed` shows
// only to the roles it lets in (permissions.ts), the others to all staff.
import {
  canFollowUpFirstTimers,
  canHandleRemoval,
  canManageBranches,
  canCountAttendance,
  canSeeGiving,
  canSeeOutbox,
  type Role,
} from '../../../lib/shared/permissions';

export interface NavItem {
  label: string;
  /** Path inside the /admin router base. */
  path: string;
  icon: 'dashboard' | 'users' | 'sermons' | 'prayers' | 'events' | 'giving' | 'analytics' | 'mail' | 'settings';
  /** A count shown beside the label (the unread messages). */
  badge?: 'unread-messages';
  allowed?: (actor: { role: Role }) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/', icon: 'dashboard' },
  { label: 'Users', path: '/users', icon: 'users' },
  { label: 'Sermons', path: '/sermons', icon: 'sermons' },
  { label: 'Prayers', path: '/prayers', icon: 'prayers' },
  { label: 'Events', path: '/events', icon: 'events' },
  { label: 'Households', path: '/households', icon: 'users' },
  { label: 'Ministries', path: '/ministries', icon: 'users' },
  { label: 'First-timers', path: '/first-timers', icon: 'users', allowed: canFollowUpFirstTimers },
  { label: 'Children’s check-in', path: '/checkin', icon: 'users' },
  { label: 'Services', path: '/services', icon: 'events' },
  { label: 'Attendance', path: '/attendance', icon: 'analytics' },
  { label: 'Absentees', path: '/absentees', icon: 'users', allowed: canCountAttendance },
  { label: 'Messages', path: '/messages', icon: 'mail', badge: 'unread-messages' },
  { label: 'Giving', path: '/giving', icon: 'giving', allowed: canSeeGiving },
  { label: 'Outbox', path: '/outbox', icon: 'mail', allowed: canSeeOutbox },
  { label: 'Branches', path: '/branches', icon: 'users', allowed: canManageBranches },
  { label: 'Removal requests', path: '/removals', icon: 'users', allowed: canHandleRemoval },
  { label: 'Analytics', path: '/analytics', icon: 'analytics' },
  { label: 'Settings', path: '/settings', icon: 'settings' },
];

/** The items a signed-in staff member sees (none of the restricted ones before the session is known). */
export function navItemsFor(role: Role | null): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.allowed || (role !== null && item.allowed({ role })));
}

/** `location` is the router's path inside /admin ("/", "/users/12", ...). */
export function isNavActive(item: NavItem, location: string): boolean {
  const path = location.replace(/\/+$/, '') || '/';
  if (item.path === '/') return path === '/' || path === '/dashboard';
  return path === item.path || path.startsWith(`${item.path}/`);
}
