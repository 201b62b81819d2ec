// Two app instances against one PostgreSQL share sign-in sessions (a refresh token issued by one is
// rotated by the other, and reuse is caught across them) and the login lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startApi, type TestApi } from './helpers';

const pg = inject('pgUrl');
if (!pg) console.warn('\n!!! PostgreSQL not available: the two-instance PostgreSQL test is SKIPPED !!!\n');

describe.skipIf(!pg)('two app instances on one PostgreSQL', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startApi('postgres');
    // The second instance opens the same database (same schema) with its own pool and process state.
    b = await startApi('postgres', {
      databaseUrl: a.config.databaseUrl,
      env: { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shares sessions: sign in on A, use and rotate on B, reuse detected on A', async () => {
    const session = await a.login('admin');
    expect((await b.request('GET', '/auth/profile/', { token: session.access })).status).toBe(200);
    const rotated = await b.request('POST', '/auth/refresh/', { body: { refresh: session.refresh } });
    expect(rotated.status).toBe(200);
    expect((await a.request('POST', '/auth/refresh/', { body: { refresh: session.refresh } })).status).toBe(401);
    expect((await b.request('POST', '/auth/refresh/', { body: { refresh: rotated.body.refresh } })).status).toBe(401);
    // Logout on one instance kills the session for both.
    const s2 = await b.login('pastor');
    expect((await a.request('POST', '/auth/logout/', { body: { refresh_token: s2.refresh } })).status).toBe(200);
    expect((await b.request('POST', '/auth/refresh/', { body: { refresh: s2.refresh } })).status).toBe(401);
  });

  it('shares the lockout: failures split across instances still lock the username on both', async () => {
    for (let i = 0; i < 5; i++) {
      const api = i % 2 ? a : b;
      expect(
        (await api.request('POST', '/auth/login/', { body: { username: 'superadmin', password: 'wrong-one' } })).status,
      ).toBe(401);
    }
    expect(
      (await a.request('POST', '/auth/login/', { body: { username: 'superadmin', password: 'Demo1234!' } })).status,
    ).toBe(423);
    expect(
      (await b.request('POST', '/auth/login/', { body: { username: 'superadmin', password: 'Demo1234!' } })).status,
    ).toBe(423);
  });

  it('answers one user-management change consistently on both', async () => {
    const admin = await a.tokenFor('admin');
    const id = await a.createUser({ username: 'shared_target', role: 'MEMBER' });
    expect(
      (await b.request('POST', `/auth/users/${id}/suspend_user/`, { token: admin, body: { reason: 'x' } })).status,
    ).toBe(200);
    expect((await a.request('GET', `/auth/users/${id}/`, { token: admin })).body.is_suspended).toBe(true);
    // The second suspend is refused whichever instance receives it.
    expect((await a.request('POST', `/auth/users/${id}/suspend_user/`, { token: admin, body: {} })).status).toBe(403);
  });
});
