// The user list and stats as kept answers (src/server/users/cached-answers.ts): an ETag and 304, every kind of
// write (through the API, and straight into the database as the CLI or another instance would) changes the
// answer at once, paging with X-Total-Count, and on two PostgreSQL instances a write on one is on the other.
// The same for the signed-in user and their profile (src/server/users/signed-in.ts): a change is seen by the
// next request, and a token whose user lost access or was deleted is refused at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';
import type { User } from '../../src/lib/shared/users/types';

describe.each(backends())('user list and stats kept on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 3 });
    admin = (await api.login('superadmin')).access;
  });
  afterAll(() => api?.close());

  const list = (headers: Record<string, string> = {}) => api.request('GET', '/auth/users/', { token: admin, headers });
  const stats = (headers: Record<string, string> = {}) =>
    api.request('GET', '/auth/users/stats/', { token: admin, headers });

  it('answers an ETag, and 304 with no body to a caller that has it', async () => {
    for (const call of [list, stats]) {
      const first = await call();
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[a-z]+-[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');
      const again = await call({ 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
      expect((await call({ 'If-None-Match': '"users-old"' })).status).toBe(200);
    }
  });

  it('changes the answer with every kind of write, at once', async () => {
    const seen = async () => {
      const res = await list();
      return { etag: res.headers.get('etag')!, users: res.body as User[] };
    };
    let before = await seen();
    const changed = async (write: () => Promise<unknown>, check: (users: typeof before.users) => boolean) => {
      await write();
      const after = await seen();
      expect(after.etag).not.toBe(before.etag);
      expect(check(after.users)).toBe(true);
      before = after;
    };
    let id = 0;
    await changed(
      async () => (id = await api.createUser({ username: 'kept1', role: 'MEMBER' })),
      (users) => users.some((u) => u.username === 'kept1'),
    );
    await changed(
      () => api.request('PATCH', `/auth/users/${id}/`, { token: admin, body: { first_name: 'Abena' } }),
      (users) => users.find((u) => u.id === id)!.first_name === 'Abena',
    );
    await changed(
      () => api.request('POST', `/auth/users/${id}/promote_role/`, { token: admin, body: { role: 'PASTOR' } }),
      (users) => users.find((u) => u.id === id)!.role === 'PASTOR',
    );
    await changed(
      () => api.request('POST', `/auth/users/${id}/suspend_user/`, { token: admin, body: {} }),
      (users) => users.find((u) => u.id === id)!.is_suspended === true,
    );
    await changed(
      () => api.request('PATCH', '/auth/profile/', { token: admin, body: { last_name: 'Mensah-Kept' } }),
      (users) => users.some((u) => u.username === 'superadmin' && u.last_name === 'Mensah-Kept'),
    );
    // A write the API did not make (the CLI, another instance) is seen as well.
    await changed(
      () => api.database.db.updateTable('users').set({ first_name: 'Esi' }).where('id', '=', id).execute(),
      (users) => users.find((u) => u.id === id)!.first_name === 'Esi',
    );
    await changed(
      () => api.request('DELETE', `/auth/users/${id}/`, { token: admin }),
      (users) => !users.some((u) => u.id === id),
    );
  });

  it('keeps the stats in step with the users', async () => {
    const before = (await stats()).body.total_users;
    await api.createUser({ username: 'kept2', role: 'MEMBER' });
    expect((await stats()).body.total_users).toBe(before + 1);
  });

  it('keeps the signed-in user and their profile in step with every kind of write', async () => {
    const id = await api.createUser({ username: 'kept3', role: 'PASTOR' });
    const token = (await api.login('kept3')).access;
    const profile = async () => {
      const res = await api.request('GET', '/auth/profile/', { token });
      expect(res.status).toBe(200);
      return res.body as User;
    };
    expect((await profile()).first_name).toBe((await profile()).first_name);
    await api.request('PATCH', '/auth/profile/', { token, body: { first_name: 'Akosua' } });
    expect((await profile()).first_name).toBe('Akosua');
    const { db } = api.database;
    await db.updateTable('users').set({ last_name: 'Boateng' }).where('id', '=', id).execute();
    expect((await profile()).last_name).toBe('Boateng');
    await db.insertInto('family_members').values({ user_id: id, name: 'Yaw Boateng', relationship: 'Son' }).execute();
    expect((await profile()).family_members.map((f) => f.name)).toEqual(['Yaw Boateng']);
    const ministry = await db.selectFrom('ministries').select('id').executeTakeFirstOrThrow();
    await db.deleteFrom('ministry_memberships').where('user_id', '=', id).execute();
    await db
      .insertInto('ministry_memberships')
      .values({ user_id: id, ministry_id: ministry.id, role: 'Member', joined_date: '2026-01-04' })
      .execute();
    expect((await profile()).ministry_memberships).toHaveLength(1);
    await db.updateTable('ministries').set({ name: 'Choir of the kept' }).where('id', '=', ministry.id).execute();
    expect((await profile()).ministry_memberships[0].ministry_name).toBe('Choir of the kept');
    // Access taken away, then the account deleted: the very next request is refused.
    await db.updateTable('users').set({ can_access_web: false }).where('id', '=', id).execute();
    expect((await api.request('GET', '/auth/profile/', { token })).status).toBe(403);
    await db.updateTable('users').set({ can_access_web: true }).where('id', '=', id).execute();
    expect((await api.request('GET', '/auth/profile/', { token })).status).toBe(200);
    await api.request('DELETE', `/auth/users/${id}/`, { token: admin });
    expect((await api.request('GET', '/auth/profile/', { token })).status).toBe(401);
  });

  it('pages the list with limit and offset, and says the total', async () => {
    const all = (await list()).body as { id: number }[];
    const page = await api.request('GET', '/auth/users/?limit=2&offset=1', { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.map((u: { id: number }) => u.id)).toEqual(all.slice(1, 3).map((u) => u.id));
    expect(page.headers.get('x-total-count')).toBe(String(all.length));
    const bad = await api.request('GET', '/auth/users/?limit=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.limit).toEqual(['limit must be a whole number from 1 to 1000']);
    expect((await api.request('GET', '/auth/users/?offset=-1', { token: admin })).status).toBe(400);
  });
});

const pg = inject('pgUrl');
describe.skipIf(!pg)('user list kept on two PostgreSQL instances', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startApi('postgres', { members: 0 });
    b = await startApi('postgres', {
      databaseUrl: a.config.databaseUrl,
      env: { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows on one instance a user created on the other, never the copy it kept', async () => {
    const tokenB = (await b.login('superadmin')).access;
    const tokenA = (await a.login('admin')).access;
    const first = await b.request('GET', '/auth/users/', { token: tokenB });
    expect(first.body.some((u: { username: string }) => u.username === 'elsewhere')).toBe(false);
    const created = await a.request('POST', '/auth/users/', {
      token: tokenA,
      body: {
        username: 'elsewhere',
        email: 'elsewhere@test.example.org',
        first_name: 'Kwesi',
        last_name: 'Appiah',
        role: 'MEMBER',
        password: 'Welcome123!',
      },
    });
    expect(created.status).toBe(201);
    const after = await b.request('GET', '/auth/users/', {
      token: tokenB,
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(after.status).toBe(200);
    expect(after.body.some((u: { username: string }) => u.username === 'elsewhere')).toBe(true);
  });

  it('sees on one instance a profile changed or an account suspended on the other', async () => {
    const tokenA = (await a.login('superadmin')).access;
    const pastor = (await b.login('pastor')).access;
    const id = (await b.request('GET', '/auth/profile/', { token: pastor })).body.id;
    const changed = await a.request('PATCH', `/auth/users/${id}/`, { token: tokenA, body: { first_name: 'Kofi' } });
    expect(changed.status).toBe(200);
    expect((await b.request('GET', '/auth/profile/', { token: pastor })).body.first_name).toBe('Kofi');
    const suspended = await a.request('POST', `/auth/users/${id}/suspend_user/`, { token: tokenA, body: {} });
    expect(suspended.status).toBe(200);
    expect((await b.request('GET', '/auth/profile/', { token: pastor })).status).toBe(403);
  });
});
