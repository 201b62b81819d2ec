// The /my pages from the build (run `npm run build` first), rendered in this process by Astro's handler over the
// runtime's read functions with a database that counts its SQL statements: the member is resolved once per request
// (src/middleware.ts, locals.member) and each page reads only what it shows, so no page may go back to loading
// everything a member has (GET /members/me/'s six collections) to show one of them.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../api/helpers';
import { MEMBER_COOKIE } from '../../src/lib/shared/constants';
import { servePages } from '../../src/host/pages';
import { contentReaderOf } from '../../src/server/runtime';
import { memberReaderOf } from '../../src/server/members/reader';
import { givingReaderOf } from '../../src/server/giving/pages';
import { startMemberSession } from '../../src/server/members/session';
import { directoryStore } from '../../src/server/media/directory-store';
import { needsBuild, root } from './server';

/** The most SQL statements each page may run for a signed-in member (7 to 11 each before locals.member). */
// The session and its account is one statement (the welcome's name and role come with it); the profile adds three (a
// pending email change, and since branches the account's branch name and its branch history, which the User answer
// carries), the details page its passkeys and sessions, the ministries page the public ministries, the directory its
// list.
const MOST = {
  '/my': 1,
  '/my/details': 6,
  '/my/consent': 4,
  '/my/household': 2,
  '/my/ministries': 3,
  '/my/registrations': 2,
  '/my/prayers': 2,
  '/my/gifts': 2,
  '/my/directory': 5,
  '/my/data': 1,
};

describe('the /my pages’ queries', () => {
  let api: TestApi;
  let server: Server;
  let origin: string;
  let cookie: string;
  const counted = { statements: 0 };
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      counted.statements++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };

  beforeAll(async () => {
    needsBuild('dist/server/entry.mjs');
    api = await startApi('sqlite', { members: 0 });
    const deps = {
      database: { ...api.database, db: api.database.db.withPlugin(counter) },
      config: api.config,
      now: () => api.clock.now,
      mailer: { send: async () => {} },
      media: directoryStore(api.config.uploadsDir),
    };
    const pages = servePages(
      {
        content: api.content,
        reader: contentReaderOf(deps),
        members: memberReaderOf(deps),
        giving: givingReaderOf(deps),
      },
      { loadHandler: async () => (await import(join(root, 'dist/server/entry.mjs'))).handler },
    );
    server = createServer((req, res) => pages.render(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    origin = `http://127.0.0.1:${port}`;
    const id = await api.createUser({ username: 'adwoa', role: 'MEMBER', email: 'adwoa@example.org' });
    const token = await startMemberSession(api.database.db, id, { device: 'test', address: undefined }, api.clock.now);
    cookie = `${MEMBER_COOKIE}=${token}`;
    // What is read once and kept (the church's settings, the account's answer: users/cached-answers.ts) is no page's:
    // a page that shows the profile reads it once first.
    await fetch(`${origin}/my/consent`, { headers: { cookie } });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  it.each(Object.entries(MOST))('%s runs at most %i statements', async (path, most) => {
    counted.statements = 0;
    const res = await fetch(`${origin}${path}`, { headers: { cookie }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Sign out');
    expect(counted.statements).toBeLessThanOrEqual(most);
  });

  it('sends a visitor without a session to /my with one statement at most', async () => {
    counted.statements = 0;
    const res = await fetch(`${origin}/my/consent`, {
      headers: { cookie: `${MEMBER_COOKIE}=nope` },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my');
    expect(counted.statements).toBeLessThanOrEqual(1);
  });
});
