// Every actor role x every target role x every action, checked on the server: the call answers
// success exactly when the users screen would offer it (permissions.ts), and a refused call
// changes nothing at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, assignableRoles, availableActions, type Role, type UserAction } from '../../src/lib/shared/permissions';
import { signAccess } from '../../src/server/credentials/tokens';
import { backends, PNG, snapshot, startApi, type TestApi } from './helpers';

const ACTORS: Role[] = ['SUPERADMIN', 'ADMIN', 'PASTOR'];
type Case = {
  action: UserAction;
  call: (id: number, target: Role) => { method: string; path: string; body?: unknown } | 'upload';
};

const CASES: Case[] = [
  { action: 'view', call: (id) => ({ method: 'GET', path: `/auth/users/${id}/` }) },
  { action: 'edit', call: (id) => ({ method: 'PATCH', path: `/auth/users/${id}/`, body: { first_name: 'Changed' } }) },
  { action: 'edit', call: () => 'upload' },
  {
    action: 'promote',
    call: (id, t) => ({
      method: 'POST',
      path: `/auth/users/${id}/promote_role/`,
      body: { role: ROLES[ROLES.indexOf(t) + 1] },
    }),
  },
  {
    action: 'demote',
    call: (id, t) => ({
      method: 'POST',
      path: `/auth/users/${id}/promote_role/`,
      body: { role: ROLES[ROLES.indexOf(t) - 1] },
    }),
  },
  {
    action: 'suspend',
    call: (id) => ({ method: 'POST', path: `/auth/users/${id}/suspend_user/`, body: { reason: 'Manual suspension' } }),
  },
  { action: 'reactivate', call: (id) => ({ method: 'POST', path: `/auth/users/${id}/reactivate_user/` }) },
  { action: 'grant_web_access', call: (id) => ({ method: 'POST', path: `/auth/users/${id}/grant_web_access/` }) },
  { action: 'revoke_web_access', call: (id) => ({ method: 'POST', path: `/auth/users/${id}/revoke_web_access/` }) },
  { action: 'delete', call: (id) => ({ method: 'DELETE', path: `/auth/users/${id}/` }) },
];

describe.each(backends())('permission matrix on %s', (backend) => {
  let api: TestApi;
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    for (const role of ACTORS) {
      await api.createUser({ username: `actor_${role.toLowerCase()}`, role });
      tokens[role] = await api.tokenFor(`actor_${role.toLowerCase()}`);
    }
  });
  afterAll(() => api?.close());

  let n = 0;
  for (const actor of ACTORS) {
    for (const target of ROLES) {
      for (const { action, call } of CASES) {
        // A target in the state where the action applies (suspended to reactivate, etc.).
        const state = { is_suspended: action === 'reactivate', can_access_web: action === 'revoke_web_access' };
        const shape = call(1, target);
        const newRole = shape !== 'upload' ? (shape.body as { role?: Role } | undefined)?.role : undefined;
        // promote_role also needs the new role to be one the actor may give (assignableRoles).
        const expected =
          availableActions({ id: -1, role: actor }, { id: -2, role: target, ...state }).has(action) &&
          (!newRole || assignableRoles({ id: -1, role: actor }, { id: -2, role: target }).includes(newRole));
        if (
          shape !== 'upload' &&
          shape.body &&
          (shape.body as { role?: string }).role === undefined &&
          'role' in (shape.body as object)
        )
          continue; // no higher/lower role exists
        it(`${actor} ${action}${shape === 'upload' ? ' (avatar)' : ''} on ${target}: ${expected ? 'allowed' : '403'}`, async () => {
          const id = await api.createUser({ username: `t${n++}_${Date.now()}`, role: target, ...state });
          const before = await snapshot(api);
          let status: number;
          if (shape === 'upload') {
            const form = new FormData();
            form.append('avatar', new Blob([PNG]), 'a.png');
            status = (
              await fetch(`${api.url}/api/v1/auth/users/${id}/`, {
                method: 'POST',
                headers: { Authorization: `Bearer ${tokens[actor]}` },
                body: form,
              })
            ).status;
          } else {
            const { method, path, body } = call(id, target) as { method: string; path: string; body?: unknown };
            status = (await api.request(method, path, { token: tokens[actor], body })).status;
          }
          if (expected) {
            expect(status).toBeLessThan(300);
            if (action !== 'view') expect(await snapshot(api)).not.toBe(before);
          } else {
            expect(status).toBe(403);
            expect(await snapshot(api)).toBe(before);
          }
        });
      }
    }
  }

  it('refuses actions that do not apply to the target state (e.g. suspending the suspended) with 403', async () => {
    const id = await api.createUser({
      username: `already_${Date.now()}`,
      role: 'MEMBER',
      is_suspended: true,
      can_access_web: true,
    });
    const before = await snapshot(api);
    for (const path of ['suspend_user', 'grant_web_access']) {
      expect(
        (await api.request('POST', `/auth/users/${id}/${path}/`, { token: tokens.SUPERADMIN, body: {} })).status,
      ).toBe(403);
    }
    expect(await snapshot(api)).toBe(before);
  });

  it('refuses every management call to a MEMBER token (no web access) and to nobody', async () => {
    const memberId = await api.createUser({ username: `plain_${Date.now()}`, role: 'MEMBER' });
    const target = await api.createUser({ username: `victim_${Date.now()}`, role: 'MEMBER' });
    const token = await signAccess(api.config.jwtSecret, { userId: memberId, version: 0 }, 3600, api.clock.now);
    const before = await snapshot(api);
    expect((await api.request('GET', '/auth/users/', { token })).status).toBe(403);
    expect((await api.request('POST', `/auth/users/${target}/suspend_user/`, { token, body: {} })).status).toBe(403);
    expect((await api.request('DELETE', `/auth/users/${target}/`)).status).toBe(401);
    expect(await snapshot(api)).toBe(before);
  });
});
