// Passkeys (docs/API.md, Two-factor sign-in): adding several with names, listing and removing them, signing in with
// one alone (usernameless) or as the second factor, and every way an answer is refused: replayed, forged, another
// account's, another origin's, a counter gone back, a used or foreign challenge. The authenticator is a software
// one (webauthn-authenticator.ts), independent of the server's code that checks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteOrigins as passkeyOrigins } from '../../src/server/config';
import { backends, DEMO_PASSWORD, startApi, type TestApi } from './helpers';
import { Secret, TOTP } from 'otpauth';
import { b64url, SoftPasskey, type RequestOptions } from './webauthn-authenticator';

const REFUSED = 'That passkey could not sign you in. Please try again, or sign in with your password.';

describe.each(backends())('passkeys on %s', (backend) => {
  let api: TestApi;
  let origin: string;
  let n = 0;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    origin = new URL(api.config.siteUrl).origin;
  });
  afterAll(() => api?.close());

  /** Calls from the site's page: the browser sends its Origin. */
  const call = (method: string, path: string, opts: { token?: string; body?: unknown; from?: string } = {}) =>
    api.request(method, path, { token: opts.token, body: opts.body, headers: { Origin: opts.from ?? origin } });

  async function staff(role: 'PASTOR' | 'ADMIN' = 'PASTOR') {
    const username = `pk_${n++}`;
    const id = await api.createUser({ username, role });
    return { id, username, token: await api.tokenFor(username) };
  }

  /** Proof of the second factor by one of the account's passkeys (POST /auth/2fa/proof/options/). */
  async function proofBy(token: string, key: SoftPasskey) {
    const options = await call('POST', '/auth/2fa/proof/options/', { token });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    return { passkey: { challenge_id: options.body.challenge_id, response: key.assert(options.body.options, origin) } };
  }

  /** Adds a passkey; once the account has a second factor, `proof` proves it (a code, or proofBy). */
  async function addPasskey(token: string, name: string, key = new SoftPasskey(), proof?: object) {
    const options = await call('POST', '/auth/passkeys/options/', { token, body: proof });
    expect(options.status).toBe(200);
    const added = await call('POST', '/auth/passkeys/', {
      token,
      body: { name, response: key.register(options.body, origin) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return { key, passkey: added.body, options: options.body };
  }

  const signInOptions = async (mfa_token?: string) => {
    const res = await call('POST', '/auth/login/passkey/options/', { body: mfa_token ? { mfa_token } : {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { challenge_id: string; options: RequestOptions };
  };
  const signInWith = (challenge_id: string, response: unknown, mfa_token?: string) =>
    call('POST', '/auth/login/passkey/', { body: { challenge_id, response, ...(mfa_token && { mfa_token }) } });

  const auditCount = (action: string, actorId: number) => api.auditCount(action, actorId);

  it('adds several named passkeys (audited), lists them, and turns two-factor on', async () => {
    const me = await staff();
    const first = await addPasskey(me.token, 'Phone');
    expect(first.options).toMatchObject({
      rp: { id: new URL(origin).hostname },
      user: { name: me.username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    expect(first.passkey).toEqual({
      id: expect.any(Number),
      name: 'Phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    // Without proof of the passkey in force, a token alone adds none (403); with it, the second is added.
    expect((await call('POST', '/auth/passkeys/options/', { token: me.token })).status).toBe(403);
    const second = await addPasskey(me.token, '  Laptop  ', new SoftPasskey(), await proofBy(me.token, first.key));
    // The first one is not offered for adding again.
    expect(second.options.excludeCredentials).toEqual([
      { id: b64url(first.key.id), type: 'public-key', transports: ['internal'] },
    ]);
    expect(second.passkey.name).toBe('Laptop');
    const status = await call('GET', '/auth/2fa/', { token: me.token });
    expect(status.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Phone', 'Laptop']);
    expect(status.body.totp).toBe(false);
    expect((await api.userRow(me.id)).two_factor).toBeTruthy();
    expect(await auditCount('add_passkey', me.id)).toBe(2);
  });

  it('refuses a registration answer twice, to another person, from another origin, or with a bad name', async () => {
    const me = await staff();
    const other = await staff();
    const key = new SoftPasskey();
    const options = (await call('POST', '/auth/passkeys/options/', { token: me.token })).body;
    const response = key.register(options, origin);
    // Another person cannot use my challenge.
    const foreign = await call('POST', '/auth/passkeys/', { token: other.token, body: { name: 'Mine', response } });
    expect(foreign.status).toBe(400);
    // An answer made on another origin.
    const elsewhere = await call('POST', '/auth/passkeys/options/', { token: me.token });
    const evil = await call('POST', '/auth/passkeys/', {
      token: me.token,
      body: { name: 'Evil', response: key.register(elsewhere.body, 'https://evil.example') },
    });
    expect(evil.body.detail).toBe('The passkey could not be added. Please try again.');
    const blank = await call('POST', '/auth/passkeys/', { token: me.token, body: { name: '  ', response } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toEqual(['Give the passkey a name.']);
    const bad = await call('POST', '/auth/passkeys/', { token: me.token, body: { name: 'x', response: { id: 'x' } } });
    expect(bad.status).toBe(400);
    // The one right answer (its challenge was not spent by the refusals above, which were another's or malformed).
    const ok = await call('POST', '/auth/passkeys/', { token: me.token, body: { name: 'Phone', response } });
    expect(ok.status).toBe(201);
    const again = await call('POST', '/auth/passkeys/', { token: me.token, body: { name: 'Phone', response } });
    expect(again.status).toBe(400);
    // A page on an origin the site does not allow gets no options at all.
    const stranger = await call('POST', '/auth/passkeys/options/', { token: me.token, from: 'https://evil.example' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.detail).toBe('Passkeys cannot be used from this address.');
    expect((await call('GET', '/auth/2fa/', { token: me.token })).body.passkeys).toHaveLength(1);
    expect((await call('GET', '/auth/2fa/', { token: other.token })).body.passkeys).toHaveLength(0);
  });

  it('signs in with a passkey alone, without a username (audited, counter and last use kept)', async () => {
    const me = await staff();
    const { key, passkey } = await addPasskey(me.token, 'Phone');
    const { challenge_id, options } = await signInOptions();
    expect(options.rpId).toBe(new URL(origin).hostname);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const res = await signInWith(challenge_id, key.assert(options, origin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect(res.body.user.username).toBe(me.username);
    expect((await call('GET', '/auth/profile/', { token: res.body.access })).status).toBe(200);
    const row = await api.database.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    expect(await auditCount('use_passkey', me.id)).toBe(1);
  });

  it('refuses a replayed, forged, unverified, foreign-origin or backward-counter answer, the same way each time', async () => {
    const me = await staff();
    const { key } = await addPasskey(me.token, 'Phone');
    // Replay: the same answer to a used challenge, and an old answer to a new challenge.
    const first = await signInOptions();
    const answer = key.assert(first.options, origin);
    expect((await signInWith(first.challenge_id, answer)).status).toBe(200);
    const replayed = await signInWith(first.challenge_id, answer);
    const next = await signInOptions();
    const stale = await signInWith(next.challenge_id, answer);
    // Forged: signed by another key.
    const forger = await signInOptions();
    const forged = await signInWith(
      forger.challenge_id,
      key.assert(forger.options, origin, { signer: new SoftPasskey().privateKey }),
    );
    // Another origin (a phishing page) and another RP ID.
    const phish = await signInOptions();
    const phished = await signInWith(phish.challenge_id, key.assert(phish.options, 'https://evil.example'));
    const rp = await signInOptions();
    const otherRp = await signInWith(rp.challenge_id, key.assert(rp.options, origin, { rpId: 'evil.example' }));
    // Alone, a passkey must have verified the person (PIN, biometrics).
    const bare = await signInOptions();
    const unverified = await signInWith(bare.challenge_id, key.assert(bare.options, origin, { uv: false }));
    // A counter that went back (a cloned authenticator): the last good one was 1.
    const clone = await signInOptions();
    const cloned = await signInWith(clone.challenge_id, key.assert(clone.options, origin, { counter: 1 }));
    // A passkey the site does not know, and a challenge id it never made.
    const unknownOpts = await signInOptions();
    const unknown = await signInWith(unknownOpts.challenge_id, new SoftPasskey().assert(unknownOpts.options, origin));
    const made = await signInWith('no-such-challenge', key.assert(unknownOpts.options, origin));
    const refusals = [replayed, stale, forged, phished, otherRp, unverified, cloned, unknown, made];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: REFUSED });
    }
    // A good answer still signs in after all that: the counter was never moved by a refusal.
    const good = await signInOptions();
    expect((await signInWith(good.challenge_id, key.assert(good.options, origin))).status).toBe(200);
    expect(await auditCount('use_passkey', me.id)).toBe(2);
  });

  it('serves as the second factor after the password, for that account only', async () => {
    const me = await staff();
    const { key } = await addPasskey(me.token, 'Phone');
    const other = await staff();
    const { key: otherKey } = await addPasskey(other.token, 'Theirs');
    const login = async () => {
      const res = await call('POST', '/auth/login/', { body: { username: me.username, password: DEMO_PASSWORD } });
      expect(res.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['passkey'] });
      return res.body.mfa_token as string;
    };
    const mfa = await login();
    const step = await signInOptions(mfa);
    expect(step.options.allowCredentials).toEqual([
      { id: b64url(key.id), type: 'public-key', transports: ['internal'] },
    ]);
    // Another account's passkey does not complete my sign-in, nor does the step's challenge without its mfa_token.
    expect((await signInWith(step.challenge_id, otherKey.assert(step.options, origin), mfa)).status).toBe(401);
    const again = await signInOptions(mfa);
    expect((await signInWith(again.challenge_id, key.assert(again.options, origin))).status).toBe(401);
    // A usernameless challenge does not stand in for the second step's either.
    const loose = await signInOptions();
    expect((await signInWith(loose.challenge_id, key.assert(loose.options, origin), mfa)).status).toBe(401);
    const last = await signInOptions(mfa);
    const done = await signInWith(last.challenge_id, key.assert(last.options, origin, { uv: false }), mfa);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.user.username).toBe(me.username);
    // The mfa_token belonged to that one sign-in.
    const after = await call('POST', '/auth/login/passkey/options/', { body: { mfa_token: mfa } });
    expect(after.status).toBe(401);
    // Five failed passkey answers use an mfa_token up, as five wrong codes do.
    const mfa2 = await login();
    for (let i = 0; i < 5; i++) {
      const o = await signInOptions(mfa2);
      expect((await signInWith(o.challenge_id, key.assert(o.options, 'https://evil.example'), mfa2)).status).toBe(401);
    }
    expect((await call('POST', '/auth/login/passkey/options/', { body: { mfa_token: mfa2 } })).status).toBe(401);
    // An account without passkeys gets no passkey step.
    const plain = await staff();
    const plainLogin = await call('POST', '/auth/login/', {
      body: { username: plain.username, password: DEMO_PASSWORD },
    });
    expect(plainLogin.body.access).toEqual(expect.any(String));
  });

  it('signs in only an account that may use the portal', async () => {
    const me = await staff();
    const { key } = await addPasskey(me.token, 'Phone');
    await api.database.db.updateTable('users').set({ is_suspended: true }).where('id', '=', me.id).execute();
    const o = await signInOptions();
    const res = await signInWith(o.challenge_id, key.assert(o.options, origin));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Access denied. You do not have permission to access the admin panel.');
    expect(await auditCount('use_passkey', me.id)).toBe(0);
    await api.database.db.updateTable('users').set({ is_suspended: false }).where('id', '=', me.id).execute();
  });

  it('removes only the own passkeys (audited); without any, two-factor is off', async () => {
    const me = await staff();
    const other = await staff();
    const { passkey: phone, key: phoneKey } = await addPasskey(me.token, 'Phone');
    const { passkey: laptop, key: laptopKey } = await addPasskey(
      me.token,
      'Laptop',
      new SoftPasskey(),
      await proofBy(me.token, phoneKey),
    );
    const theirs = (await addPasskey(other.token, 'Theirs')).passkey;
    const remove = async (id: number | string) =>
      (await call('DELETE', `/auth/passkeys/${id}/`, { token: me.token, body: await proofBy(me.token, laptopKey) }))
        .status;
    expect(await remove(theirs.id)).toBe(404);
    expect(await remove('abc')).toBe(404);
    // A token alone removes none (403).
    expect((await call('DELETE', `/auth/passkeys/${phone.id}/`, { token: me.token })).status).toBe(403);
    expect(await remove(phone.id)).toBe(204);
    expect(await remove(phone.id)).toBe(404);
    expect((await api.userRow(me.id)).two_factor).toBeTruthy();
    expect(await remove(laptop.id)).toBe(204);
    expect((await api.userRow(me.id)).two_factor).toBeFalsy();
    expect((await call('GET', '/auth/2fa/', { token: me.token })).body.passkeys).toEqual([]);
    expect(await auditCount('remove_passkey', me.id)).toBe(2);
    // A removed passkey signs nobody in.
    const o = await signInOptions();
    expect((await signInWith(o.challenge_id, laptopKey.assert(o.options, origin))).status).toBe(401);
    // And the password alone signs in again.
    const login = await call('POST', '/auth/login/', { body: { username: me.username, password: DEMO_PASSWORD } });
    expect(login.body.access).toEqual(expect.any(String));
    expect((await api.userRow(other.id)).two_factor).toBeTruthy();
  });

  it('sits beside the authenticator app: both named after the password, and the app stays when the passkey goes', async () => {
    const me = await staff();
    const setup = await call('POST', '/auth/2fa/totp/setup/', { token: me.token });
    const confirmed = await call('POST', '/auth/2fa/totp/confirm/', {
      token: me.token,
      body: { code: new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: api.clock.now }) },
    });
    expect(confirmed.status).toBe(200);
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: api.clock.now });
    const { passkey } = await addPasskey(me.token, 'Phone', new SoftPasskey(), { code: code() });
    const first = await call('POST', '/auth/login/', { body: { username: me.username, password: DEMO_PASSWORD } });
    expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String), methods: ['totp', 'passkey'] });
    api.clock.advance(30_000); // the next code: one proves once
    const removed = await call('DELETE', `/auth/passkeys/${passkey.id}/`, { token: me.token, body: { code: code() } });
    expect(removed.status).toBe(204);
    expect((await api.userRow(me.id)).two_factor).toBeTruthy();
    expect((await call('GET', '/auth/2fa/', { token: me.token })).body).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    const again = await call('POST', '/auth/login/', { body: { username: me.username, password: DEMO_PASSWORD } });
    expect(again.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  });

  it('lets an account under the policy enrol with a passkey', async () => {
    const superToken = await api.tokenFor('superadmin');
    const policy = (value: string) =>
      call('PATCH', '/settings/security/', { token: superToken, body: { require_two_factor: value } });
    expect((await policy('staff')).status).toBe(200);
    try {
      const username = `pk_${n++}`;
      await api.createUser({ username, role: 'PASTOR' });
      const first = await call('POST', '/auth/login/', { body: { username, password: DEMO_PASSWORD } });
      expect(first.body.mfa_enrolment_required).toBe(true);
      const token = first.body.access;
      expect((await call('GET', '/auth/users/', { token })).status).toBe(403);
      await addPasskey(token, 'Phone');
      expect((await call('GET', '/auth/users/', { token })).status).toBe(200);
    } finally {
      expect((await policy('off')).status).toBe(200);
    }
  });
});

describe('passkey origins', () => {
  it('are the site and the allowed origins; a site on the loopback address is reached as localhost too', () => {
    const loopback = { siteUrl: 'http://127.0.0.1:4390', allowedOrigins: ['http://127.0.0.1:4390'], production: false };
    expect(passkeyOrigins(loopback)).toEqual(['http://127.0.0.1:4390', 'http://localhost:4390']);
    const live = {
      siteUrl: 'https://church.example',
      allowedOrigins: ['https://church.example', 'https://admin.example'],
      production: true,
    };
    expect(passkeyOrigins(live)).toEqual(['https://church.example', 'https://admin.example']);
  });
});

describe.each(backends())('passkey sign-in throttle on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(() => api?.close());

  it('counts refused passkey answers toward the per-address throttle of failed sign-ins', async () => {
    const origin = new URL(api.config.siteUrl).origin;
    const headers = { Origin: origin };
    const key = new SoftPasskey();
    for (let i = 0; i < 3; i++) {
      const o = await api.request('POST', '/auth/login/passkey/options/', { body: {}, headers });
      const res = await api.request('POST', '/auth/login/passkey/', {
        body: { challenge_id: o.body.challenge_id, response: key.assert(o.body.options, origin) },
        headers,
      });
      expect(res.status).toBe(401);
    }
    expect((await api.request('POST', '/auth/login/passkey/options/', { body: {}, headers })).status).toBe(429);
    expect(
      (await api.request('POST', '/auth/login/', { body: { username: 'admin', password: 'wrong' }, headers })).status,
    ).toBe(429);
  });
});
