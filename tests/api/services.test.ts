/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Services (docs/API.md, Services and attendance), on both databases: the demo's three Sunday services listed to
// anyone; administrators add, change and delete them (a deletion hides the service, its counts stay); a pastor is
// refused; bad bodies are 400 per field; a branch outside the caller's scope is a 400 on branchId and a service
// outside it is not listed and answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('services on %s', (backend) => {
  let api: TestApi;
  let admin: string;
  let pastor: string;
  let tema: any;
  let kasoa: any;
  /** A PASTOR and an ADMIN at Tema: their scope is Tema alone. */
  let temaPastor: string;
  let temaAdmin: string;

  const list = async (token?: string, query = '') =>
    (await api.request('GET', `/services/${query}`, { token })).body as any[];

  beforeAll(async () => {
    api = await startApi(backend);
    [admin, pastor] = await Promise.all(['admin', 'pastor'].map((u) => api.tokenFor(u)));
    const branches = (await api.request('GET', '/branches/')).body as any[];
    tema = branches.find((b) => b.slug === 'grace-chapel-tema');
    kasoa = branches.find((b) => b.slug === 'grace-chapel-kasoa');
    for (const [username, role] of [
      ['tema_pastor', 'PASTOR'],
      ['tema_admin', 'ADMIN'],
    ] as const) {
      const id = await api.createUser({ username, role });
      await api.database.db.updateTable('users').set({ branch_id: tema.id }).where('id', '=', id).execute();
    }
    [temaPastor, temaAdmin] = await Promise.all(['tema_pastor', 'tema_admin'].map((u) => api.tokenFor(u)));
  });
  afterAll(() => api?.close());

  it("lists the demo's three Sunday services to anyone", async () => {
    const services = await list();
    expect(services.map((s) => [s.name, s.dayOfWeek, s.startTime, s.language])).toEqual([
      ['First Service', 0, '07:00', 'English'],
      ['Second Service', 0, '09:30', 'English'],
      ['Twi Service', 0, '11:30', 'Twi'],
    ]);
    expect(services.every((s) => Number.isInteger(s.branchId) && Number.isInteger(s.id))).toBe(true);
  });

  it('adds, changes and deletes a service (ADMIN and above); a pastor is refused; bad bodies are 400 per field', async () => {
    const made = await api.request('POST', '/services/', {
      token: admin,
      body: { name: 'Midweek Service', dayOfWeek: 3, startTime: '18:30', language: 'English' },
    });
    expect(made.status).toBe(201);
    const rootId = (await list())[0].branchId;
    expect(made.body).toMatchObject({ name: 'Midweek Service', dayOfWeek: 3, startTime: '18:30', branchId: rootId });

    const changed = await api.request('PATCH', `/services/${made.body.id}/`, {
      token: admin,
      body: { startTime: '7:00', language: '' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ startTime: '07:00', language: null, dayOfWeek: 3 });

    expect(
      (
        await api.request('POST', '/services/', {
          token: pastor,
          body: { name: 'X', dayOfWeek: 0, startTime: '08:00' },
        })
      ).status,
    ).toBe(403);
    expect((await api.request('DELETE', `/services/${made.body.id}/`, { token: pastor })).status).toBe(403);

    const bad = await api.request('POST', '/services/', {
      token: admin,
      body: { name: ' ', dayOfWeek: 7, startTime: '25:00' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['dayOfWeek', 'name', 'startTime']);
    const unknownBranch = await api.request('POST', '/services/', {
      token: admin,
      body: { name: 'Lost', dayOfWeek: 0, startTime: '08:00', branchId: 999_999 },
    });
    expect(unknownBranch.status).toBe(400);
    expect(unknownBranch.body.errors.branchId).toEqual(['That branch does not exist.']);

    const deleted = await api.request('DELETE', `/services/${made.body.id}/`, { token: admin });
    expect(deleted.status).toBe(204);
    expect((await list()).some((s) => s.id === made.body.id)).toBe(false);
    // Hidden, not gone: the row stays for the counts that name it.
    const row = await api.database.db
      .selectFrom('services')
      .select('deleted')
      .where('id', '=', made.body.id)
      .executeTakeFirst();
    expect(Boolean(row?.deleted)).toBe(true);
    expect(
      (await api.request('PATCH', `/services/${made.body.id}/`, { token: admin, body: { name: 'Back' } })).status,
    ).toBe(404);
    expect((await list()).some((s) => s.name === 'Lost' || s.name === 'X')).toBe(false);
  });

  it("follows the scope: a branch's staff see and change only its services; outside is 404 or a 400 on branchId", async () => {
    const temaService = await api.request('POST', '/services/', {
      token: admin,
      body: { name: 'Tema Sunday', dayOfWeek: 0, startTime: '08:00', branchId: tema.id },
    });
    expect(temaService.status).toBe(201);
    const kasoaService = (
      await api.request('POST', '/services/', {
        token: admin,
        body: { name: 'Kasoa Sunday', dayOfWeek: 0, startTime: '09:00', branchId: kasoa.id },
      })
    ).body;

    // Staff of Tema see Tema's alone; a visitor sees all; ?branch= narrows.
    expect((await list(temaPastor)).map((s) => s.name)).toEqual(['Tema Sunday']);
    expect((await list()).map((s) => s.name)).toEqual(expect.arrayContaining(['Tema Sunday', 'Kasoa Sunday']));
    expect((await list(admin, `?branch=${kasoa.id}`)).map((s) => s.name)).toEqual(['Kasoa Sunday']);
    expect((await api.request('GET', `/services/?branch=${kasoa.id}`, { token: temaPastor })).status).toBe(404);

    // A Tema administrator: a new service defaults to Tema; Kasoa's is not theirs to see or change.
    const own = await api.request('POST', '/services/', {
      token: temaAdmin,
      body: { name: 'Tema Evening', dayOfWeek: 0, startTime: '17:00' },
    });
    expect(own.body.branchId).toBe(tema.id);
    const outside = await api.request('POST', '/services/', {
      token: temaAdmin,
      body: { name: 'Elsewhere', dayOfWeek: 0, startTime: '17:00', branchId: kasoa.id },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.branchId).toEqual(['That branch does not exist.']);
    expect(
      (await api.request('PATCH', `/services/${kasoaService.id}/`, { token: temaAdmin, body: { name: 'Mine' } }))
        .status,
    ).toBe(404);
    expect((await api.request('DELETE', `/services/${kasoaService.id}/`, { token: temaAdmin })).status).toBe(404);
    const moved = await api.request('PATCH', `/services/${temaService.body.id}/`, {
      token: temaAdmin,
      body: { branchId: kasoa.id },
    });
    expect(moved.status).toBe(400);
    const kasoaRow = await api.database.db
      .selectFrom('services')
      .select('name')
      .where('id', '=', kasoaService.id)
      .executeTakeFirst();
    expect(kasoaRow?.name).toBe('Kasoa Sunday');
  });
});
