/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked field by field */
// Passkeys at the members' door (docs/API.md, Members' own door): a member signed in by code adds a passkey, lists
// it, signs in to /my with it alone (the same cookie as a code gives), and removes it; every refused sign-in is the
// same 401 counted by the address's sign-in throttle (a replay, a stale counter, an unverified person, a suspended
// account, a staff second step's challenge); another account's passkey is a 404; a bearer token opens none of these
// routes and the cookie none of the staff ones; a passkey added at /my never opens the portal, nor a portal one
// /my. The authenticator is the software one of webauthn-authenticator.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, DEMO_PASSWORD, startApi, type TestApi } from './helpers';
import { issueCode } from '../../src/server/members/codes';
import { MEMBER_TEXT } from '../../src/lib/shared/members/api';
import { SoftPasskey, type RequestOptions } from './webauthn-authenticator';

const REFUSED = MEMBER_TEXT.passkeyRefused;

describe.each(backends())('member passkeys on %s', (backend) => {
  let api: TestApi;
  let origin: string;
  let n = 0;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0 });
    origin = new URL(api.config.siteUrl).origin;
  });
  afterAll(() => api?.close());

  /** A call from the site's page: the browser sends its Origin, and the member's cookie when there is one. */
  const call = (method: string, path: string, opts: { cookie?: string; token?: string; body?: unknown } = {}) =>
    api.request(method, path, {
      token: opts.token,
      body: opts.body,
      headers: { Origin: origin, ...(opts.cookie && { cookie: opts.cookie }) },
    });

  /** A new account (MEMBER unless told) signed in to /my by a code: its id and cookie. */
  async function member(role: 'MEMBER' | 'PASTOR' = 'MEMBER') {
    const username = `mpk_${n++}`;
    const email = `${username}@example.org`;
    const id = await api.createUser({ username, role, email });
    const { code } = await issueCode(
      api.database.db,
      api.config,
      { userId: id, channel: 'email', destination: email, purpose: 'sign-in' },
      api.clock.now,
    );
    const res = await call('POST', '/members/session/', { body: { email, code } });
    expect(res.status).toBe(200);
    return { id, username, cookie: res.headers.get('set-cookie')!.split(';')[0] };
  }

  async function addPasskey(cookie: string, name: string, key = new SoftPasskey()) {
    const options = await call('POST', '/members/me/passkeys/options/', { cookie });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const added = await call('POST', '/members/me/passkeys/', {
      cookie,
      body: { name, response: key.register(options.body, origin) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return { key, passkey: added.body, options: options.body };
  }

  /** A passkey added in the portal (bearer), as staff add one on their profile. */
  async function portalPasskey(username: string, name: string, key = new SoftPasskey()) {
    const signedIn = await call('POST', '/auth/login/', { body: { username, password: DEMO_PASSWORD } });
    const token = signedIn.body.access as string;
    const options = await call('POST', '/auth/passkeys/options/', { token });
    const added = await call('POST', '/auth/passkeys/', {
      token,
      body: { name, response: key.register(options.body, origin) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return { key, passkey: added.body };
  }

  const signInOptions = async () => {
    const res = await call('POST', '/members/passkey/options/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { challenge_id: string; options: RequestOptions };
  };
  const signInWith = (challenge_id: string, response: unknown) =>
    call('POST', '/members/passkey/', { body: { challenge_id, response } });

  const auditCount = (action: string, actorId: number) => api.auditCount(action, actorId);

  it('adds a passkey (audited), lists it, and signs in to /my with it alone: the member cookie', async () => {
    const me = await member();
    const { key, passkey, options } = await addPasskey(me.cookie, '  My phone  ');
    expect(options).toMatchObject({
      rp: { id: new URL(origin).hostname },
      user: { name: me.username },
      authenticatorSelection: { residentKey: 'required' },
    });
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'My phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(await auditCount('add_passkey', me.id)).toBe(1);
    const listed = await call('GET', '/members/me/passkeys/', { cookie: me.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([passkey]);
    const exported = await call('GET', '/members/me/export/', { cookie: me.cookie });
    expect(exported.body.passkeys).toEqual([passkey]);

    // Signed out, the passkey alone (no email typed) opens a new session.
    const o = await signInOptions();
    expect(o.options.allowCredentials ?? []).toEqual([]);
    expect(o.options.userVerification).toBe('required');
    const res = await signInWith(o.challenge_id, key.assert(o.options, origin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(me.id);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^gc_member=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0];
    expect(cookie).not.toBe(me.cookie);
    const mine = await call('GET', '/members/me/', { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.user.id).toBe(me.id);
    expect(await auditCount('use_passkey', me.id)).toBe(1);
    const used = (await call('GET', '/members/me/passkeys/', { cookie })).body[0];
    expect(used.lastUsedAt).toEqual(expect.any(String));
    expect((await api.userRow(me.id)).last_login).toEqual(expect.any(String));
  });

  it('refuses a replay, a stale counter, an unverified person, a suspended account and a second step, alike', async () => {
    const me = await member();
    const { key } = await addPasskey(me.cookie, 'Phone');
    const o = await signInOptions();
    const answer = key.assert(o.options, origin);
    expect((await signInWith(o.challenge_id, answer)).status).toBe(200);
    const refusals: { status: number; body: any; headers: Headers }[] = [];
    // The same answer again (its challenge is used).
    refusals.push(await signInWith(o.challenge_id, answer));
    // A new challenge, signed with a counter that went back (a cloned key).
    const stale = await signInOptions();
    refusals.push(await signInWith(stale.challenge_id, key.assert(stale.options, origin, { counter: 1 })));
    // The person not verified on the device: a passkey alone must stand for both factors.
    const unverified = await signInOptions();
    refusals.push(await signInWith(unverified.challenge_id, key.assert(unverified.options, origin, { uv: false })));
    // Another origin's answer.
    const foreign = await signInOptions();
    refusals.push(await signInWith(foreign.challenge_id, key.assert(foreign.options, 'https://evil.example')));
    // An unknown challenge id.
    refusals.push(await signInWith('nothing-issued', key.assert(foreign.options, origin)));
    // A suspended account's passkey (checked before its use is recorded).
    await api.database.db.updateTable('users').set({ is_suspended: true }).where('id', '=', me.id).execute();
    const shut = await signInOptions();
    refusals.push(await signInWith(shut.challenge_id, key.assert(shut.options, origin)));
    await api.database.db.updateTable('users').set({ is_suspended: false }).where('id', '=', me.id).execute();
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: REFUSED });
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await auditCount('use_passkey', me.id)).toBe(1);

    // A staff second step's challenge (it names the account) does not open /my.
    const staff = await member('PASTOR');
    const staffKey = (await portalPasskey(staff.username, 'Laptop')).key;
    const first = await call('POST', '/auth/login/', { body: { username: staff.username, password: DEMO_PASSWORD } });
    expect(first.body.mfa_required).toBe(true);
    const step = await call('POST', '/auth/login/passkey/options/', { body: { mfa_token: first.body.mfa_token } });
    expect(step.status).toBe(200);
    const crossed = await signInWith(step.body.challenge_id, staffKey.assert(step.body.options, origin));
    expect(crossed.status).toBe(401);
    expect(crossed.body).toEqual({ detail: REFUSED });
  });

  it('keeps the two doors apart: a /my passkey never opens the portal, a portal one never opens /my', async () => {
    // A staff account signed in to /my by a code (which proves only an inbox) adds a passkey there.
    const pastor = await member('PASTOR');
    const { key: myKey, passkey: mine } = await addPasskey(pastor.cookie, 'Phone');
    // It is no second factor of the portal: the password alone still signs in, and the profile lists no passkey.
    const password = await call('POST', '/auth/login/', {
      body: { username: pastor.username, password: DEMO_PASSWORD },
    });
    expect(password.body.mfa_required).toBeUndefined();
    expect(password.body.access).toEqual(expect.any(String));
    expect(Boolean((await api.userRow(pastor.id)).two_factor)).toBe(false);
    const status = await call('GET', '/auth/2fa/', { token: password.body.access });
    expect(status.body.passkeys).toEqual([]);
    // Nor a sign-in of the portal by itself.
    const staffOptions = await call('POST', '/auth/login/passkey/options/', { body: {} });
    expect(staffOptions.status).toBe(200);
    const intoPortal = await call('POST', '/auth/login/passkey/', {
      body: {
        challenge_id: staffOptions.body.challenge_id,
        response: myKey.assert(staffOptions.body.options, origin),
      },
    });
    expect(intoPortal.status).toBe(401);
    expect(intoPortal.body.access).toBeUndefined();

    // A portal passkey of the same account: not listed at /my, not removable there, and it does not open /my.
    const { key: portalKey, passkey: theirs } = await portalPasskey(pastor.username, 'Office laptop');
    expect((await call('GET', '/members/me/passkeys/', { cookie: pastor.cookie })).body).toEqual([mine]);
    const removal = await call('DELETE', `/members/me/passkeys/${theirs.id}/`, { cookie: pastor.cookie });
    expect(removal.status).toBe(404);
    const o = await signInOptions();
    const intoMy = await signInWith(o.challenge_id, portalKey.assert(o.options, origin));
    expect(intoMy.status).toBe(401);
    expect(intoMy.headers.get('set-cookie')).toBeNull();
    // The portal's passkey is what two-factor counts now.
    expect(Boolean((await api.userRow(pastor.id)).two_factor)).toBe(true);
  });

  it('removes only the own passkeys (404 otherwise; audited), by DELETE or by its form twin', async () => {
    const me = await member();
    const other = await member();
    const { passkey: phone } = await addPasskey(me.cookie, 'Phone');
    const { passkey: laptop, key: laptopKey } = await addPasskey(me.cookie, 'Laptop');
    const { passkey: theirs } = await addPasskey(other.cookie, 'Theirs');
    expect((await call('DELETE', `/members/me/passkeys/${theirs.id}/`, { cookie: me.cookie })).status).toBe(404);
    expect((await call('POST', `/members/me/passkeys/${theirs.id}/delete/`, { cookie: me.cookie })).status).toBe(404);
    expect((await call('DELETE', '/members/me/passkeys/abc/', { cookie: me.cookie })).status).toBe(404);
    expect((await call('GET', '/members/me/passkeys/', { cookie: other.cookie })).body).toEqual([theirs]);

    expect((await call('DELETE', `/members/me/passkeys/${phone.id}/`, { cookie: me.cookie })).status).toBe(204);
    expect((await call('DELETE', `/members/me/passkeys/${phone.id}/`, { cookie: me.cookie })).status).toBe(404);
    // The form on /my/details: a plain post, 303 back with its notice.
    const form = await fetch(`${api.url}/api/v1/members/me/passkeys/${laptop.id}/delete/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, cookie: me.cookie },
      body: '',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/my/details?done=passkey-removed');
    expect((await call('GET', '/members/me/passkeys/', { cookie: me.cookie })).body).toEqual([]);
    expect(await auditCount('remove_passkey', me.id)).toBe(2);
    // A removed passkey signs nobody in.
    const o = await signInOptions();
    expect((await signInWith(o.challenge_id, laptopKey.assert(o.options, origin))).status).toBe(401);
  });

  it('takes only the member cookie, from the site itself, and bad input changes nothing', async () => {
    const me = await member('PASTOR');
    const token = await api.tokenFor(me.username);
    const { passkey } = await addPasskey(me.cookie, 'Phone');
    // A bearer token opens none of the member passkey routes ...
    for (const [method, path] of [
      ['GET', '/members/me/passkeys/'],
      ['POST', '/members/me/passkeys/options/'],
      ['POST', '/members/me/passkeys/'],
      ['DELETE', `/members/me/passkeys/${passkey.id}/`],
      ['POST', `/members/me/passkeys/${passkey.id}/delete/`],
    ] as const) {
      const res = await call(method, path, { token, body: method === 'POST' ? {} : undefined });
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
    // ... and the cookie none of the staff ones.
    for (const [method, path] of [
      ['GET', '/auth/2fa/'],
      ['POST', '/auth/passkeys/options/'],
      ['DELETE', `/auth/passkeys/${passkey.id}/`],
    ] as const)
      expect((await call(method, path, { cookie: me.cookie })).status).toBe(401);
    expect((await call('GET', '/members/me/passkeys/', { cookie: me.cookie })).body).toEqual([passkey]);

    // Another site's page is refused before anything is read.
    const crossSite = await api.request('POST', '/members/me/passkeys/options/', {
      headers: { Origin: 'https://evil.example', cookie: me.cookie },
    });
    expect(crossSite.status).toBe(403);
    const crossSignIn = await api.request('POST', '/members/passkey/options/', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSignIn.status).toBe(403);

    // A nameless passkey, or no answer at all: 400 naming the field, nothing added.
    const options = (await call('POST', '/members/me/passkeys/options/', { cookie: me.cookie })).body;
    const nameless = await call('POST', '/members/me/passkeys/', {
      cookie: me.cookie,
      body: { name: ' ', response: new SoftPasskey().register(options, origin) },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors.name).toEqual(['Give the passkey a name.']);
    const bare = await call('POST', '/members/passkey/', { body: { challenge_id: 'x' } });
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.errors)).toEqual(['response']);
    expect((await call('GET', '/members/me/passkeys/', { cookie: me.cookie })).body).toEqual([passkey]);
  });
});

describe.each(backends())('member passkeys on a loopback site, with a small sign-in limit, on %s', (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi(backend, { members: 0, env: { AUTH_RATE_LIMIT: '3', SITE_URL: 'http://127.0.0.1:4321' } });
  });
  afterAll(() => api?.close());

  it('is served as localhost too (browsers refuse passkeys on an IP address)', async () => {
    const email = 'loopback@example.org';
    const id = await api.createUser({ username: 'loopback', role: 'MEMBER', email });
    const { code } = await issueCode(
      api.database.db,
      api.config,
      { userId: id, channel: 'email', destination: email, purpose: 'sign-in' },
      api.clock.now,
    );
    const localhost = { Origin: 'http://localhost:4321' };
    const session = await api.request('POST', '/members/session/', { body: { email, code }, headers: localhost });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const options = await api.request('POST', '/members/me/passkeys/options/', { headers: { ...localhost, cookie } });
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe('localhost');
    // Another port of localhost is another site.
    const other = await api.request('POST', '/members/me/passkeys/options/', {
      headers: { Origin: 'http://localhost:9999', cookie },
    });
    expect(other.status).toBe(403);
  });

  it('counts every refused passkey sign-in against the address: then 429 before anything is judged', async () => {
    const origin = new URL(api.config.siteUrl).origin;
    const key = new SoftPasskey();
    for (let i = 0; i < 3; i++) {
      const o = await api.request('POST', '/members/passkey/options/', { headers: { Origin: origin } });
      expect(o.status).toBe(200);
      const res = await api.request('POST', '/members/passkey/', {
        headers: { Origin: origin },
        body: { challenge_id: o.body.challenge_id, response: key.assert(o.body.options, origin) },
      });
      expect(res.status).toBe(401);
    }
    const limited = await api.request('POST', '/members/passkey/options/', { headers: { Origin: origin } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toEqual(expect.any(String));
  });
});
