// The auth session of docs/PRODUCT.md (States) as a nanostore: loading at start, then authenticated (profile
// loaded) or unauthenticated. 'error' is added for a start-up check the server could not answer, so a dead
// API shows a message with a retry instead of an endless spinner.
// Sign-in may take a second step (docs/API.md, Two-factor sign-in): login() then throws CodeRequired and the store
// keeps the mfa_token for loginWithCode(); an account the two-factor policy covers without a second factor is
// authenticated with mustEnrol, and the portal shows it only the profile's Security section until it enrols.
// A passkey signs in alone (loginWithPasskey) or as that second step (loginWithPasskeyStep); the browser's WebAuthn
// code (@simplewebauthn/browser) is loaded only when one is asked for.
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { atom, type ReadableAtom } from 'nanostores';
import { api as defaultApi, apiErrorInfo, type ApiClient } from './api-client';
import { LOGIN_MESSAGES } from '../shared/messages';
import type { User } from '../shared/users/types';
import { MFA_ENROLMENT_REQUIRED, type SecondFactor } from '../shared/twofactor/factors';

export type AuthState =
  | { status: 'loading'; user: null }
  /** mustEnrol: the two-factor policy covers this account and it has no second factor yet. */
  | { status: 'authenticated'; user: User; mustEnrol?: true }
  | { status: 'unauthenticated'; user: null }
  /** Signed in, but the server refuses this account the admin panel (403 on the profile). */
  | { status: 'denied'; user: null }
  | { status: 'error'; user: null; message: string };

/** docs/PRODUCT.md (Errors): the login banner's text for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  const { status, detail } = apiErrorInfo(error);
  if (status === 401 || status === 423 || status === 403) return LOGIN_MESSAGES[status];
  return detail ?? LOGIN_MESSAGES.fallback;
}

/**
 * The right password of an account with two-factor on: the form asks for a code (loginWithCode) or a passkey
 * (loginWithPasskeyStep), as the account's `methods` allow.
 */
export class CodeRequired extends Error {
  constructor(readonly methods: readonly SecondFactor[] = ['totp']) {
    super('A code from the authenticator app or a recovery code is needed.');
  }
}

/** The person closed the browser's passkey prompt (or it timed out): nothing to report as a failure. */
export class PasskeyCancelled extends Error {
  constructor() {
    super('The passkey prompt was closed.');
  }
}

/** Whether an error of navigator.credentials is the prompt being closed, cancelled or timed out. */
export const isPromptClosed = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** navigator.credentials.get() with the server's options; the library comes with the first use. */
async function askPasskey(optionsJSON: unknown) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({
      optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw isPromptClosed(error) ? new PasskeyCancelled() : error;
  }
}

/** Whether this browser can use passkeys at all (the sign-in offers one only then). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The second step can no longer succeed (5 wrong codes or 5 minutes): sign in again from the password. */
export class CodeStepEnded extends Error {
  constructor() {
    super('The sign-in took too long or had too many wrong codes. Please sign in again.');
  }
}

/** What the server allows one mfa_token (docs/API.md: it lives 5 minutes and dies after 5 wrong codes). */
export const CODE_STEP_TTL_MS = 5 * 60_000;
export const CODE_STEP_MAX_WRONG = 5;

interface LoginAnswer {
  access: string;
  refresh: string;
  user?: User;
  mfa_enrolment_required?: true;
}
type FirstStepAnswer = LoginAnswer | { mfa_required: true; mfa_token: string; methods?: SecondFactor[] };
type PasskeyChallenge = { challenge_id: string; options: unknown };

/** The profile answer's two-factor state (GET /auth/profile/, profileSchema). */
interface ProfileTwoFactor {
  two_factor?: { enabled: boolean; required: boolean };
}
function mustEnrolFor(user: User): boolean {
  const state = (user as ProfileTwoFactor).two_factor;
  return state ? state.required && !state.enabled : false;
}

/** A refusal that means "set up two-factor sign-in first" (the policy's 403). */
export function isEnrolmentRefusal(error: unknown): boolean {
  const { status, body } = apiErrorInfo(error);
  return status === 403 && (body as { code?: unknown } | undefined)?.code === MFA_ENROLMENT_REQUIRED.code;
}

export interface AuthStore {
  $auth: ReadableAtom<AuthState>;
  /** Start-up check: with a stored access token, fetch the profile. Safe to call more than once. */
  init(): Promise<void>;
  /**
   * Throws the API's error (read it with loginErrorMessage), or CodeRequired when a second step is needed;
   * resolves with the signed-in profile.
   */
  login(username: string, password: string): Promise<User>;
  /** The second step with a TOTP or recovery code; throws the API's error, or CodeStepEnded (back to the password). */
  loginWithCode(code: string): Promise<User>;
  /** Sign in with a passkey alone (no username); throws the API's error, or PasskeyCancelled. */
  loginWithPasskey(): Promise<User>;
  /** The second step with a passkey; throws as loginWithCode does, or PasskeyCancelled. */
  loginWithPasskeyStep(): Promise<User>;
  /** A call was refused until the account enrols (isEnrolmentRefusal), or the profile says so. */
  requireEnrolment(): void;
  logout(): Promise<void>;
  /** Replace the signed-in user (after a profile edit), so every island shows it at once. */
  setUser(user: User): void;
}

