// The auth store's second step and enrolment (docs/API.md, Two-factor sign-in) against a real tiny HTTP server on
// 127.0.0.1, and the portal gate's enrolment branch.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, createTokenStorage } from '../../src/lib/client/api-client';
import {
  CODE_STEP_MAX_WRONG,
  CODE_STEP_TTL_MS,
  CodeRequired,
  CodeStepEnded,
  createAuthStore,
  isEnrolmentRefusal,
} from '../../src/lib/client/session';
import { ENROLMENT_PATH, gateDecision } from '../../src/islands/admin/gate';
import type { User } from '../../src/lib/shared/users/types';

const RIGHT_CODE = '123456';
const WRONG = 'Invalid or expired code. Please sign in again if this keeps happening.';
let server: Server;
let base = '';
let secondFactor = true;
let enrolAnswer = false;
let twoFactor: { enabled: boolean; required: boolean } | undefined;
let codeBodies: Array<{ mfa_token: string; code: string }> = [];
const user = {
  id: 2,
  username: 'admin',
  role: 'ADMIN',
  first_name: 'Ama',
  last_name: 'Mensah',
  can_access_web: true,
  is_active: true,
  is_suspended: false,
};

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
        if (secondFactor) return send(200, { mfa_required: true, mfa_token: 'T1' });
        return send(200, { access: 'A1', refresh: 'R1', user, ...(enrolAnswer && { mfa_enrolment_required: true }) });
      case '/api/v1/auth/login/2fa/': {
        const sent = JSON.parse(body) as { mfa_token: string; code: string };
        codeBodies.push(sent);
        if (sent.mfa_token === 'T1' && sent.code === RIGHT_CODE)
          return send(200, { access: 'A1', refresh: 'R1', user });
        return send(401, { detail: WRONG });
      }
      case '/api/v1/auth/profile/':
        if (req.headers.authorization !== 'Bearer A1') return send(401, { detail: 'Bad token' });
        return send(200, { ...user, ...(twoFactor && { two_factor: twoFactor }) });
      case '/api/v1/auth/refresh/':
        return send(401, { detail: 'Token is invalid or expired' });
      case '/api/v1/sermons/':
        return send(403, { detail: 'Set up two-factor sign-in to continue.', code: 'mfa_enrolment_required' });
      default:
        return send(404, { detail: 'Not found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  secondFactor = true;
  enrolAnswer = false;
  twoFactor = undefined;
  codeBodies = [];
});
afterEach(() => vi.useRealTimers());

function setup(access: string | null = null, refresh: string | null = null) {
  const storage = createTokenStorage(null);
  if (access) storage.setTokens({ access, refresh });
  const client = createApiClient({ baseURL: base, storage });
  return { auth: createAuthStore(client), storage, client };
}

