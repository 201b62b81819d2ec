import { describe, expect, it } from 'vitest';
import {
  ROLES,
  ROLE_LABELS,
  assignableRoles,
  availableActions,
  canAccessWeb,
  hasRole,
  permittedActions,
} from '../../src/lib/shared/permissions';
import { GIFT_METHODS, GIFT_STATUSES } from '../../src/lib/shared/giving/api';
import { valuesOf } from '../../src/lib/shared/labels';

const user = (id: number, role: 'MEMBER' | 'PASTOR' | 'ADMIN' | 'SUPERADMIN') => ({ id, role });

describe('permissions', () => {
  it('lets nobody manage themselves or an equal', () => {
    expect([...permittedActions(user(1, 'ADMIN'), user(1, 'MEMBER'))]).toEqual(['view']);
    expect([...permittedActions(user(1, 'ADMIN'), user(2, 'ADMIN'))]).toEqual(['view']);
  });
  it('gives an ADMIN delete only on MEMBER and PASTOR targets', () => {
    expect(permittedActions(user(1, 'ADMIN'), user(2, 'PASTOR')).has('delete')).toBe(true);
    expect(permittedActions(user(1, 'SUPERADMIN'), user(2, 'ADMIN')).has('delete')).toBe(true);
  });
  it('gives a PASTOR only suspend and reactivate on members', () => {
    expect([...permittedActions(user(1, 'PASTOR'), user(2, 'MEMBER'))].sort()).toEqual(
      ['edit', 'reactivate', 'suspend', 'view'].sort(),
    );
  });
  it('offers suspend or reactivate by state', () => {
    const a = availableActions(user(1, 'SUPERADMIN'), {
      ...user(2, 'MEMBER'),
      is_suspended: true,
      can_access_web: false,
    });
    expect(a.has('reactivate') && !a.has('suspend') && a.has('grant_web_access') && !a.has('revoke_web_access')).toBe(
      true,
    );
  });
  it('limits assignable roles below the actor', () => {
    expect(assignableRoles(user(1, 'ADMIN'), user(2, 'MEMBER'))).toEqual(['PASTOR']);
    expect(assignableRoles(user(1, 'SUPERADMIN'), user(2, 'MEMBER'))).toEqual(['PASTOR', 'ADMIN', 'SUPERADMIN']);
  });
  it('applies the web-access rule and role check', () => {
    const base = { role: 'PASTOR' as const, can_access_web: true, is_active: true, is_suspended: false };
    expect(canAccessWeb(base)).toBe(true);
    expect(canAccessWeb({ ...base, role: 'MEMBER' })).toBe(false);
    expect(canAccessWeb({ ...base, is_suspended: true })).toBe(false);
    expect(hasRole({ role: 'SUPERADMIN' }, 'ADMIN')).toBe(true);
    expect(hasRole({ role: 'PASTOR' }, 'ADMIN')).toBe(false);
  });
});

describe('values written once, as their labels’ keys (valuesOf)', () => {
  it('lists them in the order written: the roles lowest to highest, each with its words', () => {
    expect(ROLES).toEqual(['MEMBER', 'PASTOR', 'ADMIN', 'SUPERADMIN']);
    expect(ROLES.map((r) => ROLE_LABELS[r])).toEqual(['Member', 'Pastor', 'Administrator', 'Super Administrator']);
    expect(GIFT_STATUSES).toEqual(['pending', 'paid', 'failed', 'flagged', 'refunded']);
    expect(GIFT_METHODS).toEqual(['paystack', 'cash', 'cheque', 'bank', 'mobile_money']);
    expect(valuesOf({ 'not-interested': 'Not interested', new: 'New' })).toEqual(['not-interested', 'new']);
  });
});