export function createAuthStore(client: ApiClient): AuthStore {
  const $auth = atom<AuthState>({ status: 'loading', user: null });
  let initRun: Promise<void> | null = null;
  let codeStep: { token: string; endsAt: number; wrong: number } | null = null;

  // A refresh that failed mid-work ends the session everywhere.
  client.onSessionExpired(() => $auth.set({ status: 'unauthenticated', user: null }));

  async function loadProfile(): Promise<void> {
    if (!client.storage.getAccess()) {
      $auth.set({ status: 'unauthenticated', user: null });
      return;
    }
    try {
      setSignedIn(await client<User>('/auth/profile/'));
    } catch (error) {
      const { status, detail, message } = apiErrorInfo(error);
      if (status === 401) {
        client.storage.clear();
        $auth.set({ status: 'unauthenticated', user: null });
      } else if (status === 403) {
        $auth.set({ status: 'denied', user: null });
      } else if ($auth.get().status === 'loading' || $auth.get().status === 'error') {
        // Nothing to keep yet: say what happened rather than spin forever.
        $auth.set({ status: 'error', user: null, message: detail ?? message });
      }
      // Otherwise keep the current user state (docs/PRODUCT.md (States)).
    }
  }

  function setSignedIn(user: User, mustEnrol = mustEnrolFor(user)) {
    $auth.set(mustEnrol ? { status: 'authenticated', user, mustEnrol } : { status: 'authenticated', user });
  }

  async function finishSignIn(answer: LoginAnswer): Promise<User> {
    client.storage.setTokens({ access: answer.access, refresh: answer.refresh });
    const user = await client<User>('/auth/profile/');
    setSignedIn(user, mustEnrolFor(user) || answer.mfa_enrolment_required === true);
    return user;
  }

  /**
   * A second step's call with the step's mfa_token: a 401 counts as a wrong guess (the server ends the token after
   * five), and a step that can no longer succeed throws CodeStepEnded.
   */
  async function secondStep(
    path: string,
    body: (mfaToken: string) => Record<string, unknown> | Promise<Record<string, unknown>>,
  ): Promise<User> {
    const step = codeStep;
    if (!step || Date.now() >= step.endsAt) {
      codeStep = null;
      throw new CodeStepEnded();
    }
    let answer: LoginAnswer;
    try {
      answer = await client<LoginAnswer>(path, { method: 'POST', body: await body(step.token) });
    } catch (error) {
      if (apiErrorInfo(error).status === 401 && ++step.wrong >= CODE_STEP_MAX_WRONG) {
        codeStep = null;
        throw new CodeStepEnded();
      }
      throw error;
    }
    codeStep = null;
    return finishSignIn(answer);
  }

  return {
    $auth,
    init() {
      initRun ??= loadProfile().finally(() => {
        initRun = null;
      });
      return initRun;
    },
    async login(username, password) {
      codeStep = null;
      const answer = await client<FirstStepAnswer>('/auth/login/', {
        method: 'POST',
        body: { username: username.trim(), password },
      });
      if ('mfa_required' in answer) {
        // Another account's stored tokens must not be refreshed and the code replayed on the second step's 401.
        client.storage.clear();
        codeStep = { token: answer.mfa_token, endsAt: Date.now() + CODE_STEP_TTL_MS, wrong: 0 };
        throw new CodeRequired(answer.methods ?? ['totp']);
      }
      return finishSignIn(answer);
    },
    async loginWithCode(code) {
      return secondStep('/auth/login/2fa/', (mfa_token) => ({ mfa_token, code: code.trim() }));
    },
    async loginWithPasskey() {
      codeStep = null;
      // Another account's stored tokens must not be refreshed and the answer sent again on a 401.
      client.storage.clear();
      const { challenge_id, options } = await client<PasskeyChallenge>('/auth/login/passkey/options/', {
        method: 'POST',
        body: {},
      });
      const response = await askPasskey(options);
      return finishSignIn(
        await client<LoginAnswer>('/auth/login/passkey/', { method: 'POST', body: { challenge_id, response } }),
      );
    },
    async loginWithPasskeyStep() {
      return secondStep('/auth/login/passkey/', async (mfa_token) => {
        const { challenge_id, options } = await client<PasskeyChallenge>('/auth/login/passkey/options/', {
          method: 'POST',
          body: { mfa_token },
        });
        return { mfa_token, challenge_id, response: await askPasskey(options) };
      });
    },
    requireEnrolment() {
      const state = $auth.get();
      if (state.status === 'authenticated' && !state.mustEnrol) setSignedIn(state.user, true);
    },
    async logout() {
      const refresh = client.storage.getRefresh();
      try {
        await client('/auth/logout/', { method: 'POST', body: { refresh_token: refresh ?? undefined } });
      } catch {
        // The server may be down or the token already dead: signing out locally must still happen.
      }
      client.storage.clear();
      $auth.set({ status: 'unauthenticated', user: null });
    },
    setUser(user) {
      // An edit's answer is the plain user (no two_factor): the enrolment state stays as it was.
      const state = $auth.get();
      const kept = state.status === 'authenticated' && state.mustEnrol === true;
      setSignedIn(user, 'two_factor' in user ? mustEnrolFor(user) : kept);
    },
  };
}

/** The browser's one session, shared by the login form, the admin app and the debug pages. */
export const auth: AuthStore = createAuthStore(defaultApi);
export const $auth = auth.$auth;
