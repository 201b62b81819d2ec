import { describe, expect, it } from 'vitest';
import { gateDecision, insufficientPermissions } from '../../src/islands/admin/gate';
import { isNavActive, NAV_ITEMS } from '../../src/islands/admin/layout/nav';
import type { User } from '../../src/lib/shared/users/types';

const [dashboard, users] = NAV_ITEMS;
const staff = (over: Partial<User> = {}) =>
  ({
    id: 1,
    username: 'p',
    role: 'PASTOR',
    can_access_web: true,
    is_active: true,
    is_suspended: false,
    ...over,
  }) as User;

describe('sidebar active rule', () => {
  it('marks Dashboard only on the index and /dashboard', () => {
    expect(isNavActive(dashboard, '/')).toBe(true);
    expect(isNavActive(dashboard, '/dashboard')).toBe(true);
    expect(isNavActive(dashboard, '/users')).toBe(false);
  });
  it('marks the others by path prefix, not by a longer name', () => {
    expect(isNavActive(users, '/users')).toBe(true);
    expect(isNavActive(users, '/users/12')).toBe(true);
    expect(isNavActive(users, '/usersx')).toBe(false);
  });
});

describe('session gate', () => {
  it('decides each state of docs/PRODUCT.md (States)', () => {
    expect(gateDecision({ status: 'loading', user: null })).toBe('loading');
    expect(gateDecision({ status: 'unauthenticated', user: null })).toBe('login');
    expect(gateDecision({ status: 'error', user: null, message: 'x' })).toBe('error');
    expect(gateDecision({ status: 'denied', user: null })).toBe('access-denied');
    expect(gateDecision({ status: 'authenticated', user: staff({ can_access_web: false }) })).toBe('access-denied');
    expect(gateDecision({ status: 'authenticated', user: staff({ is_suspended: true }) })).toBe('access-denied');
    expect(gateDecision({ status: 'authenticated', user: staff({ role: 'MEMBER' }) })).toBe('access-denied');
    expect(gateDecision({ status: 'authenticated', user: staff() }, 'ADMIN')).toBe('insufficient');
    expect(gateDecision({ status: 'authenticated', user: staff({ role: 'SUPERADMIN' }) }, 'ADMIN')).toBe('allowed');
    expect(gateDecision({ status: 'authenticated', user: staff() })).toBe('allowed');
  });
  it('names the required role in the denial', () => {
    expect(insufficientPermissions('ADMIN').text).toBe('You need Administrator role to access this page.');
  });
});
