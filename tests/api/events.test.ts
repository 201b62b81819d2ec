/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Events over real HTTP, on every backend: private events hidden from visitors, registered and waitlist counted
// from registrations, who may change them (CONTENT_RULES), validation, duplication, the audit log and the
// content change hook; and the demo data (seeded from src/content) seeded again changes nothing.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveTag } from '../../src/lib/shared/live/types';
import { canManageContent, type Role } from '../../src/lib/shared/permissions';
import { CONTENT_DIR, seed, seedIfEmpty } from '../../src/server/seed/seed';
import { readFlatYaml } from '../../src/server/seed/content';
import { backends, startApi, type TestApi } from './helpers';

/** The figures of the event files the demo data is made from. */
const FILES = Object.fromEntries(
  readdirSync(join(CONTENT_DIR, 'events')).map((f) => [
    f.replace(/\.ya?ml$/, ''),
    readFlatYaml(readFileSync(join(CONTENT_DIR, 'events', f), 'utf8')),
  ]),
);

async function contentSnapshot(api: TestApi) {
  const db = api.database.db;
  const [sermons, events, registrations, audit] = await Promise.all([
    db.selectFrom('sermons').selectAll().orderBy('id').execute(),
    db.selectFrom('events').selectAll().orderBy('id').execute(),
    db.selectFrom('event_registrations').selectAll().orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return JSON.stringify({ sermons, events, registrations, audit: Number(audit.n) });
}

const NEW_EVENT = {
  title: 'Choir Rehearsal',
  category: 'worship',
  type: 'recurring',
  startDate: '2027-03-04',
  startTime: '18:30',
  location: 'Main Sanctuary',
};

describe.each(backends())('events on %s', (backend) => {
  let api: TestApi;
  let pastor: string;
  let admin: string;
  let changes: LiveTag[][];
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    [pastor, admin] = await Promise.all([api.tokenFor('pastor'), api.tokenFor('admin')]);
    api.content.subscribe((collections) => void changes.push([...collections]));
  });
  beforeEach(() => {
    changes = [];
  });
  afterAll(() => api?.close());

  const lastActivity = async () => (await api.request('GET', '/auth/activity/?limit=1', { token: pastor })).body[0];

  it('answers visitors the public events only, staff every event', async () => {
    const visitors = await api.request('GET', '/events/');
    expect(visitors.status).toBe(200);
    const publicIds = Object.keys(FILES).filter((id) => FILES[id].isPublic);
    expect(visitors.body.map((e: any) => e.id).sort()).toEqual(publicIds.sort());
    expect(visitors.body.every((e: any) => e.isPublic)).toBe(true);
    const starts = visitors.body.map((e: any) => `${e.startDate} ${e.startTime}`);
    expect(starts).toEqual([...starts].sort());
    const staff = await api.request('GET', '/events/', { token: pastor });
    expect(staff.body).toHaveLength(Object.keys(FILES).length);
    expect((await api.request('GET', '/events/leaders-retreat/')).status).toBe(404);
    expect((await api.request('GET', '/events/leaders-retreat/', { token: pastor })).body.isPublic).toBe(false);
    expect((await api.request('GET', '/events/no-such-event/', { token: pastor })).body).toEqual({
      detail: 'Event not found.',
    });
    expect((await api.request('GET', '/events/', { token: 'expired.or.forged' })).status).toBe(401);
  });

  it('answers every field of the files, registered and waitlist counted from the sample registrations', async () => {
    const staff = (await api.request('GET', '/events/', { token: pastor })).body;
    for (const event of staff) {
      const { registered, waitlist, capacity, ...rest } = FILES[event.id] as any;
      expect(event, event.id).toMatchObject({ ...rest, registered, waitlist, capacity });
    }
    const carols = staff.find((e: any) => e.id === 'christmas-carol-service');
    expect([carols.registered, carols.waitlist]).toEqual([400, 18]);
  });

  it('counts seats of confirmed and checked-in registrations as registered, waitlisted ones as waitlist', async () => {
    const created = await api.request('POST', '/events/', { token: pastor, body: { ...NEW_EVENT, title: 'Counted' } });
    const id = created.body.id;
    expect([created.body.registered, created.body.waitlist]).toEqual([0, 0]);
    const row = (seats: number, status: string) => ({
      event_id: id,
      name: 'Kofi',
      email: 'kofi@example.org',
      phone: null,
      seats,
      status: status as any,
      created_at: new Date(api.clock.now).toISOString(),
    });
    await api.database.db
      .insertInto('event_registrations')
      .values([
        row(3, 'confirmed'),
        row(2, 'checked_in'),
        row(4, 'waitlisted'),
        row(10, 'cancelled'),
        row(1, 'waitlisted'),
      ])
      .execute();
    const one = (await api.request('GET', `/events/${id}/`)).body;
    expect([one.registered, one.waitlist]).toEqual([5, 5]);
    const inList = (await api.request('GET', '/events/')).body.find((e: any) => e.id === id);
    expect([inList.registered, inList.waitlist]).toEqual([5, 5]);
    // The table itself refuses impossible seats and states.
    await expect(
      api.database.db.insertInto('event_registrations').values(row(11, 'confirmed')).execute(),
    ).rejects.toThrow();
    await expect(api.database.db.insertInto('event_registrations').values(row(1, 'maybe')).execute()).rejects.toThrow();
  });

  it('lets PASTOR create an event (201) with its defaults, recorded and announced', async () => {
    const res = await api.request('POST', '/events/', { token: pastor, body: NEW_EVENT });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ...NEW_EVENT,
      id: 'choir-rehearsal',
      description: '',
      status: 'upcoming',
      endDate: '2027-03-04',
      endTime: '',
      capacity: null,
      registered: 0,
      waitlist: 0,
      organizer: '',
      isPublic: true,
      requiresRegistration: false,
      tags: [],
      // The creator's branch: the church itself for every demo account.
      branchId: (await api.request('GET', '/branches/')).body[0].id,
    });
    expect(changes).toEqual([['events']]);
    expect(await lastActivity()).toMatchObject({
      type: 'event',
      action: 'created the event Choir Rehearsal',
      user: 'Samuel Boateng',
    });
    const full = await api.request('POST', '/events/', {
      token: pastor,
      body: {
        ...NEW_EVENT,
        endDate: '2027-03-05',
        endTime: '20:00',
        capacity: 40,
        isPublic: false,
        requiresRegistration: true,
        status: 'upcoming',
        description: 'Bring your music.',
        organizer: 'Choir Director',
        tags: ['music'],
        imageUrl: '/images/choir.jpg',
      },
    });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({
      id: 'choir-rehearsal-2',
      capacity: 40,
      isPublic: false,
      imageUrl: '/images/choir.jpg',
    });
    expect((await api.request('GET', '/events/choir-rehearsal-2/')).status).toBe(404);
  });

  it('refuses invalid input (400, per field) and stores nothing', async () => {
    const before = await contentSnapshot(api);
    const res = await api.request('POST', '/events/', {
      token: pastor,
      body: {
        title: '',
        category: 'party',
        type: 'weekly',
        startDate: '2027-13-01',
        startTime: '25:00',
        endTime: '7pm',
        location: '   ',
        capacity: 0,
        isPublic: 'yes',
        imageUrl: 'ftp://x.example/a.png',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      category: ['Category must be one of worship, prayer, study, fellowship, outreach, special, youth, children'],
      type: ['Type must be one of recurring, one-time, series'],
      startDate: ['Please enter a valid date'],
      startTime: ['Invalid format'],
      endTime: ['Invalid format'],
      location: ['Location is required'],
      capacity: ['Capacity must be a positive whole number'],
      isPublic: ['Invalid format'],
      imageUrl: ['Invalid format'],
    });
    expect(res.body.errors.title[0]).toBe('Title is required');
    const backwards = await api.request('POST', '/events/', {
      token: pastor,
      body: { ...NEW_EVENT, startDate: '2027-03-04', endDate: '2027-03-03' },
    });
    expect(backwards.body.errors).toEqual({ endDate: ['End date must not be before the start date'] });
    for (const capacity of [-3, 2.5, '10']) {
      const bad = await api.request('POST', '/events/', { token: pastor, body: { ...NEW_EVENT, capacity } });
      expect(bad.status, String(capacity)).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['capacity']);
    }
    // PATCH checks the end date against the stored start date (youth-camp starts 2027-01-08).
    const patch = await api.request('PATCH', '/events/youth-camp/', { token: pastor, body: { endDate: '2027-01-01' } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ endDate: ['End date must not be before the start date'] });
    const unknown = await api.request('PATCH', '/events/youth-camp/', { token: pastor, body: { registered: 999 } });
    expect(unknown.body.errors).toEqual({ _: ['Unknown field(s): registered'] });
    expect(await contentSnapshot(api)).toBe(before);
    expect(changes).toEqual([]);
  });

  it('PATCH changes only the fields sent (capacity null = no limit); 404 for a missing event', async () => {
    const before = (await api.request('GET', '/events/youth-camp/', { token: pastor })).body;
    const res = await api.request('PATCH', '/events/youth-camp/', {
      token: pastor,
      body: { capacity: null, location: 'Aburi <Botanical> Gardens', endDate: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...before,
      capacity: null,
      location: 'Aburi <Botanical> Gardens',
      endDate: before.startDate,
    });
    expect(changes).toEqual([['events']]);
    expect(await lastActivity()).toMatchObject({ type: 'event', action: 'updated the event Youth Camp 2027' });
    expect(
      (await api.request('PATCH', '/events/no-such-event/', { token: pastor, body: { capacity: 5 } })).status,
    ).toBe(404);
  });

  it('duplicates an event (201) without its registrations', async () => {
    const res = await api.request('POST', '/events/thanksgiving-service/duplicate/', { token: pastor });
    expect(res.status).toBe(201);
    const original = (await api.request('GET', '/events/thanksgiving-service/')).body;
    const { id: _id, title: _title, registered: _r, waitlist: _w, ...same } = original;
    expect(res.body).toEqual({
      ...same,
      id: 'harvest-thanksgiving-service-copy',
      title: 'Harvest Thanksgiving Service (copy)',
      registered: 0,
      waitlist: 0,
    });
    expect(original.registered).toBeGreaterThan(0);
    const copies = await api.database.db
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', res.body.id)
      .execute();
    expect(copies).toEqual([]);
    expect(changes).toEqual([['events']]);
    expect(await lastActivity()).toMatchObject({
      type: 'event',
      action: 'duplicated the event Harvest Thanksgiving Service',
    });
    expect((await api.request('POST', '/events/no-such-event/duplicate/', { token: pastor })).status).toBe(404);
    expect((await api.request('POST', '/events/thanksgiving-service/duplicate/')).status).toBe(401);
  });

  it('lets ADMIN delete an event and its registrations (204); PASTOR may not (403, nothing changes)', async () => {
    const before = await contentSnapshot(api);
    expect((await api.request('DELETE', '/events/watch-night-service/', { token: pastor })).status).toBe(403);
    expect((await api.request('DELETE', '/events/watch-night-service/')).status).toBe(401);
    expect(await contentSnapshot(api)).toBe(before);
    expect(changes).toEqual([]);

    const res = await api.request('DELETE', '/events/youth-camp/', { token: admin });
    expect(res.status).toBe(204);
    expect(changes).toEqual([['events']]);
    const left = await api.database.db
      .selectFrom('event_registrations')
      .select('id')
      .where('event_id', '=', 'youth-camp')
      .execute();
    expect(left).toEqual([]);
    expect((await api.request('GET', '/events/youth-camp/', { token: admin })).status).toBe(404);
    expect(await lastActivity()).toMatchObject({ type: 'event', action: 'deleted the event Youth Camp 2027' });
  });

  it('seeds again without duplicating anything or undoing staff changes (a deleted demo item comes back)', async () => {
    await api.request('PATCH', '/sermons/walking-in-faith/', { token: pastor, body: { title: 'Walking, Edited' } });
    const before = await contentSnapshot(api);
    const result = await seed(api.database.db, api.config, { members: 0 });
    // youth-camp was deleted in the test above: it is the one thing added, with its registrations.
    expect(result).toMatchObject({ sermons: 0, events: 1 });
    const youth = (await api.request('GET', '/events/youth-camp/')).body;
    expect([youth.registered, youth.waitlist]).toEqual([FILES['youth-camp'].registered, FILES['youth-camp'].waitlist]);
    const again = await contentSnapshot(api);
    expect((await seed(api.database.db, api.config, { members: 0 })).events).toBe(0);
    expect(await contentSnapshot(api)).toBe(again);
    expect(again).not.toBe(before);
    expect((await api.request('GET', '/sermons/walking-in-faith/')).body.title).toBe('Walking, Edited');
  });

  it('answers each rank exactly as CONTENT_RULES says (create, edit, duplicate, delete)', async () => {
    const tokens: Record<string, string> = {};
    for (const role of ['PASTOR', 'ADMIN', 'SUPERADMIN'] as Role[]) {
      await api.createUser({ username: `rules_${role.toLowerCase()}`, role });
      tokens[role] = await api.tokenFor(`rules_${role.toLowerCase()}`);
    }
    for (const [role, token] of Object.entries(tokens)) {
      const mayCreate = canManageContent({ role: role as Role }, 'events', 'create');
      const created = await api.request('POST', '/events/', { token, body: { ...NEW_EVENT, title: `By ${role}` } });
      expect(created.status, role).toBe(mayCreate ? 201 : 403);
      const id = created.body.id ?? 'community-health-outreach';
      const mayEdit = canManageContent({ role: role as Role }, 'events', 'edit');
      const edited = await api.request('PATCH', `/events/${id}/`, { token, body: { organizer: role } });
      expect(edited.status, role).toBe(mayEdit ? 200 : 403);
      const copied = await api.request('POST', `/events/${id}/duplicate/`, { token });
      expect(copied.status, role).toBe(mayCreate ? 201 : 403);
      const mayDelete = canManageContent({ role: role as Role }, 'events', 'delete');
      const deleted = await api.request('DELETE', `/events/${copied.body.id}/`, { token });
      expect(deleted.status, role).toBe(mayDelete ? 204 : 403);
    }
  });

  it('gives concurrent creations of one title distinct ids', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        api.request('POST', '/events/', { token: pastor, body: { ...NEW_EVENT, title: 'Same Title' } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.id).sort()).toEqual([
      'same-title',
      'same-title-2',
      'same-title-3',
      'same-title-4',
    ]);
  });

  it("puts an event at the creator's branch or one of their scope (branchId), answers it, and ?branch= narrows the list", async () => {
    const branches = (await api.request('GET', '/branches/')).body as any[];
    const root = branches.find((b) => b.parentId === null);
    const tema = branches.find((b) => b.slug === 'grace-chapel-tema');
    const kasoa = branches.find((b) => b.slug === 'grace-chapel-kasoa');
    const id = await api.createUser({ username: 'tema_pastor_ev', role: 'PASTOR' });
    await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', id).execute();
    const temaPastor = await api.tokenFor('tema_pastor_ev');
    const create = (token: string, body: object) => api.request('POST', '/events/', { token, body });

    // Without branchId, the creator's branch; with one of their scope, that branch; the answers carry it.
    const own = await create(temaPastor, { ...NEW_EVENT, title: 'Tema Vigil' });
    expect(own.status).toBe(201);
    expect(own.body.branchId).toBe(tema.id);
    const atRoot = await create(pastor, { ...NEW_EVENT, title: 'Network Convention' });
    expect(atRoot.body.branchId).toBe(root.id);
    const named = await create(pastor, { ...NEW_EVENT, title: 'Kasoa Crusade', branchId: kasoa.id });
    expect(named.status).toBe(201);
    expect(named.body.branchId).toBe(kasoa.id);
    expect((await api.request('GET', `/events/${named.body.id}/`, { token: pastor })).body.branchId).toBe(kasoa.id);
    expect(((await api.request('GET', '/events/')).body as any[]).every((e) => Number.isInteger(e.branchId))).toBe(
      true,
    );

    // A branch outside the creator's scope, or none at all, is a 400 on branchId, and nothing is made.
    const before = await contentSnapshot(api);
    for (const branchId of [kasoa.id, 999_999]) {
      const res = await create(temaPastor, { ...NEW_EVENT, title: 'Lost Event', branchId });
      expect(res.status).toBe(400);
      expect(res.body.errors.branchId).toEqual(['That branch does not exist.']);
    }
    expect((await create(pastor, { ...NEW_EVENT, title: 'Lost Event', branchId: 'Tema' })).status).toBe(400);
    expect(await contentSnapshot(api)).toBe(before);

    // ?branch= keeps that branch's events (and those below it); for staff within their scope, else a 400 on branch.
    const titles = async (query: string, token?: string) =>
      ((await api.request('GET', `/events/${query}`, { token })).body as any[]).map((e) => e.title);
    expect(await titles(`?branch=${kasoa.id}`, pastor)).toEqual(['Kasoa Crusade']);
    expect(await titles(`?branch=${tema.id}`, temaPastor)).toEqual(['Tema Vigil']);
    expect(await titles(`?branch=${root.id}`, pastor)).toEqual(await titles('', pastor));
    const outside = await api.request('GET', `/events/?branch=${kasoa.id}`, { token: temaPastor });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.branch).toEqual(['That branch does not exist.']);
    // A visitor's ?branch= names any branch's public events; one that does not exist is the same 400.
    expect(await titles(`?branch=${kasoa.id}`)).toEqual(['Kasoa Crusade']);
    expect((await api.request('GET', '/events/?branch=999999')).status).toBe(400);
    // A move is not an edit: PATCH refuses branchId.
    const moved = await api.request('PATCH', `/events/${named.body.id}/`, {
      token: pastor,
      body: { branchId: tema.id },
    });
    expect(moved.status).toBe(400);
  });

  it('first start: a database with users but no sermons or events yet gets the samples, once', async () => {
    const db = api.database.db;
    await db.deleteFrom('sermons').execute();
    await db.deleteFrom('events').execute();
    expect(await seedIfEmpty(db, api.config)).toBe(true);
    const staff = (await api.request('GET', '/events/', { token: pastor })).body;
    expect(staff).toHaveLength(Object.keys(FILES).length);
    expect((await api.request('GET', '/sermons/', { token: pastor })).body).toHaveLength(8);
    expect(await seedIfEmpty(db, api.config)).toBe(false);
  });
});
