// Two-factor sign-in (docs/API.md, Two-factor sign-in): TOTP set-up and confirmation, the second step of a
// sign-in with a TOTP or recovery code, the mfa_token's limits (five wrong codes, five minutes, one sign-in), a code
// signing in once, the throttle, nothing told before the password is right; sessions; the policy; a reset by rank.
// Codes are computed here from the secret with node:crypto (RFC 4226/6238), independently of the server's library.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, DEMO_PASSWORD, startApi, type TestApi } from './helpers';

const STEP_MS = 30_000;

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}

/** RFC 6238 with SHA-1, 6 digits, 30-second steps. */
export function totp(secret: string, nowMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / STEP_MS)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe.each(backends())('two-factor sign-in on %s', (backend) => {
  let api: TestApi;
  let n = 0;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(() => api?.close());

  const login = (username: string, password = DEMO_PASSWORD, headers?: Record<string, string>) =>
    api.request('POST', '/auth/login/', { body: { username, password }, headers });
  const second = (mfa_token: string, code: string) =>
    api.request('POST', '/auth/login/2fa/', { body: { mfa_token, code } });
  /** A new staff account with TOTP on: its name, secret, recovery codes and a token of the enrolment session. */
  async function enrolled(role: 'PASTOR' | 'ADMIN' | 'SUPERADMIN' = 'PASTOR') {
    const username = `tf_${role.toLowerCase()}_${n++}`;
    const id = await api.createUser({ username, role });
    const token = await api.tokenFor(username);
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token });
    expect(setup.status).toBe(200);
    const confirm = await api.request('POST', '/auth/2fa/totp/confirm/', {
      token,
      body: { code: totp(setup.body.secret, api.clock.now) },
    });
    expect(confirm.status).toBe(200);
    // A step on, as if the person took a moment: each test says what a code of the confirming step does.
    api.clock.advance(STEP_MS);
    return { id, username, secret: setup.body.secret as string, codes: confirm.body.recovery_codes as string[], token };
  }
  it('sets up TOTP: a secret not in force until a right code confirms it, then ten recovery codes', async () => {
    const username = `tf_setup_${n++}`;
    await api.createUser({ username, role: 'PASTOR' });
    const token = await api.tokenFor(username);
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(
      /^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*algorithm=SHA1.*digits=6.*period=30/,
    );
    // Not in force yet: the password alone still signs in.
    expect((await login(username)).body.access).toEqual(expect.any(String));
    for (const code of ['000000', 'abc', '', '12345678', totp(setup.body.secret, api.clock.now - 5 * STEP_MS)]) {
      const wrong = await api.request('POST', '/auth/2fa/totp/confirm/', { token, body: { code } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toBe('Invalid code.');
    }
    const ok = await api.request('POST', '/auth/2fa/totp/confirm/', {
      token,
      body: { code: totp(setup.body.secret, api.clock.now) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    const status = await api.request('GET', '/auth/2fa/', { token });
    expect(status.body).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [], required: false });
    const stored = await api.database.db.selectFrom('totp_secrets').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(setup.body.secret);
    const codes = await api.database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(codes.map((c) => c.code_hash)).not.toContain(ok.body.recovery_codes[0]);
  });

  it('signs in with the very code that confirmed the set-up, once (confirming spends no code)', async () => {
    const username = `tf_same_${n++}`;
    await api.createUser({ username, role: 'PASTOR' });
    const token = await api.tokenFor(username);
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token });
    const code = totp(setup.body.secret, api.clock.now);
    expect((await api.request('POST', '/auth/2fa/totp/confirm/', { token, body: { code } })).status).toBe(200);
    const first = await login(username);
    expect((await second(first.body.mfa_token, code)).status).toBe(200);
    const again = await login(username);
    expect((await second(again.body.mfa_token, code)).status).toBe(401);
  });

  it('asks for the second factor after a right password, and signs in with a current code', async () => {
    const user = await enrolled();
    const first = await login(user.username);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const done = await second(first.body.mfa_token, totp(user.secret, api.clock.now));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect(done.body.user.username).toBe(user.username);
    expect((await api.request('GET', '/auth/profile/', { token: done.body.access })).status).toBe(200);
    // The token belonged to that one sign-in.
    api.clock.advance(STEP_MS);
    expect((await second(first.body.mfa_token, totp(user.secret, api.clock.now))).status).toBe(401);
  });

  it('accepts a code one step either side, and a code that signed in once never again', async () => {
    const user = await enrolled();
    api.clock.advance(STEP_MS); // the step before now is then one no code was used in
    const earlier = totp(user.secret, api.clock.now - STEP_MS);
    const t1 = (await login(user.username)).body.mfa_token;
    expect((await second(t1, earlier)).status).toBe(200);
    const t2 = (await login(user.username)).body.mfa_token;
    const reused = await second(t2, earlier);
    expect(reused.status).toBe(401);
    // Nor any code of an earlier step than the one used.
    expect((await second(t2, totp(user.secret, api.clock.now - 2 * STEP_MS))).status).toBe(401);
    expect((await second(t2, totp(user.secret, api.clock.now))).status).toBe(200);
    expect((await second((await login(user.username)).body.mfa_token, totp(user.secret, api.clock.now))).status).toBe(
      401,
    );
  });

  it('signs in with each recovery code once, audited', async () => {
    const user = await enrolled();
    const code = user.codes[3];
    const t1 = (await login(user.username)).body.mfa_token;
    expect((await second(t1, code.toLowerCase())).status).toBe(200);
    const t2 = (await login(user.username)).body.mfa_token;
    expect((await second(t2, code)).status).toBe(401);
    expect((await second(t2, user.codes[4])).status).toBe(200);
    const status = await api.request('GET', '/auth/2fa/', { token: user.token });
    expect(status.body.recoveryCodesLeft).toBe(8);
    const audit = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', user.id)
      .where('action', '=', 'use_recovery_code')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('kills the mfa_token after five wrong codes: a right code then is a 401 too', async () => {
    const user = await enrolled();
    const token = (await login(user.username)).body.mfa_token;
    const answers = [];
    for (const code of ['000000', '111111', 'nope', 'AAAAA-BBBBB', '999999']) answers.push(await second(token, code));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    // Every wrong, malformed or dead code answers alike.
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const dead = await second(token, totp(user.secret, api.clock.now));
    expect(dead.status).toBe(401);
    expect(dead.body).toEqual(answers[0].body);
    expect((await second('not-a-token', totp(user.secret, api.clock.now))).body).toEqual(answers[0].body);
  });

  it('counts parallel wrong codes as strictly as sequential ones: five at most, then the token is dead', async () => {
    const user = await enrolled();
    const token = (await login(user.username)).body.mfa_token;
    const wrong = await Promise.all(Array.from({ length: 12 }, (_, i) => second(token, String(100000 + i))));
    expect(wrong.every((a) => a.status === 401)).toBe(true);
    // No more than five of the twelve were judged: the rest were refused before their code was looked at.
    const rows = await api.database.db.selectFrom('sign_in_challenges').select('failures').execute();
    expect(Math.max(...rows.map((r) => Number(r.failures)))).toBe(5);
    expect((await second(token, totp(user.secret, api.clock.now))).status).toBe(401);
  });

  it('lets an mfa_token live five minutes', async () => {
    const user = await enrolled();
    const token = (await login(user.username)).body.mfa_token;
    api.clock.advance(5 * 60_000 + 1000);
    expect((await second(token, totp(user.secret, api.clock.now))).status).toBe(401);
  });

  it('tells nothing about two-factor before the password is right', async () => {
    const user = await enrolled();
    const plain = `tf_plain_${n++}`;
    await api.createUser({ username: plain, role: 'PASTOR' });
    const a = await login(user.username, 'wrong-password');
    const b = await login(plain, 'wrong-password');
    expect([a.status, b.status]).toEqual([401, 401]);
    expect(a.body).toEqual(b.body);
    expect([...a.headers.keys()].sort()).toEqual([...b.headers.keys()].sort());
  });

  it('turns TOTP off with a current code (audited); new recovery codes replace the old', async () => {
    const user = await enrolled();
    const renewed = await api.request('POST', '/auth/2fa/recovery-codes/', {
      token: user.token,
      body: { code: totp(user.secret, api.clock.now) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    api.clock.advance(STEP_MS);
    const t = (await login(user.username)).body.mfa_token;
    expect((await second(t, user.codes[0])).status).toBe(401);
    expect((await second(t, renewed.body.recovery_codes[0])).status).toBe(200);
    expect((await api.request('DELETE', '/auth/2fa/', { token: user.token, body: { code: '123456' } })).status).toBe(
      400,
    );
    const off = await api.request('DELETE', '/auth/2fa/', {
      token: user.token,
      body: { code: totp(user.secret, api.clock.now) },
    });
    expect(off.status).toBe(204);
    expect((await login(user.username)).body.access).toEqual(expect.any(String));
    const actions = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'enable_totp',
      'renew_recovery_codes',
      'use_recovery_code',
      'disable_totp',
    ]);
    const left = await api.database.db
      .selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe.each(backends())('second-step throttle on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => api?.close());

  it('counts wrong codes toward the per-address throttle of failed sign-ins', async () => {
    await api.createUser({ username: 'tf_throttle', role: 'PASTOR' });
    const token = await api.tokenFor('tf_throttle');
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token });
    await api.request('POST', '/auth/2fa/totp/confirm/', {
      token,
      body: { code: totp(setup.body.secret, api.clock.now) },
    });
    api.clock.advance(STEP_MS);
    const first = await api.request('POST', '/auth/login/', {
      body: { username: 'tf_throttle', password: DEMO_PASSWORD },
    });
    const mfa = first.body.mfa_token;
    for (let i = 0; i < 3; i++)
      expect((await api.request('POST', '/auth/login/2fa/', { body: { mfa_token: mfa, code: '000000' } })).status).toBe(
        401,
      );
    const throttled = await api.request('POST', '/auth/login/2fa/', {
      body: { mfa_token: mfa, code: totp(setup.body.secret, api.clock.now) },
    });
    expect(throttled.status).toBe(429);
    expect(
      (await api.request('POST', '/auth/login/', { body: { username: 'tf_throttle', password: 'wrong' } })).status,
    ).toBe(429);
  });
});

describe.each(backends())('sessions, policy and reset on %s', (backend) => {
  let api: TestApi;
  let n = 0;
  beforeAll(async () => {
    // Behind a proxy, so the test chooses the address the session records.
    api = await startApi(backend, { members: 0, env: { TRUST_PROXY: 'true' } });
    // Taken before any policy: a SUPERADMIN signing in under one would be taken to enrol too.
    superToken = await api.tokenFor('superadmin');
  });
  let superToken: string;
  afterAll(() => api?.close());

  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
  const MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const signIn = async (username: string, ua: string) =>
    (
      await api.request('POST', '/auth/login/', {
        body: { username, password: DEMO_PASSWORD },
        headers: { 'User-Agent': ua, 'X-Forwarded-For': '203.0.113.7' },
      })
    ).body;
  const setPolicy = async (require_two_factor: string) => {
    const res = await api.request('PATCH', '/settings/security/', { token: superToken, body: { require_two_factor } });
    expect(res.status).toBe(200);
  };

  it('lists the own sessions with device, address and times, marks the current one, and ends them', async () => {
    const username = `s_${n++}`;
    await api.createUser({ username, role: 'PASTOR' });
    const phone = await signIn(username, ANDROID);
    api.clock.advance(60_000);
    const laptop = await signIn(username, MAC);
    const list = await api.request('GET', '/auth/sessions/', { token: laptop.access });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    const [mine, other] = list.body;
    expect(mine).toEqual({
      id: expect.any(String),
      device: 'Safari on macOS',
      address: '203.0.113.7',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      current: true,
    });
    expect(other).toMatchObject({ device: 'Chrome on Android', current: false });
    // A refresh moves last used.
    api.clock.advance(60_000);
    const next = await api.request('POST', '/auth/refresh/', { body: { refresh: phone.refresh } });
    expect(next.status).toBe(200);
    const after = await api.request('GET', '/auth/sessions/', { token: laptop.access });
    expect(after.body[0]).toMatchObject({ id: other.id, lastUsedAt: new Date(api.clock.now).toISOString() });
    // Someone else's session, or an unknown id, names nothing.
    const stranger = `s_${n++}`;
    await api.createUser({ username: stranger, role: 'PASTOR' });
    const theirs = await signIn(stranger, MAC);
    expect((await api.request('DELETE', `/auth/sessions/${other.id}/`, { token: theirs.access })).status).toBe(404);
    expect((await api.request('DELETE', '/auth/sessions/nope/', { token: laptop.access })).status).toBe(404);
    const ended = await api.request('DELETE', `/auth/sessions/${other.id}/`, { token: laptop.access });
    expect(ended.status).toBe(204);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: next.body.refresh } })).status).toBe(401);
    expect((await api.request('GET', '/auth/sessions/', { token: laptop.access })).body).toHaveLength(1);
    // Every other session at once.
    const third = await signIn(username, ANDROID);
    expect((await api.request('POST', '/auth/sessions/others/revoke/', { token: laptop.access })).status).toBe(204);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: third.refresh } })).status).toBe(401);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: laptop.refresh } })).status).toBe(200);
    const actions = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_name', 'like', `%${username}`)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'end_session', details: 'Chrome on Android' },
      { action: 'end_other_sessions', details: null },
    ]);
  });

  it('lets a SUPERADMIN set the policy, an ADMIN read it, nobody else', async () => {
    await api.createUser({ username: `p_admin_${n}`, role: 'ADMIN' });
    await api.createUser({ username: `p_pastor_${n}`, role: 'PASTOR' });
    const admin = await api.tokenFor(`p_admin_${n}`);
    const pastor = await api.tokenFor(`p_pastor_${n++}`);
    const superadmin = await api.tokenFor('superadmin');
    expect((await api.request('GET', '/settings/security/', { token: superadmin })).body).toEqual({
      require_two_factor: 'off',
    });
    expect((await api.request('GET', '/settings/security/', { token: admin })).status).toBe(200);
    expect((await api.request('GET', '/settings/security/', { token: pastor })).status).toBe(403);
    const body = { require_two_factor: 'admins' };
    expect((await api.request('PATCH', '/settings/security/', { token: admin, body })).status).toBe(403);
    expect(
      (await api.request('PATCH', '/settings/security/', { token: superadmin, body: { require_two_factor: 'all' } }))
        .status,
    ).toBe(400);
    expect((await api.request('PATCH', '/settings/security/', { token: superadmin, body })).body).toEqual(body);
    const entry = await api.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_name', 'details'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      action: 'update_settings',
      target_name: 'two-factor policy',
      details: 'two-factor sign-in required for administrators',
    });
    await setPolicy('off');
  });

  it('takes an account under the policy to enrol: only enrolment calls pass until it has', async () => {
    await setPolicy('admins');
    const username = `pol_${n++}`;
    await api.createUser({ username, role: 'ADMIN' });
    const pastorName = `pol_${n++}`;
    await api.createUser({ username: pastorName, role: 'PASTOR' });
    const signedIn = await signIn(username, MAC);
    expect(signedIn.mfa_enrolment_required).toBe(true);
    expect(signedIn.access).toEqual(expect.any(String));
    expect((await signIn(pastorName, MAC)).mfa_enrolment_required).toBeUndefined();
    const token = signedIn.access;
    for (const [method, path] of [
      ['GET', '/auth/users/'],
      ['GET', '/auth/users/stats/'],
      ['GET', '/settings/general/'],
      ['POST', '/auth/2fa/recovery-codes/'],
    ]) {
      const refused = await api.request(method, path, { token, body: method === 'POST' ? { code: '1' } : undefined });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({
        detail: 'Set up two-factor sign-in to continue.',
        code: 'mfa_enrolment_required',
      });
    }
    const profile = await api.request('GET', '/auth/profile/', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.two_factor).toEqual({ enabled: false, required: true });
    expect((await api.request('GET', '/auth/sessions/', { token })).status).toBe(200);
    const status = await api.request('GET', '/auth/2fa/', { token });
    expect(status.body).toMatchObject({ totp: false, required: true });
    expect((await api.request('POST', '/auth/passkeys/options/', { token })).status).not.toBe(403);
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token });
    expect(setup.status).toBe(200);
    const confirm = await api.request('POST', '/auth/2fa/totp/confirm/', {
      token,
      body: { code: totp(setup.body.secret, api.clock.now) },
    });
    expect(confirm.status).toBe(200);
    // Enrolled: the same token opens everything, and the profile says so.
    expect((await api.request('GET', '/auth/users/', { token })).status).toBe(200);
    expect((await api.request('GET', '/auth/profile/', { token })).body.two_factor).toEqual({
      enabled: true,
      required: true,
    });
    expect((await api.request('GET', '/settings/general/', { token })).status).toBe(200);
    // A refreshed token of an account without a factor still carries the rule.
    const other = `pol_${n++}`;
    await api.createUser({ username: other, role: 'SUPERADMIN' });
    const pair = await signIn(other, MAC);
    const refreshed = await api.request('POST', '/auth/refresh/', { body: { refresh: pair.refresh } });
    expect((await api.request('GET', '/auth/users/', { token: refreshed.body.access })).status).toBe(403);
    await setPolicy('off');
  });

  it('lets an ADMIN reset a PASTOR (audited, sessions ended, the person emailed) but not a SUPERADMIN', async () => {
    const adminName = `r_admin_${n++}`;
    await api.createUser({ username: adminName, role: 'ADMIN' });
    const pastorName = `r_pastor_${n++}`;
    const pastorId = await api.createUser({ username: pastorName, role: 'PASTOR', email: `${pastorName}@example.org` });
    const pastor = await signIn(pastorName, MAC);
    const setup = await api.request('POST', '/auth/2fa/totp/setup/', { token: pastor.access });
    await api.request('POST', '/auth/2fa/totp/confirm/', {
      token: pastor.access,
      body: { code: totp(setup.body.secret, api.clock.now) },
    });
    const admin = await api.tokenFor(adminName);
    const superId = await api.createUser({ username: `r_super_${n++}`, role: 'SUPERADMIN' });
    expect((await api.request('POST', `/auth/users/${superId}/2fa/reset/`, { token: admin })).status).toBe(403);
    const pastorToken = await api.tokenFor(`r_pastor_${n - 2}`).catch(() => undefined);
    expect(pastorToken).toBeUndefined(); // with two-factor on, a password alone gives no token
    const reset = await api.request('POST', `/auth/users/${pastorId}/2fa/reset/`, { token: admin });
    expect(reset.status).toBe(204);
    expect((await api.request('POST', '/auth/refresh/', { body: { refresh: pastor.refresh } })).status).toBe(401);
    expect((await api.request('GET', '/auth/profile/', { token: pastor.access })).status).toBe(401);
    const again = await signIn(pastorName, MAC);
    expect(again.access).toEqual(expect.any(String));
    const mail = api.mails.find((m) => m.to === `${pastorName}@example.org`);
    expect(mail?.subject).toBe('Your two-factor sign-in was reset');
    expect(mail?.text).toContain(`Your two-factor sign-in was reset by Test ${adminName}`);
    const activity = await api.request('GET', '/auth/activity/', { token: admin });
    expect(JSON.stringify(activity.body)).toContain(`reset the two-factor sign-in of Test ${pastorName}`);
  });
});
