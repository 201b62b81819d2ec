import { describe, expect, it } from 'vitest';
import {
  accountStatus,
  actionCall,
  actionErrorMessage,
  filterUsers,
  statCards,
  usersLoadErrorMessage,
} from '../../src/islands/admin/features/users/model';
import type { User } from '../../src/lib/shared/users/types';

const u = (id: number, over: Partial<User> = {}) =>
  ({
    id,
    username: `user${id}`,
    email: `user${id}@example.org`,
    first_name: 'Ama',
    last_name: `Mensah${id}`,
    phone_number: null,
    role: 'MEMBER',
    is_active: true,
    is_suspended: false,
    can_access_web: false,
    ...over,
  }) as User;

const users = [
  u(1, { first_name: 'Kofi', last_name: 'Boateng', phone_number: '+233201234567' }),
  u(2, { role: 'PASTOR', is_suspended: true }),
  u(3, { is_active: false, email: 'KWAME@church.org' }),
];

describe('users model', () => {
  it('derives the account status in the spec order', () => {
    expect(accountStatus({ is_active: true, is_suspended: true })).toBe('Suspended');
    expect(accountStatus({ is_active: true, is_suspended: false })).toBe('Active');
    expect(accountStatus({ is_active: false, is_suspended: false })).toBe('Inactive');
  });

  it('searches name, email and phone case-insensitively and ANDs the filters', () => {
    const f = (search: string, role = 'all', status = 'all') =>
      filterUsers(users, { search, role, status } as never).map((x) => x.id);
    expect(f('kofi boa')).toEqual([1]);
    expect(f('kwame@')).toEqual([3]);
    expect(f('20123')).toEqual([1]);
    // A number stored whole is found as staff write it (issue 28, 2).
    expect(f('020 123 4567')).toEqual([1]);
    expect(f('0201234567')).toEqual([1]);
    expect(f('+233 20 123')).toEqual([1]);
    expect(f('', 'PASTOR')).toEqual([2]);
    expect(f('', 'all', 'active')).toEqual([1]);
    expect(f('', 'all', 'inactive')).toEqual([3]);
    expect(f('', 'all', 'suspended')).toEqual([2]);
    expect(f('ama', 'MEMBER', 'suspended')).toEqual([]);
  });

  it('uses the stats call and falls back to the list and the spec numbers', () => {
    const withStats = statCards(
      { total_users: 40, active_users: 30, current_month_users: 5, growth_percentage: 14.3 },
      users,
    );
    expect(withStats.map((c) => c.value)).toEqual([40, 30, 5, 1]);
    expect(withStats[2].hint).toBe('+14.3% growth');
    const fallback = statCards(null, users);
    expect(fallback.map((c) => [c.label, c.value])).toEqual([
      ['Total Users', 3],
      ['Active Users', 1],
      ['New This Month', 12],
      ['Suspended Users', 1],
    ]);
  });

  it('maps each action to its call', () => {
    expect(actionCall('suspend', 7, {})).toEqual({
      path: '/auth/users/7/suspend_user/',
      method: 'POST',
      body: { reason: 'No reason provided' },
    });
    expect(actionCall('suspend', 7, { reason: 'Manual suspension' }).body).toEqual({ reason: 'Manual suspension' });
    expect(actionCall('promote', 7, { role: 'PASTOR' })).toEqual({
      path: '/auth/users/7/promote_role/',
      method: 'POST',
      body: { role: 'PASTOR' },
    });
    expect(actionCall('delete', 7)).toEqual({ path: '/auth/users/7/', method: 'DELETE' });
    expect(actionCall('grant_web_access', 7).path).toBe('/auth/users/7/grant_web_access/');
  });

  it('gives the spec messages for load and action failures', () => {
    expect(usersLoadErrorMessage(new Error(''))).toBe('Failed to load users data');
    expect(usersLoadErrorMessage(new Error('boom'))).toBe('boom');
    expect(actionErrorMessage('suspend', new Error('x'))).toBe('Failed to suspend user');
  });
});
