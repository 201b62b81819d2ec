// A staff read answered from what is kept (users/cached-answers.ts, users/signed-in.ts, kernel/scope.ts) reads only
// the users' data version: the account behind the token and its branch scope are kept under that version, so the
// user stats and the user list run one SQL statement a request (they ran two while the scope was read each time).
// A write to branches moves the version too, so a branch moved in the tree is seen by its staff's next request.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAssemblies, staffAt, startApi, type TestApi } from './helpers';
import { createApp } from '../../src/server/http/app';
import { directoryStore } from '../../src/server/media/directory-store';

describe('kept answers and the kept scope', () => {
  let api: TestApi;
  let tema: number;
  let kasoa: number;
  let temaAdmin: string;
  let superadmin: string;
  const counted = { statements: 0 };
  // Counted as each answer comes back: the hot reads run queries compiled once (db/compiled.ts), which a plugin's
  // transformQuery sees only the first time.
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      counted.statements++;
      return result;
    },
  };
  const db = () => api.database.db;

  beforeAll(async () => {
    api = await startApi('sqlite', { members: 20 });
    ({ tema, kasoa } = await demoAssemblies(api));
    temaAdmin = await staffAt(api, 'tema_admin', 'ADMIN', tema);
    superadmin = await api.tokenFor('superadmin');
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(['/auth/users/stats/', '/auth/users/'])('GET %s runs one statement once its answer is kept', async (path) => {
    // The same app over the same database, counting what it asks of it.
    const app = createApp({
      database: { ...api.database, db: api.database.db.withPlugin(counter) },
      config: api.config,
      now: () => api.clock.now,
      mailer: { send: async () => {} },
      media: directoryStore(api.config.uploadsDir),
    });
    for (const token of [temaAdmin, superadmin]) {
      const call = () => app.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
      // The first call keeps the account, its scope and the answer (and may write last_seen).
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      counted.statements = 0;
      const res = await call();
      expect(res.status).toBe(200);
      expect(counted.statements, `${path} as ${token === temaAdmin ? 'tema_admin' : 'superadmin'}`).toBe(1);
    }
  });

  it("a branch moved under another: its staff's next request has the moved scope", async () => {
    const temaUsers = async () =>
      Number(
        (
          await db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('branch_id', '=', tema)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stats = async () => (await api.request('GET', '/auth/users/stats/', { token: temaAdmin })).body;
    const before = await stats();
    expect(before.total_users).toBe(await temaUsers());
    expect(before.total_users).toBeGreaterThan(0);
    // Tema now lies under Kasoa: its path changes, and a scope kept with the old path would match nobody.
    const moved = await api.request('PATCH', `/branches/${tema}/`, { token: superadmin, body: { parentId: kasoa } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await stats();
    expect(after.total_users).toBe(before.total_users);
    // And the list is Tema's accounts still, not an empty one.
    const list = await api.request('GET', '/auth/users/', { token: temaAdmin });
    expect(list.body.map((u: { id: number }) => u.id).length).toBe(before.total_users);
  });
});