describe('the second step of sign-in', () => {
  it('asks for a code after the right password, storing no tokens, then signs in with the code', async () => {
    const { auth, storage } = setup();
    await expect(auth.login(' admin ', 'Demo1234!')).rejects.toBeInstanceOf(CodeRequired);
    expect(storage.getAccess()).toBeNull();
    const signedIn = await auth.loginWithCode(` ${RIGHT_CODE} `);
    expect(codeBodies).toEqual([{ mfa_token: 'T1', code: RIGHT_CODE }]);
    expect(signedIn.username).toBe('admin');
    expect(storage.getAccess()).toBe('A1');
    expect(storage.getRefresh()).toBe('R1');
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', user: { username: 'admin' } });
  });

  it('drops the stored tokens of an earlier session, so a wrong code is sent once (never refreshed and replayed)', async () => {
    const { auth, storage } = setup('OLD', 'R-old');
    await expect(auth.login('admin', 'Demo1234!')).rejects.toBeInstanceOf(CodeRequired);
    expect(storage.getRefresh()).toBeNull();
    await expect(auth.loginWithCode('000000')).rejects.toMatchObject({ status: 401 });
    expect(codeBodies).toHaveLength(1);
  });

  it("refuses a wrong code with the API's detail and keeps the step; the fifth wrong code ends it", async () => {
    const { auth } = setup();
    await auth.login('admin', 'Demo1234!').catch(() => undefined);
    for (let i = 1; i < CODE_STEP_MAX_WRONG; i++) {
      const error = await auth.loginWithCode('000000').catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(CodeStepEnded);
      expect(error).toMatchObject({ status: 401, data: { detail: WRONG } });
    }
    await expect(auth.loginWithCode('000000')).rejects.toBeInstanceOf(CodeStepEnded);
    // The token is dead: even the right code is not sent, the password comes first again.
    await expect(auth.loginWithCode(RIGHT_CODE)).rejects.toBeInstanceOf(CodeStepEnded);
    expect(codeBodies).toHaveLength(CODE_STEP_MAX_WRONG);
    expect(auth.$auth.get().status).not.toBe('authenticated');
  });

  it('ends the step once the token has run out, without asking the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { auth } = setup();
    await auth.login('admin', 'Demo1234!').catch(() => undefined);
    vi.setSystemTime(Date.now() + CODE_STEP_TTL_MS);
    await expect(auth.loginWithCode(RIGHT_CODE)).rejects.toBeInstanceOf(CodeStepEnded);
    expect(codeBodies).toEqual([]);
  });

  it('has no step to answer without a password first', async () => {
    const { auth } = setup();
    await expect(auth.loginWithCode(RIGHT_CODE)).rejects.toBeInstanceOf(CodeStepEnded);
    secondFactor = false;
    await auth.login('admin', 'Demo1234!');
    await expect(auth.loginWithCode(RIGHT_CODE)).rejects.toBeInstanceOf(CodeStepEnded);
  });
});

describe('enrolment under the two-factor policy', () => {
  it("marks the session mustEnrol from the sign-in's mfa_enrolment_required", async () => {
    secondFactor = false;
    enrolAnswer = true;
    const { auth } = setup();
    await auth.login('admin', 'Demo1234!');
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', mustEnrol: true });
  });

  it("reads it from the profile's two_factor at start-up, and clears it once the profile says enrolled", async () => {
    twoFactor = { enabled: false, required: true };
    const { auth } = setup('A1', 'R1');
    await auth.init();
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', mustEnrol: true });
    // A profile edit's plain answer keeps it.
    auth.setUser(user as unknown as User);
    expect(auth.$auth.get()).toMatchObject({ mustEnrol: true });
    twoFactor = { enabled: true, required: true };
    await auth.init();
    expect(auth.$auth.get()).toEqual({ status: 'authenticated', user: { ...user, two_factor: twoFactor } });
  });

  it("knows the policy's 403 from any other, and requireEnrolment marks the signed-in session", async () => {
    secondFactor = false;
    const { auth, client } = setup();
    await auth.login('admin', 'Demo1234!');
    const refusal = await client('/sermons/').catch((e: unknown) => e);
    expect(isEnrolmentRefusal(refusal)).toBe(true);
    expect(isEnrolmentRefusal(await client('/nothing/').catch((e: unknown) => e))).toBe(false);
    expect(auth.$auth.get()).not.toHaveProperty('mustEnrol');
    auth.requireEnrolment();
    expect(auth.$auth.get()).toMatchObject({ status: 'authenticated', mustEnrol: true });
  });

  it('the gate shows only the Security section while the account must enrol', () => {
    const signedIn = user as unknown as User;
    const state = { status: 'authenticated', user: signedIn, mustEnrol: true } as const;
    expect(gateDecision(state, undefined, '/dashboard')).toBe('enrol');
    expect(gateDecision(state, undefined, '/users')).toBe('enrol');
    expect(gateDecision(state, undefined, ENROLMENT_PATH)).toBe('allowed');
    expect(gateDecision({ status: 'authenticated', user: signedIn }, undefined, '/dashboard')).toBe('allowed');
  });
});
