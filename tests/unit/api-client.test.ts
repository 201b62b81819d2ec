// The API client against a real tiny HTTP server on 127.0.0.1: headers, refresh-and-replay on 401,
// concurrent 401s sharing one refresh, and what a failed refresh does to the session.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorInfo, createApiClient, createTokenStorage, NO_REFRESH_TOKEN } from '../../src/lib/client/api-client';

interface Seen {
  path: string;
  auth: string | undefined;
  platform: string | undefined;
  body: string;
}

let server: Server;
let base = '';
let seen: Seen[] = [];
/** The access token the server currently accepts; the refresh token it accepts once. */
let validAccess = 'A1';
let validRefresh: string | null = 'R1';
let refreshCalls = 0;
let refreshDelayMs = 0;

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    seen.push({ path, auth: req.headers.authorization, platform: req.headers['x-platform'] as string, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (path === '/api/v1/auth/refresh/') {
      refreshCalls += 1;
      const { refresh } = JSON.parse(body || '{}');
      await new Promise((r) => setTimeout(r, refreshDelayMs));
      if (!validRefresh || refresh !== validRefresh) return send(401, { detail: 'Token is invalid or expired' });
      validAccess = `A${refreshCalls + 1}`;
      validRefresh = `R${refreshCalls + 1}`;
      return send(200, { access: validAccess, refresh: validRefresh });
    }
    if (path === '/api/v1/bad/') return send(400, { detail: 'Bad input', errors: { email: ['Taken'] } });
    if (req.headers.authorization !== `Bearer ${validAccess}`) return send(401, { detail: 'Not authenticated' });
    return send(200, { ok: true, path });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  validAccess = 'A1';
  validRefresh = 'R1';
  refreshCalls = 0;
  refreshDelayMs = 0;
});

function client(access: string | null, refresh: string | null) {
  const storage = createTokenStorage(null);
  if (access) storage.setTokens({ access, refresh });
  const api = createApiClient({ baseURL: base, storage });
  let expired = 0;
  api.onSessionExpired(() => (expired += 1));
  return { api, storage, expiredCount: () => expired };
}

describe('api client', () => {
  it('sends the bearer token and the platform header', async () => {
    const { api } = client('A1', 'R1');
    await expect(api('/auth/profile/')).resolves.toEqual({ ok: true, path: '/api/v1/auth/profile/' });
    expect(seen[0]).toMatchObject({ auth: 'Bearer A1', platform: 'web' });
  });

  it('refreshes once on a 401, stores both new tokens and replays the request', async () => {
    const { api, storage } = client('EXPIRED', 'R1');
    await expect(api('/auth/users/')).resolves.toMatchObject({ ok: true });
    expect(refreshCalls).toBe(1);
    expect(storage.getAccess()).toBe('A2');
    expect(storage.getRefresh()).toBe('R2');
    expect(seen.map((s) => s.path)).toEqual(['/api/v1/auth/users/', '/api/v1/auth/refresh/', '/api/v1/auth/users/']);
    expect(seen[2].auth).toBe('Bearer A2');
  });

  it('makes concurrent 401s share one refresh', async () => {
    refreshDelayMs = 50;
    const { api } = client('EXPIRED', 'R1');
    const answers = await Promise.all([api('/a/'), api('/b/'), api('/c/'), api('/d/')]);
    expect(answers.every((a) => (a as { ok: boolean }).ok)).toBe(true);
    expect(refreshCalls).toBe(1);
  });

  it('rejects with the original 401 and clears the session when the refresh is refused', async () => {
    validRefresh = null;
    const { api, storage, expiredCount } = client('EXPIRED', 'R-dead');
    const error = await api('/auth/users/').catch((e) => e);
    expect(apiErrorInfo(error)).toMatchObject({ status: 401, detail: 'Not authenticated' });
    expect(storage.getAccess()).toBeNull();
    expect(storage.getRefresh()).toBeNull();
    expect(expiredCount()).toBe(1);
  });

  it("fails the refresh with 'No refresh token available' when none is stored", async () => {
    const { api, expiredCount } = client('EXPIRED', null);
    await expect(api.refreshAccessToken()).rejects.toThrow(NO_REFRESH_TOKEN);
    const error = await api('/auth/users/').catch((e) => e);
    expect(apiErrorInfo(error).status).toBe(401);
    expect(refreshCalls).toBe(0);
    expect(expiredCount()).toBe(1);
  });

  it('never refreshes for the login call itself', async () => {
    const { api } = client('EXPIRED', 'R1');
    const error = await api('/auth/login/', { method: 'POST', body: { username: 'x', password: 'y' } }).catch((e) => e);
    expect(apiErrorInfo(error).status).toBe(401);
    expect(refreshCalls).toBe(0);
  });

  it('reads the detail and field errors of a failed call', async () => {
    const { api } = client('A1', 'R1');
    const info = apiErrorInfo(await api('/bad/').catch((e) => e));
    expect(info).toMatchObject({ status: 400, detail: 'Bad input', errors: { email: ['Taken'] } });
  });

  it('reads them when the JSON came labelled as text', async () => {
    const refused = new Response(JSON.stringify({ detail: 'Bad input', errors: { email: ['Taken'] } }), {
      status: 400,
      headers: { 'Content-Type': 'text/plain' },
    });
    const api = createApiClient({ storage: createTokenStorage(null), fetch: async () => refused });
    const info = apiErrorInfo(await api('/bad/').catch((e) => e));
    expect(info).toMatchObject({ status: 400, detail: 'Bad input', errors: { email: ['Taken'] } });
  });

  it('turns a dead server into a plain message with no status', async () => {
    const storage = createTokenStorage(null);
    const api = createApiClient({ baseURL: 'http://127.0.0.1:9/api/v1', storage });
    const info = apiErrorInfo(await api('/health/').catch((e) => e));
    expect(info.status).toBeNull();
    expect(info.message).toBe('Could not reach the server. Please check your connection and try again.');
  });
});

describe('apiUrl', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('puts a path under /api/v1 by default', async () => {
    vi.stubEnv('PUBLIC_API_BASE_URL', '');
    vi.resetModules();
    const { apiUrl, api } = await import('../../src/lib/client/api-client');
    expect(apiUrl('/contact/')).toBe('/api/v1/contact/');
    expect(api.baseURL).toBe('/api/v1');
  });

  it('follows PUBLIC_API_BASE_URL, the client and the form actions alike', async () => {
    vi.stubEnv('PUBLIC_API_BASE_URL', 'https://api.example.org/v1');
    vi.resetModules();
    const { apiUrl, api } = await import('../../src/lib/client/api-client');
    expect(apiUrl('/prayers/3/prayed/')).toBe('https://api.example.org/v1/prayers/3/prayed/');
    expect(api.baseURL).toBe('https://api.example.org/v1');
  });
});
