// Per-address throttling of sign-in, refresh and password-reset (AUTH_RATE_LIMIT, here 3 in 10 minutes): the
// next attempt is a 429 with Retry-After that checks nothing and changes nothing, the count ends with its window,
// successes do not count, and two instances on one PostgreSQL share it. And the argon2id rehash of an earlier
// scrypt hash at sign-in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backends, scryptHash, startApi, type TestApi } from './helpers';
import { parseHash } from '../../src/server/credentials/passwords';
import { issueCode } from '../../src/server/members/codes';

const LIMIT = { AUTH_RATE_LIMIT: '3' };
const TEN_MINUTES = 10 * 60_000;

describe.each(backends())('auth throttling on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: LIMIT });
  });
  afterAll(() => api?.close());

  const signIn = (username: string, password = 'not-the-password') =>
    api.request('POST', '/auth/login/', { body: { username, password } });

  it('answers 429 with Retry-After after the failed sign-ins allowed, then lets the address try again', async () => {
    // Different usernames: the per-username lockout never meets this.
    for (const name of ['ghost1', 'ghost2', 'ghost3']) expect((await signIn(name)).status).toBe(401);
    const refused = await signIn('ghost4');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many attempts from your connection. Please try again later.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    // Nothing is checked while throttled, the right password neither; the lockout count did not move.
    expect((await signIn('admin', 'Demo1234!')).status).toBe(429);
    const attempts = await api.database.db
      .selectFrom('login_attempts')
      .select('username')
      .where('username', '=', 'ghost4')
      .execute();
    expect(attempts).toEqual([]);
    api.clock.advance(TEN_MINUTES + 1000);
    expect((await signIn('admin', 'Demo1234!')).status).toBe(200);
  });

  it("counts a wrong /my sign-in code as a failed sign-in of the address (across the member's codes)", async () => {
    api.clock.advance(TEN_MINUTES + 1000);
    const email = 'coder@test.example.org';
    const userId = await api.createUser({ username: 'coder', role: 'MEMBER', email });
    const { code } = await issueCode(
      api.database.db,
      api.config,
      { userId, channel: 'email', destination: email, purpose: 'sign-in' },
      api.clock.now,
    );
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++)
      expect((await api.request('POST', '/members/session/', { body: { email, code: wrong } })).status).toBe(400);
    // The fourth try from the address is refused before it is judged, the right code too.
    const refused = await api.request('POST', '/members/session/', { body: { email, code } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('does not count successful sign-ins', async () => {
    api.clock.advance(TEN_MINUTES + 1000);
    for (let i = 0; i < 6; i++) expect((await signIn('admin', 'Demo1234!')).status).toBe(200);
  });

  it('throttles failed refreshes, and password-reset requests whatever their email', async () => {
    api.clock.advance(TEN_MINUTES + 1000);
    for (let i = 0; i < 3; i++) {
      expect((await api.request('POST', '/auth/refresh/', { body: { refresh: `bad-${i}` } })).status).toBe(401);
    }
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: 'bad-4' } })).status).toBe(429);

    await api.createUser({ username: 'resetter', role: 'PASTOR', email: 'resetter@test.example.org' });
    const mails = api.mails.length;
    const reset = () => api.request('POST', '/auth/password-reset/', { body: { email: 'resetter@test.example.org' } });
    for (let i = 0; i < 3; i++) expect((await reset()).status).toBe(200);
    const refused = await reset();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.mails.length).toBe(mails + 3);
  });

  it('replaces an earlier scrypt hash with argon2id at the next sign-in', async () => {
    api.clock.advance(TEN_MINUTES + 1000);
    const id = await api.createUser({ username: 'oldhash', role: 'PASTOR' });
    await api.database.db
      .updateTable('users')
      .set({ password_hash: scryptHash('Old-password-1') })
      .where('id', '=', id)
      .execute();
    expect((await signIn('oldhash', 'Old-password-1')).status).toBe(200);
    const row = await api.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(parseHash(row.password_hash)?.scheme).toBe('argon2id');
    expect((await signIn('oldhash', 'Old-password-1')).status).toBe(200);
    expect((await signIn('oldhash', 'Wrong-password-1')).status).toBe(401);
  });
});

const pg = inject('pgUrl');
describe.skipIf(!pg)('auth throttling across two instances on one PostgreSQL', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startApi('postgres', { members: 0, env: LIMIT });
    b = await startApi('postgres', {
      databaseUrl: a.config.databaseUrl,
      env: { ...LIMIT, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts the failures made on either instance', async () => {
    const wrong = (api: TestApi, username: string) =>
      api.request('POST', '/auth/login/', { body: { username, password: 'nope-nope-1' } });
    expect((await wrong(a, 'ghost-a1')).status).toBe(401);
    expect((await wrong(b, 'ghost-b1')).status).toBe(401);
    expect((await wrong(a, 'ghost-a2')).status).toBe(401);
    expect((await wrong(b, 'ghost-b2')).status).toBe(429);
    expect((await wrong(a, 'ghost-a3')).status).toBe(429);
  });
});
