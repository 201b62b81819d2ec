/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Households on every backend: staff read them (PASTOR and above), ADMIN and above change them; search and pages;
// members and people added, changed and removed; a merge moves everyone and deletes the other household; bad input
// is a 400 that changes nothing; every change is in Recent Activity; the user answer's family_members is the rest
// of the household; the members' door functions keep a member to their own household; migration 0011 turns the
// older family_members rows into households.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, databaseAt, startApi, type TestApi } from './helpers';
import { migrateToLatest } from '../../src/server/db/migrations';
import { householdOfUser } from '../../src/server/households/households';
import {
  addPersonToOwnHousehold,
  updateOwnHousehold,
  updatePersonInOwnHousehold,
} from '../../src/server/households/own-household';

describe.each(backends())('households on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  let memberA: number;
  let memberB: number;
  beforeAll(async () => {
    api = await startApi(backend, { members: 6 });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
    memberA = await api.createUser({ username: 'hh_ama', role: 'MEMBER' });
    memberB = await api.createUser({ username: 'hh_kofi', role: 'MEMBER' });
  });
  afterAll(() => api?.close());

  const call = (method: string, path: string, body?: unknown, token = admin) =>
    api.request(method, `/households${path}`, { token, body });
  const activity = async () =>
    (await api.request('GET', '/auth/activity/', { token: admin })).body.map((a: any) => a.action) as string[];

  it('lets every staff member read and only ADMIN and above change', async () => {
    expect((await api.request('GET', '/households/')).status).toBe(401);
    const list = await call('GET', '/', undefined, pastor);
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0); // the sample members' households
    const refused = await call('POST', '/', { name: 'Pastor made' }, pastor);
    expect(refused.status).toBe(403);
    const some = list.body.results[0];
    expect((await call('POST', `/${some.id}/merge/`, { from: some.id }, pastor)).status).toBe(403);
    expect((await call('DELETE', `/${some.id}/`, undefined, pastor)).status).toBe(403);
    expect((await call('GET', '/?search=Pastor%20made')).body.count).toBe(0);
  });

  it('creates a household with a head, adds members and people, and answers them in order', async () => {
    const created = await call('POST', '/', {
      name: 'Mensah household',
      address: '4 Oxford St',
      head_user_id: memberA,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({ name: 'Mensah household', address: '4 Oxford St' });
    expect(created.body.head).toMatchObject({ id: memberA });
    const added = await call('POST', `/${id}/members/`, { user_id: memberB, relationship: 'Spouse' });
    expect(added.status).toBe(200);
    const person = await call('POST', `/${id}/people/`, {
      name: 'Esi Mensah',
      relationship: 'Daughter',
      date_of_birth: '2015-04-02',
    });
    expect(person.status).toBe(200);
    expect(person.body.people.map((p: any) => [p.kind, p.relationship])).toEqual([
      ['member', 'Head'],
      ['member', 'Spouse'],
      ['person', 'Daughter'],
    ]);
    const esi = person.body.people[2];
    const changed = await call('PATCH', `/${id}/people/${esi.id}/`, { relationship: 'Granddaughter' });
    expect(changed.body.people[2]).toMatchObject({ name: 'Esi Mensah', relationship: 'Granddaughter' });

    // The user answer's family is the rest of the household.
    const user = await api.request('GET', `/auth/users/${memberB}/`, { token: admin });
    expect(user.body.family_members.map((f: any) => f.name).sort()).toEqual(
      ['Esi Mensah', created.body.head.name].sort(),
    );

    // Search by a person's name, and paging.
    const found = await call('GET', '/?search=esi%20mensah');
    expect(found.body.results.map((h: any) => h.id)).toEqual([id]);
    const page = await call('GET', '/?limit=1&offset=0');
    expect(page.body.results).toHaveLength(1);
    expect(page.body.count).toBeGreaterThan(1);

    // The head must belong; a member removed is no longer its head.
    const outsider = await api.createUser({ username: 'hh_out', role: 'MEMBER' });
    const wrongHead = await call('PATCH', `/${id}/`, { head_user_id: outsider });
    expect(wrongHead.status).toBe(400);
    expect(wrongHead.body.errors.head_user_id).toBeDefined();
    const removed = await call('DELETE', `/${id}/members/${memberA}/`);
    expect(removed.body.head).toBeNull();
    expect((await call('DELETE', `/${id}/people/${esi.id}/`)).body.people).toHaveLength(1);
    expect(await activity()).toEqual(
      expect.arrayContaining([
        'created the household Mensah household',
        'added Esi Mensah to Mensah household',
        `removed Esi Mensah from Mensah household`,
      ]),
    );
  });

  it('merges two households: people and members move, the other is gone, audited', async () => {
    const a = (await call('POST', '/', { name: 'Boateng household' })).body;
    const b = (await call('POST', '/', { name: 'Boateng family', address: '9 Ring Rd', head_user_id: memberA })).body;
    await call('POST', `/${b.id}/people/`, { name: 'Yaw Boateng', relationship: 'Son' });
    const merged = await call('POST', `/${a.id}/merge/`, { from: b.id });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: a.id, name: 'Boateng household', address: '9 Ring Rd' });
    expect(merged.body.head).toMatchObject({ id: memberA });
    expect(merged.body.people.map((p: any) => p.name)).toContain('Yaw Boateng');
    expect((await call('GET', `/${b.id}/`)).status).toBe(404);
    expect((await call('POST', `/${a.id}/merge/`, { from: a.id })).status).toBe(400);
    expect((await call('POST', `/${a.id}/merge/`, { from: 999999 })).status).toBe(400);
    expect(await activity()).toContain('merged the households Boateng family into Boateng household');
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const before = (await call('GET', '/?limit=100')).body.count;
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'A', extra: 1 },
      { name: 'A', head_user_id: 'x' },
    ]) {
      expect((await call('POST', '/', body)).status).toBe(400);
    }
    const some = (await call('GET', '/?limit=1')).body.results[0];
    expect(
      (await call('POST', `/${some.id}/people/`, { name: 'Kid', relationship: 'Son', date_of_birth: '2015-02-30' }))
        .status,
    ).toBe(400);
    expect((await call('POST', `/${some.id}/members/`, { user_id: 999999, relationship: 'Son' })).status).toBe(400);
    expect((await call('PATCH', `/${some.id}/`, {})).status).toBe(400);
    expect((await call('GET', '/abc/')).status).toBe(404);
    expect((await call('GET', '/?limit=1000')).status).toBe(400);
    expect((await call('GET', '/?limit=100')).body.count).toBe(before);
  });

  it("keeps a member to their own household through the members' door functions", async () => {
    const db = api.database.db;
    const lone = await api.createUser({ username: 'hh_lone', role: 'MEMBER' });
    expect(await householdOfUser(db, lone, Date.now())).toBeUndefined();
    const made = await addPersonToOwnHousehold(
      db,
      lone,
      { name: 'Kwame Jr', relationship: 'Son', date_of_birth: null },
      Date.now(),
    );
    expect(made.head?.id).toBe(lone);
    expect(made.people).toEqual([
      { kind: 'member', userId: lone, name: expect.any(String), relationship: 'Head' },
      {
        kind: 'person',
        id: expect.any(Number),
        name: 'Kwame Jr',
        relationship: 'Son',
        date_of_birth: null,
        allergies: null,
      },
    ]);
    const renamed = await updateOwnHousehold(db, lone, { name: 'Lone household', address: '1 High St' }, Date.now());
    expect(renamed).toMatchObject({ name: 'Lone household', address: '1 High St' });
    const kid = made.people[1] as { id: number };
    const changed = await updatePersonInOwnHousehold(db, lone, kid.id, { date_of_birth: '2018-01-01' }, Date.now());
    expect(changed.people[1]).toMatchObject({ date_of_birth: '2018-01-01' });
    // Another household's person is not theirs: 404, nothing changed.
    const other = (await call('POST', '/', { name: 'Other household' })).body;
    const stranger = (await call('POST', `/${other.id}/people/`, { name: 'Stranger', relationship: 'Son' })).body
      .people[0];
    await expect(
      updatePersonInOwnHousehold(db, lone, stranger.id, { name: 'Mine now' }, Date.now()),
    ).rejects.toMatchObject({ status: 404 });
    expect((await call('GET', `/${other.id}/`)).body.people[0].name).toBe('Stranger');
    expect((await householdOfUser(db, lone, Date.now()))?.name).toBe('Lone household');
  });
});

