// Sign-in, tokens, lockout, logout and password reset, over real HTTP, on every backend.
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { backends, startApi, type TestApi } from './helpers';

describe.each(backends())('auth on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api?.close());

  it('answers health', async () => {
    const res = await api.request('GET', '/health/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('signs in staff with web access and answers {access, refresh, user} without the hash', async () => {
    const res = await api.request('POST', '/auth/login/', { body: { username: 'admin', password: 'Demo1234!' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh', 'user']);
    const user = res.body.user;
    expect(user.username).toBe('admin');
    expect(user.role).toBe('ADMIN');
    expect(user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(res.body)).not.toContain('scrypt$');
    for (const f of [
      'id',
      'email',
      'first_name',
      'last_name',
      'phone_number',
      'avatar',
      'is_active',
      'is_suspended',
      'can_access_web',
      'date_joined',
      'last_login',
      'last_seen',
      'is_online',
      'date_of_birth',
      'age',
      'address',
      'member_since',
      'years_as_member',
      'baptism_date',
      'ministry_memberships',
      'family_members',
      'email_notifications',
      'sms_notifications',
      'push_notifications',
      'event_reminders',
      'prayer_request_notifications',
    ]) {
      expect(user, f).toHaveProperty(f);
    }
    expect(user.is_online).toBe(true);
    expect(Date.parse(user.last_login)).toBeGreaterThan(0);
  });

  it('accepts a login without the X-Platform header', async () => {
    const res = await fetch(api.url + '/api/v1/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pastor', password: 'Demo1234!' }),
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the same body for an unknown user and a wrong password', async () => {
    const wrong = await api.request('POST', '/auth/login/', { body: { username: 'admin', password: 'nope-nope' } });
    const unknown = await api.request('POST', '/auth/login/', {
      body: { username: 'ghost-user', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 403 (only after a right password) for accounts without admin web access', async () => {
    for (const username of ['member', 'staffnoweb', 'suspended']) {
      const right = await api.request('POST', '/auth/login/', { body: { username, password: 'Demo1234!' } });
      expect(right.status, username).toBe(403);
      expect(right.body.detail).toBe('Access denied. You do not have permission to access the admin panel.');
      const wrong = await api.request('POST', '/auth/login/', { body: { username, password: 'wrong-password' } });
      expect(wrong.status, username).toBe(401);
    }
  });

  it('answers 400 with field errors for bad login payloads', async () => {
    const res = await api.request('POST', '/auth/login/', { body: { username: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual(['Username is required']);
    expect(res.body.errors.password).toEqual(['Password is required']);
  });

  it('locks a username after 5 failures in 15 minutes, for 15 minutes', async () => {
    const username = 'lockme';
    await api.createUser({ username, role: 'ADMIN' });
    for (let i = 0; i < 5; i++) {
      const r = await api.request('POST', '/auth/login/', { body: { username, password: 'bad-password' } });
      expect(r.status).toBe(401);
      api.clock.advance(60_000);
    }
    // Locked: even the right password is refused with 423.
    const locked = await api.request('POST', '/auth/login/', { body: { username, password: 'Demo1234!' } });
    expect(locked.status).toBe(423);
    expect(locked.body.detail).toBe('Account is temporarily locked. Please try again later.');
    // Other accounts are not affected.
    expect(
      (await api.request('POST', '/auth/login/', { body: { username: 'pastor', password: 'Demo1234!' } })).status,
    ).toBe(200);
    api.clock.advance(13 * 60_000); // 14 minutes after the fifth failure
    expect((await api.request('POST', '/auth/login/', { body: { username, password: 'Demo1234!' } })).status).toBe(423);
    api.clock.advance(2 * 60_000);
    expect((await api.request('POST', '/auth/login/', { body: { username, password: 'Demo1234!' } })).status).toBe(200);
  });

  it('does not lock for 5 failures spread over more than 15 minutes', async () => {
    const username = 'slowfail';
    await api.createUser({ username, role: 'ADMIN' });
    for (let i = 0; i < 5; i++) {
      await api.request('POST', '/auth/login/', { body: { username, password: 'bad-password' } });
      api.clock.advance(4 * 60_000);
    }
    expect((await api.request('POST', '/auth/login/', { body: { username, password: 'Demo1234!' } })).status).toBe(200);
  });

  it('locks unknown usernames the same way (no existence leak)', async () => {
    for (let i = 0; i < 5; i++)
      await api.request('POST', '/auth/login/', { body: { username: 'nobody-here', password: 'x' } });
    expect(
      (await api.request('POST', '/auth/login/', { body: { username: 'nobody-here', password: 'x' } })).status,
    ).toBe(423);
  });

  it('rotates refresh tokens and revokes the family when a used token comes back', async () => {
    const { refresh } = await api.login('admin');
    const first = await api.request('POST', '/auth/refresh/', { body: { refresh } });
    expect(first.status).toBe(200);
    expect(typeof first.body.access).toBe('string');
    expect(typeof first.body.refresh).toBe('string');
    expect((await api.request('GET', '/auth/profile/', { token: first.body.access })).status).toBe(200);
    // Reuse of the rotated token: refused, and the newest token of that login dies with it.
    const reuse = await api.request('POST', '/auth/refresh/', { body: { refresh } });
    expect(reuse.status).toBe(401);
    const next = await api.request('POST', '/auth/refresh/', { body: { refresh: first.body.refresh } });
    expect(next.status).toBe(401);
  });

  it('keeps other logins alive when one family is revoked', async () => {
    const a = await api.login('admin');
    const b = await api.login('admin');
    await api.request('POST', '/auth/refresh/', { body: { refresh: a.refresh } });
    await api.request('POST', '/auth/refresh/', { body: { refresh: a.refresh } }); // reuse → family a revoked
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: b.refresh } })).status).toBe(200);
  });

  it('expires refresh tokens after 7 days and access tokens after 60 minutes', async () => {
    const { access, refresh } = await api.login('admin');
    api.clock.advance(59 * 60_000);
    expect((await api.request('GET', '/auth/profile/', { token: access })).status).toBe(200);
    api.clock.advance(2 * 60_000);
    expect((await api.request('GET', '/auth/profile/', { token: access })).status).toBe(401);
    api.clock.advance(7 * 24 * 3600_000);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh } })).status).toBe(401);
  });

  it('logout revokes the refresh token and marks the user offline', async () => {
    const { access, refresh, user } = await api.login('pastor');
    const out = await api.request('POST', '/auth/logout/', { token: access, body: { refresh_token: refresh } });
    expect(out.status).toBe(200);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh } })).status).toBe(401);
    const admin = await api.tokenFor('superadmin');
    const seen = await api.request('GET', `/auth/users/${user.id}/`, { token: admin });
    expect(seen.body.is_online).toBe(false);
  });

  it('refuses missing, forged, alg:none, wrong-type and malformed tokens with 401', async () => {
    const good = await api.login('admin');
    const [h, p] = good.access.split('.');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${p}.`;
    const forged = await new SignJWT({ typ: 'access', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(good.user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const tampered = `${h}.${base64url.encode(JSON.stringify({ typ: 'access', ver: 0, sub: '1', exp: 9999999999 }))}.${good.access.split('.')[2]}`;
    for (const token of [none, forged, tampered, good.refresh, 'abc', 'a.b.c', 'x'.repeat(5000)]) {
      const res = await api.request('GET', '/auth/profile/', { token });
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await api.request('GET', '/auth/profile/')).status).toBe(401);
    expect(
      (await api.request('GET', '/auth/profile/', { headers: { Authorization: 'Basic Zm9vOmJhcg==' } })).status,
    ).toBe(401);
  });

  it('refuses a still-valid access token once the account is suspended (403)', async () => {
    const id = await api.createUser({ username: 'tobesuspended', role: 'PASTOR' });
    const token = await api.tokenFor('tobesuspended');
    const admin = await api.tokenFor('admin');
    expect(
      (await api.request('POST', `/auth/users/${id}/suspend_user/`, { token: admin, body: { reason: 'test' } })).status,
    ).toBe(200);
    expect((await api.request('GET', '/auth/profile/', { token })).status).toBe(403);
  });

  it('resets a password end to end with a single-use, one-hour token', async () => {
    const id = await api.createUser({ username: 'forgetful', role: 'PASTOR', email: 'forgetful@test.example.org' });
    const session = await api.login('forgetful');
    const ok = { detail: 'If an account exists for that email, a reset link has been sent.' };
    const unknown = await api.request('POST', '/auth/password-reset/', { body: { email: 'nobody@test.example.org' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(ok);
    expect(api.mails).toHaveLength(0);
    const known = await api.request('POST', '/auth/password-reset/', { body: { email: 'Forgetful@test.example.org' } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(ok);
    // Sent after the answer, so a known address answers as fast as an unknown one.
    await vi.waitFor(() => expect(api.mails).toHaveLength(1));
    const token = /token=([\w-]+)/.exec(api.mails[0].text)![1];
    expect(api.mails[0].to).toBe('forgetful@test.example.org');
    // The token is stored hashed, never as sent.
    const rows = await api.database.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const short = await api.request('POST', '/auth/password-reset/confirm/', { body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toBeDefined();
    const done = await api.request('POST', '/auth/password-reset/confirm/', {
      body: { token, password: 'BrandNew123!' },
    });
    expect(done.status).toBe(200);
    expect(
      (await api.request('POST', '/auth/password-reset/confirm/', { body: { token, password: 'Another123!' } })).status,
    ).toBe(400);
    // Old password and old sessions are dead; the new password works.
    expect(
      (await api.request('POST', '/auth/login/', { body: { username: 'forgetful', password: 'Demo1234!' } })).status,
    ).toBe(401);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: session.refresh } })).status).toBe(401);
    expect((await api.request('GET', '/auth/profile/', { token: session.access })).status).toBe(401);
    expect((await api.login('forgetful', 'BrandNew123!')).user.id).toBe(id);

    // A second link expires after an hour.
    await api.request('POST', '/auth/password-reset/', { body: { email: 'forgetful@test.example.org' } });
    await vi.waitFor(() => expect(api.mails).toHaveLength(2));
    const late = /token=([\w-]+)/.exec(api.mails[1].text)![1];
    api.clock.advance(61 * 60_000);
    expect(
      (await api.request('POST', '/auth/password-reset/confirm/', { body: { token: late, password: 'Whatever123!' } }))
        .status,
    ).toBe(400);
  });

  it('answers 404 JSON for unknown routes, 405 for wrong methods, 400 for malformed JSON, 413 for huge bodies', async () => {
    const unknown = await api.request('GET', '/nope/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Not found.' });
    expect((await api.request('GET', '/auth/login')).status).toBe(404); // the spec's paths end in a slash
    const wrong = await api.request('GET', '/auth/login/');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('POST');
    expect((await api.request('PUT', '/auth/users/1/')).status).toBe(405);
    const bad = await api.request('POST', '/auth/login/', {
      raw: '{"username": "admin",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/JSON/);
    const huge = await api.request('POST', '/auth/login/', {
      raw: JSON.stringify({ username: 'a'.repeat(70_000), password: 'x' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'Request body is too large.' });
  });

  it('sends security headers and honours the CORS allow-list', async () => {
    const res = await api.request('GET', '/health/', { headers: { Origin: 'http://localhost:3000' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const evil = await api.request('GET', '/health/', { headers: { Origin: 'https://evil.example.com' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(api.url + '/api/v1/auth/login/', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-platform,authorization',
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-platform');
  });
});
