// Property-based bad input (fast-check): arbitrary JSON values, strings that look like SQL or
// script, wrong types, unknown fields and raw garbage sent to every writing route. Nothing may
// answer 5xx and nothing may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backends, snapshot, startApi, type TestApi } from './helpers';

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "' OR '1'='1",
    "admin'--",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '\u0000',
    '../../etc/passwd',
    '%00',
    '${7*7}',
    "Robert'); DROP TABLE users;--",
    'a'.repeat(10_000),
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const FIELDS = [
  'username',
  'password',
  'email',
  'first_name',
  'last_name',
  'phone_number',
  'address',
  'date_of_birth',
  'role',
  'reason',
  'refresh',
  'refresh_token',
  'token',
  'is_suspended',
  'can_access_web',
  'sms_notifications',
  '__proto__',
  'constructor',
];
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 6 }), fc.jsonValue());

describe.each(backends())('bad input on %s', (backend) => {
  let api: TestApi;
  let member: number;
  let token: string;
  beforeAll(async () => {
    api = await startApi(backend, { members: 2 });
    token = await api.tokenFor('pastor'); // a pastor may only suspend/reactivate members
    member = (
      await api.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'member0001')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => api?.close());

  // Routes where a pastor's well-formed call could legitimately change data are sent only values
  // that can never be valid for them, so "no change" is a sound property.
  const routes = () => [
    { method: 'POST', path: '/auth/login/', auth: false },
    { method: 'POST', path: '/auth/refresh/', auth: false },
    { method: 'POST', path: '/auth/password-reset/confirm/', auth: false },
    { method: 'POST', path: '/auth/users/', auth: true },
    { method: 'PATCH', path: `/auth/users/1/`, auth: true },
    { method: 'POST', path: `/auth/users/${member}/promote_role/`, auth: true },
    { method: 'DELETE', path: `/auth/users/${member}/`, auth: true },
  ];

  it('never answers 5xx and never changes data for arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), body, async (i, payload) => {
        const route = routes()[i];
        const before = await snapshot(api);
        const res = await api.request(route.method, route.path, {
          token: route.auth ? token : undefined,
          body: payload,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.detail).toBe('string');
        // Login attempts are recorded by design; everything else must be untouched.
        expect(await snapshot(api)).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it('never answers 5xx for raw garbage bodies, odd content types and odd paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          '',
        ),
        fc.constantFrom(
          '/auth/login/',
          '/auth/profile/',
          `/auth/users/${member}/`,
          '/auth/users/',
          '/auth/logout/',
          '/auth/password-reset/',
        ),
        fc.constantFrom('POST', 'PATCH', 'PUT', 'DELETE'),
        async (raw, type, path, method) => {
          const before = await snapshot(api);
          const res = await api.request(method, path, { token, raw, headers: type ? { 'Content-Type': type } : {} });
          // An empty body is a valid no-op for logout and PATCH profile; anything else is refused.
          expect(res.status).toBeLessThan(500);
          expect(await snapshot(api)).toBe(before);
        },
      ),
      { numRuns: 80 },
    );
    for (const path of [
      '/auth/users/%00/',
      '/auth/users/%E0%A4%A/',
      '/media/%2e%2e%2fjwt-secret',
      '/auth/users/99999999999999999999/',
      '/' + 'a'.repeat(5000),
    ]) {
      const res = await fetch(api.url + '/api/v1' + path, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('stores SQL- and script-looking text verbatim, as data', async () => {
    const admin = await api.tokenFor('admin');
    const evil = "Robert'); DROP TABLE users;--";
    const res = await api.request('PATCH', `/auth/users/${member}/`, {
      token: admin,
      body: { address: `${evil} <script>alert(1)</script>` },
    });
    expect(res.status).toBe(200);
    expect(res.body.address).toBe(`${evil} <script>alert(1)</script>`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await api.request('GET', '/auth/users/', { token: admin })).status).toBe(200);
  });
});

// The four state actions judge their body before they look for the user (the order they have always had):
// an invalid body is a 400 whatever the target, and only a valid one learns whether the user exists or may
// be acted on.
describe.each(backends())('state actions read their body first on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api.close());

  it('answers 400 for a bad body, then 404 or 403 for a valid one', async () => {
    const pastor = await api.tokenFor('pastor');
    const admin = await api.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const post = (path: string, opts: { body?: unknown; raw?: BodyInit }) =>
      api.request('POST', path, { token: pastor, ...opts });
    expect((await post('/auth/users/999999/suspend_user/', { body: { bogus: 1 } })).status).toBe(400);
    expect((await post('/auth/users/abc/reactivate_user/', { raw: '{bad' })).status).toBe(400);
    expect((await post(`/auth/users/${admin.id}/suspend_user/`, { body: { reason: 5 } })).status).toBe(400);
    expect((await post(`/auth/users/${admin.id}/revoke_web_access/`, { raw: '[1]' })).status).toBe(400);
    expect((await post('/auth/users/999999/suspend_user/', { body: { reason: 'x' } })).status).toBe(404);
    expect((await post(`/auth/users/${admin.id}/suspend_user/`, { body: { reason: 'x' } })).status).toBe(403);
    expect((await post(`/auth/users/${admin.id}/grant_web_access/`, { body: {} })).status).toBe(403);
  });
});
