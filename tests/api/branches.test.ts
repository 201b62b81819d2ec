/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Branches (docs/API.md, Branches), on both databases: migration 0018 puts the church itself at the root, named from
// the settings, and every existing row there; the demo's two assemblies; the tree's calls (list parents first,
// create, change, move with the loop check, delete only when empty) within the caller's scope; the Paystack
// subaccount shown to staff only; accounts with their branch, created at the creator's branch or one of their scope,
// moved by PATCH with their history kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrations';
import { backends, databaseAt, startApi, type TestApi } from './helpers';

describe.each(backends())('migration 0018 on %s', (backend) => {
  it('makes the root from the saved church name and puts every existing row there', async () => {
    const database = await databaseAt(backend, '0016_phones_whole');
    try {
      const db = database.db as any;
      await db
        .insertInto('settings')
        .values({
          key: 'church_contact',
          value: JSON.stringify({ name: 'Bethel Assembly Ho', email: 'a@b.org', phone: '', address: '' }),
          updated_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
      const { id: userId } = await db
        .insertInto('users')
        .values({
          username: 'old',
          email: 'old@example.org',
          password_hash: 'x',
          first_name: 'Old',
          last_name: 'Member',
          role: 'MEMBER',
          date_joined: '2025-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('households')
        .values({ name: 'Old household', created_at: '2025-01-01T00:00:00.000Z' })
        .execute();
      await db.insertInto('ministries').values({ name: 'Choir' }).execute();
      await migrateToLatest(database.db, database.dialect);
      const branches = await db.selectFrom('branches').selectAll().execute();
      expect(branches).toHaveLength(1);
      const [root] = branches;
      expect(root).toMatchObject({ name: 'Bethel Assembly Ho', slug: 'bethel-assembly-ho', parent_id: null });
      expect(root.path).toBe(`/${root.id}/`);
      for (const table of ['users', 'households', 'ministries']) {
        const rows = await db.selectFrom(table).select('branch_id').execute();
        expect(rows.length, table).toBe(1);
        expect(
          rows.map((r: any) => Number(r.branch_id)),
          table,
        ).toEqual([Number(root.id)]);
      }
      // A row written without a branch, as before branches, goes to the root too.
      await db
        .insertInto('users')
        .values({
          username: 'later',
          email: 'later@example.org',
          password_hash: 'x',
          first_name: 'L',
          last_name: 'M',
          role: 'MEMBER',
          date_joined: '2025-01-02T00:00:00.000Z',
        })
        .execute();
      const later = await db.selectFrom('users').select('branch_id').where('username', '=', 'later').executeTakeFirst();
      expect(Number(later.branch_id)).toBe(Number(root.id));
      expect(userId).toBeDefined();
    } finally {
      await database.close();
    }
  });
});

describe.each(backends())('branches on %s', (backend) => {
  let api: TestApi;
  let superadmin: string;
  let admin: string;
  let pastor: string;
  let root: any;
  let tema: any;
  let kasoa: any;
  /** An ADMIN whose branch is Tema: their scope is Tema alone. */
  let temaAdmin: string;
  let temaAdminId: number;

  const list = async (token?: string) => (await api.request('GET', '/branches/', { token })).body as any[];
  const create = (token: string, body: object) => api.request('POST', '/branches/', { token, body });
  const patch = (token: string, id: number, body: object) => api.request('PATCH', `/branches/${id}/`, { token, body });

  beforeAll(async () => {
    // As `npm start` seeds an empty database: 20 sample members, three of them at each assembly.
    api = await startApi(backend, { members: 20 });
    [superadmin, admin, pastor] = await Promise.all(['superadmin', 'admin', 'pastor'].map((u) => api.tokenFor(u)));
    const all = await list();
    root = all.find((b) => b.parentId === null);
    tema = all.find((b) => b.slug === 'grace-chapel-tema');
    kasoa = all.find((b) => b.slug === 'grace-chapel-kasoa');
    temaAdminId = await api.createUser({ username: 'tema_admin', role: 'ADMIN' });
    await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', temaAdminId).execute();
    temaAdmin = await api.tokenFor('tema_admin');
  });
  afterAll(() => api?.close());

  it('lists the church and its two assemblies, parents first, to anyone; the subaccount only to staff', async () => {
    const anonymous = await list();
    expect(anonymous.map((b) => b.name)).toEqual([
      'Grace Chapel International',
      'Grace Chapel Tema',
      'Grace Chapel Kasoa',
    ]);
    expect(root).toMatchObject({ kind: 'Headquarters', parentId: null });
    expect(tema).toMatchObject({
      kind: 'Assembly',
      parentId: root.id,
      serviceTimes: expect.stringContaining('Sundays'),
    });
    for (const b of anonymous) expect(b).not.toHaveProperty('paystackSubaccount');
    const staff = await list(pastor);
    for (const b of staff) expect(b).toHaveProperty('paystackSubaccount', null);
  });

  it('seeds a few members and a household at each assembly; the demo accounts stay at the root', async () => {
    const db = api.database.db;
    const members = async (branch: number) =>
      (
        await db
          .selectFrom('users')
          .select('username')
          .where('branch_id', '=', branch)
          .where('username', 'like', 'member0%')
          .orderBy('username')
          .execute()
      ).map((u) => u.username);
    expect(await members(tema.id)).toEqual(['member0011', 'member0012', 'member0013']);
    expect(await members(kasoa.id)).toEqual(['member0014', 'member0015', 'member0016']);
    const households = await db.selectFrom('households').select('branch_id').execute();
    expect(households.filter((h) => Number(h.branch_id) === tema.id)).toHaveLength(1);
    expect(households.filter((h) => Number(h.branch_id) === kasoa.id)).toHaveLength(1);
    const demo = await db
      .selectFrom('users')
      .select('branch_id')
      .where('username', 'in', ['superadmin', 'admin', 'pastor', 'member'])
      .execute();
    expect(demo.map((u) => Number(u.branch_id))).toEqual([root.id, root.id, root.id, root.id]);
    // A spouse lives at their head's branch.
    const spouses = await db
      .selectFrom('users as u')
      .innerJoin('households as h', 'h.id', 'u.household_id')
      .select(['u.branch_id as mine', 'h.branch_id as theirs'])
      .execute();
    for (const s of spouses) expect(Number(s.mine)).toBe(Number(s.theirs));
  });

  it('creates a branch under one of the scope (ADMIN and above); refuses a pastor, a bad body, an unknown parent', async () => {
    const made = await create(admin, {
      name: 'Accra District',
      parentId: root.id,
      kind: 'District',
      address: '',
      phone: '+233 30 222 0000',
      serviceTimes: 'Sundays 8:00',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Accra District',
      slug: 'accra-district',
      parentId: root.id,
      kind: 'District',
      address: null,
      serviceTimes: 'Sundays 8:00',
      paystackSubaccount: null,
    });
    const row = await api.database.db
      .selectFrom('branches')
      .select('path')
      .where('id', '=', made.body.id)
      .executeTakeFirstOrThrow();
    expect(row.path).toBe(`/${root.id}/${made.body.id}/`);
    // The same name again gets its own slug.
    const twin = await create(admin, { name: 'Accra District', parentId: root.id });
    expect(twin.body.slug).toBe('accra-district-2');

    expect((await create(pastor, { name: 'Nope', parentId: root.id })).status).toBe(403);
    const unknown = await create(admin, { name: 'Lost', parentId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.parentId).toEqual(['That branch does not exist.']);
    const bad = await create(admin, { name: '', parentId: 'x', paystackSubaccount: 'bank 12' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['name', 'parentId', 'paystackSubaccount']));
    expect((await list()).some((b) => b.name === 'Lost' || b.name === 'Nope')).toBe(false);
  });

  it('moves a branch with everything below it; never under itself or below itself (400), never the root', async () => {
    const district = (await create(superadmin, { name: 'Coast District', parentId: root.id, kind: 'District' })).body;
    const area = (await create(superadmin, { name: 'Coast Area', parentId: root.id, kind: 'Area' })).body;
    const assembly = (await create(superadmin, { name: 'Ashaiman', parentId: district.id })).body;
    const moved = await patch(superadmin, district.id, { parentId: area.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(area.id);
    const paths = new Map(
      (await api.database.db.selectFrom('branches').select(['id', 'path']).execute()).map((r) => [
        Number(r.id),
        r.path,
      ]),
    );
    expect(paths.get(district.id)).toBe(`/${root.id}/${area.id}/${district.id}/`);
    expect(paths.get(assembly.id)).toBe(`/${root.id}/${area.id}/${district.id}/${assembly.id}/`);

    for (const parentId of [assembly.id, district.id]) {
      const loop = await patch(superadmin, area.id, { parentId });
      expect(loop.status).toBe(400);
      expect(loop.body.errors.parentId).toEqual(['A branch cannot be moved under itself or a branch below it.']);
    }
    const rootMove = await patch(superadmin, root.id, { parentId: area.id });
    expect(rootMove.status).toBe(400);
    expect(rootMove.body.errors.parentId).toBeDefined();
    const unknown = await patch(superadmin, area.id, { parentId: 999_999 });
    expect(unknown.status).toBe(400);
    expect((await patch(superadmin, 999_999, { name: 'X' })).status).toBe(404);
    expect((await patch(pastor, area.id, { name: 'X' })).status).toBe(403);
  });

  it('two administrators moving two branches under each other at once make no loop', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await create(admin, { name: `Loop A ${round}`, parentId: root.id })).body;
      const b = (await create(admin, { name: `Loop B ${round}`, parentId: root.id })).body;
      const [ab, ba] = await Promise.all([
        patch(admin, a.id, { parentId: b.id }),
        patch(superadmin, b.id, { parentId: a.id }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 400]);
      // Every branch reaches the root by its parents, and its path says the same way.
      const rows = await api.database.db.selectFrom('branches').select(['id', 'parent_id', 'path']).execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const row of rows) {
        const chain: number[] = [];
        for (let at: any = row; at; at = at.parent_id === null ? undefined : byId.get(Number(at.parent_id))) {
          chain.unshift(Number(at.id));
          expect(chain.length).toBeLessThan(rows.length + 1);
        }
        expect(row.path).toBe(`/${chain.join('/')}/`);
      }
    }
  });

  it('deletes an empty branch; one with anything in it is 409 naming what is left; the root stays', async () => {
    const full = await api.request('DELETE', `/branches/${tema.id}/`, { token: superadmin });
    expect(full.status).toBe(409);
    // Three sample members and the Tema administrator.
    expect(full.body.detail).toBe('This branch still has 4 people and 1 household. Move or remove them first.');
    const parent = (await create(admin, { name: 'Parent', parentId: root.id })).body;
    const child = (await create(admin, { name: 'Child', parentId: parent.id })).body;
    const withChild = await api.request('DELETE', `/branches/${parent.id}/`, { token: admin });
    expect(withChild.status).toBe(409);
    expect(withChild.body.detail).toBe('This branch still has 1 branch. Move or remove them first.');
    expect((await api.request('DELETE', `/branches/${child.id}/`, { token: pastor })).status).toBe(403);
    expect((await api.request('DELETE', `/branches/${child.id}/`, { token: admin })).status).toBe(204);
    expect((await api.request('DELETE', `/branches/${child.id}/`, { token: admin })).status).toBe(404);
    expect((await api.request('DELETE', `/branches/${parent.id}/`, { token: admin })).status).toBe(204);
    const rootDelete = await api.request('DELETE', `/branches/${root.id}/`, { token: superadmin });
    expect(rootDelete.status).toBe(409);
    expect(rootDelete.body.detail).toBe('The church itself cannot be deleted.');
  });

  it("an administrator's scope is their branch and below: outside it a branch answers 404 or is an unknown parent", async () => {
    expect((await patch(temaAdmin, kasoa.id, { name: 'Mine now' })).status).toBe(404);
    expect((await api.request('DELETE', `/branches/${kasoa.id}/`, { token: temaAdmin })).status).toBe(404);
    expect((await patch(temaAdmin, root.id, { name: 'Mine now' })).status).toBe(404);
    const outside = await create(temaAdmin, { name: 'Kasoa North', parentId: kasoa.id });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.parentId).toEqual(['That branch does not exist.']);
    const inside = await create(temaAdmin, { name: 'Tema New Town', parentId: tema.id, kind: 'Assembly' });
    expect(inside.status).toBe(201);
    // Moving it out of the scope names a parent the caller cannot see.
    const away = await patch(temaAdmin, inside.body.id, { parentId: kasoa.id });
    expect(away.status).toBe(400);
    expect(away.body.errors.parentId).toEqual(['That branch does not exist.']);
    expect((await api.request('DELETE', `/branches/${inside.body.id}/`, { token: temaAdmin })).status).toBe(204);
    const kept = (await list()).find((b) => b.id === kasoa.id);
    expect(kept.name).toBe('Grace Chapel Kasoa');
  });

  it('keeps a Paystack subaccount, shown to staff only', async () => {
    const set = await patch(admin, kasoa.id, { paystackSubaccount: 'ACCT_kasoa123', phone: '' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ paystackSubaccount: 'ACCT_kasoa123', phone: null });
    expect((await list(admin)).find((b) => b.id === kasoa.id).paystackSubaccount).toBe('ACCT_kasoa123');
    expect((await list()).find((b) => b.id === kasoa.id)).not.toHaveProperty('paystackSubaccount');
    const member = await api.tokenFor('member').catch(() => undefined);
    if (member) expect((await list(member)).find((b) => b.id === kasoa.id)).not.toHaveProperty('paystackSubaccount');
  });

  it('answers every account with its branch; a new one at the creator’s branch unless another of the scope is named', async () => {
    const body = (username: string, extra: object = {}) => ({
      username,
      email: `${username}@test.example.org`,
      first_name: 'Efua',
      last_name: 'Sarpong',
      role: 'MEMBER',
      password: 'Initial123!',
      ...extra,
    });
    const atRoot = await api.request('POST', '/auth/users/', { token: admin, body: body('b_root') });
    expect(atRoot.status).toBe(201);
    expect(atRoot.body.branch).toEqual({ id: root.id, name: 'Grace Chapel International' });
    const atTema = await api.request('POST', '/auth/users/', { token: temaAdmin, body: body('b_tema') });
    expect(atTema.body.branch).toEqual({ id: tema.id, name: 'Grace Chapel Tema' });
    const named = await api.request('POST', '/auth/users/', {
      token: admin,
      body: body('b_kasoa', { branch_id: kasoa.id }),
    });
    expect(named.status).toBe(201);
    expect(named.body.branch.id).toBe(kasoa.id);
    for (const branch_id of [kasoa.id, 999_999]) {
      const refused = await api.request('POST', '/auth/users/', {
        token: temaAdmin,
        body: body('b_no', { branch_id }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.branch_id).toEqual(['That branch does not exist.']);
    }
    const users = (await api.request('GET', '/auth/users/', { token: admin })).body as any[];
    for (const u of users) expect(u.branch).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('moves an account by PATCH branch_id, keeping where it was; a rename shows at once', async () => {
    const id = await api.createUser({ username: 'b_mover', role: 'MEMBER' });
    const moved = await api.request('PATCH', `/auth/users/${id}/`, { token: admin, body: { branch_id: kasoa.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.branch).toEqual({ id: kasoa.id, name: expect.any(String) });
    const history = await api.database.db.selectFrom('branch_history').selectAll().where('user_id', '=', id).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ branch_id: root.id, branch_name: 'Grace Chapel International' });
    expect(Number(history[0].moved_by)).toBeGreaterThan(0);
    const bad = await api.request('PATCH', `/auth/users/${id}/`, { token: admin, body: { branch_id: 999_999 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.branch_id).toBeDefined();

    // The kept user list follows a branch's new name.
    await api.request('GET', '/auth/users/', { token: admin });
    expect((await patch(admin, kasoa.id, { name: 'Grace Chapel Kasoa Central' })).status).toBe(200);
    const users = (await api.request('GET', '/auth/users/', { token: admin })).body as any[];
    expect(users.find((u) => u.id === id).branch.name).toBe('Grace Chapel Kasoa Central');
    await patch(admin, kasoa.id, { name: 'Grace Chapel Kasoa' });
  });
});