describe.each(backends())('migration 0011 on %s', (backend) => {
  it('turns each user’s family_members rows into a household headed by them', async () => {
    const database = await databaseAt(backend, '0010_two_factor');
    try {
      const db = database.db as any;
      const user = (username: string, last_name: string) => ({
        username,
        email: `${username}@example.org`,
        password_hash: 'x',
        first_name: 'Ama',
        last_name,
        role: 'MEMBER',
        date_joined: '2025-01-01T00:00:00.000Z',
        address: '3 Palm St',
      });
      await db
        .insertInto('users')
        .values([user('with_family', 'Owusu'), user('alone', 'Asare')])
        .execute();
      const ids = await db.selectFrom('users').select(['id', 'username']).execute();
      const withFamily = Number(ids.find((u: any) => u.username === 'with_family').id);
      await db
        .insertInto('family_members')
        .values([
          { user_id: withFamily, name: 'Kofi Owusu', relationship: 'Spouse' },
          { user_id: withFamily, name: 'Abena Owusu', relationship: 'Daughter' },
        ])
        .execute();
      await migrateToLatest(database.db, database.dialect);
      const households = await db.selectFrom('households').selectAll().execute();
      expect(households).toHaveLength(1);
      expect(households[0]).toMatchObject({ name: 'Owusu household', address: '3 Palm St' });
      expect(Number(households[0].head_user_id)).toBe(withFamily);
      const people = await db.selectFrom('household_people').select(['name', 'relationship']).orderBy('id').execute();
      expect(people).toEqual([
        { name: 'Kofi Owusu', relationship: 'Spouse' },
        { name: 'Abena Owusu', relationship: 'Daughter' },
      ]);
      const moved = await db.selectFrom('users').select(['username', 'household_id']).orderBy('id').execute();
      expect(moved.map((u: any) => u.household_id === null)).toEqual([false, true]);
      expect(await db.selectFrom('family_members').selectAll().execute()).toEqual([]);
      const household = await householdOfUser(database.db, withFamily, Date.now());
      expect(household?.people.map((p) => p.name)).toEqual(['Ama Owusu', 'Kofi Owusu', 'Abena Owusu']);
    } finally {
      await database.close();
    }
  });
});
