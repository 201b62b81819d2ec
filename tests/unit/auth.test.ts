// The auth store's transitions (docs/PRODUCT.md (States)) against a real tiny HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, createTokenStorage } from '../../src/lib/client/api-client';
import { createAuthStore, loginErrorMessage } from '../../src/lib/client/session';
import { LOGIN_MESSAGES } from '../../src/lib/shared/messages';

let server: Server;
let base = '';
let profileStatus = 200;
let loginStatus = 200;
let logoutStatus = 200;
let logoutBodies: string[] = [];
const profile = { id: 1, username: 'admin', role: 'ADMIN', first_name: 'Ama', last_name: 'Mensah' };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    switch (req.url) {
      case '/api/v1/auth/login/':
        if (loginStatus !== 200) return send(loginStatus, { detail: `server says ${loginStatus}` });
        return send(200, { access: 'A1', refresh: 'R1', user: profile });
      case '/api/v1/auth/profile/':
        if (profileStatus !== 200) return send(profileStatus, { detail: 'Nope' });
        return req.headers.authorization === 'Bearer A1' ? send(200, profile) : send(401, { detail: 'Bad token' });
      case '/api/v1/auth/refresh/':
        return send(401, { detail: 'Token is invalid or expired' });
      case '/api/v1/auth/logout/':
        logoutBodies.push(body);
        return send(logoutStatus, {});
      default:
        return send(404, { detail: 'Not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  profileStatus = 200;
  loginStatus = 200;
  logoutStatus = 200;
  logoutBodies = [];
});

function setup(access: string | null = null, refresh: string | null = null) {
  const storage = createTokenStorage(null);
  if (access) storage.setTokens({ access, refresh });
  const auth = createAuthStore(createApiClient({ baseURL: base, storage }));
  return { auth, storage };
}

describe('auth store', () => {
  it('starts loading and ends unauthenticated without a stored token', async () => {
    const { auth } = setup();
    expect(auth.$auth.get().status).toBe('loading');
    await auth.init();
    expect(auth.$auth.get()).toEqual({ status: 'unauthenticated', user: null });
  });

  it('loads the profile when an access token is stored', async () => {
    const { auth } = setup('A1', 'R1');
    await auth.init();
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', user: { username: 'admin' } });
  });

  it('clears both tokens on a 401 at start-up', async () => {
    const { auth, storage } = setup('STALE', 'R-dead');
    await auth.init();
    expect(auth.$auth.get().status).toBe('unauthenticated');
    expect(storage.getAccess()).toBeNull();
    expect(storage.getRefresh()).toBeNull();
  });

  it('shows an error (not an endless spinner) when the start-up check fails otherwise, keeping the tokens', async () => {
    profileStatus = 500;
    const { auth, storage } = setup('A1', 'R1');
    await auth.init();
    expect(auth.$auth.get()).toMatchObject({ status: 'error', message: 'Nope' });
    expect(storage.getAccess()).toBe('A1');
  });

  it('marks the session denied when the server refuses the profile with 403', async () => {
    profileStatus = 403;
    const { auth } = setup('A1', 'R1');
    await auth.init();
    expect(auth.$auth.get()).toEqual({ status: 'denied', user: null });
  });

  it('keeps the signed-in user when a later profile check fails with a non-401', async () => {
    const { auth } = setup('A1', 'R1');
    await auth.init();
    profileStatus = 503;
    await auth.init();
    expect(auth.$auth.get().status).toBe('authenticated');
  });

  it('stores both tokens on login, then fetches the profile', async () => {
    const { auth, storage } = setup();
    await auth.init();
    const user = await auth.login('  admin ', 'Demo1234!');
    expect(user.username).toBe('admin');
    expect(storage.getAccess()).toBe('A1');
    expect(storage.getRefresh()).toBe('R1');
    expect(auth.$auth.get().status).toBe('authenticated');
  });

  it('maps login failures to the spec messages', async () => {
    const { auth } = setup();
    for (const status of [401, 403, 423] as const) {
      loginStatus = status;
      const error = await auth.login('admin', 'wrong-pass').catch((e) => e);
      expect(loginErrorMessage(error)).toBe(LOGIN_MESSAGES[status]);
    }
    loginStatus = 400;
    expect(loginErrorMessage(await auth.login('admin', 'x').catch((e) => e))).toBe('server says 400');
    expect(loginErrorMessage(new Error('boom'))).toBe(LOGIN_MESSAGES.fallback);
    expect(auth.$auth.get().status).toBe('loading');
  });

  it('logs out by telling the server, then always clears, even when the server fails', async () => {
    const { auth, storage } = setup('A1', 'R1');
    await auth.init();
    logoutStatus = 500;
    await auth.logout();
    expect(JSON.parse(logoutBodies[0])).toEqual({ refresh_token: 'R1' });
    expect(storage.getAccess()).toBeNull();
    expect(storage.getRefresh()).toBeNull();
    expect(auth.$auth.get()).toEqual({ status: 'unauthenticated', user: null });
  });
});
