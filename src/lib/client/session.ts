// The auth session of docs/PRODUCT.md (States) as a nanostore: loading at start, then authenticated (profile
// loaded) or unauthenticated. 'error' is added for a start-up check the server could not answer, so a dead
// API shows a message with a retry instead of an endless spinner.
import { atom, type ReadableAtom } from 'nanostores';
import { api as defaultApi, apiErrorInfo, type ApiClient } from './api-client';
import { LOGIN_MESSAGES } from '../shared/messages';
import type { User } from '../shared/users/types';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
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

interface LoginAnswer {
  access: string;
  refresh: string;
  user?: User;
}

export interface AuthStore {
  $auth: ReadableAtom<AuthState>;
  /** Start-up check: with a stored access token, fetch the profile. Safe to call more than once. */
  init(): Promise<void>;
  /** Throws the API's error (read it with loginErrorMessage); resolves with the signed-in profile. */
  login(username: string, password: string): Promise<User>;
  logout(): Promise<void>;
  /** Replace the signed-in user (after a profile edit), so every island shows it at once. */
  setUser(user: User): void;
}

export function createAuthStore(client: ApiClient): AuthStore {
  const $auth = atom<AuthState>({ status: 'loading', user: null });
  let initRun: Promise<void> | null = null;

  // A refresh that failed mid-work ends the session everywhere.
  client.onSessionExpired(() => $auth.set({ status: 'unauthenticated', user: null }));

  async function loadProfile(): Promise<void> {
    if (!client.storage.getAccess()) {
      $auth.set({ status: 'unauthenticated', user: null });
      return;
    }
    try {
      const user = await client<User>('/auth/profile/');
      $auth.set({ status: 'authenticated', user });
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

  return {
    $auth,
    init() {
      initRun ??= loadProfile().finally(() => {
        initRun = null;
      });
      return initRun;
    },
    async login(username, password) {
      const answer = await client<LoginAnswer>('/auth/login/', {
        method: 'POST',
        body: { username: username.trim(), password },
      });
      client.storage.setTokens({ access: answer.access, refresh: answer.refresh });
      const user = await client<User>('/auth/profile/');
      $auth.set({ status: 'authenticated', user });
      return user;
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
      $auth.set({ status: 'authenticated', user });
    },
  };
}

/** The browser's one session, shared by the login form, the admin app and the debug pages. */
export const auth: AuthStore = createAuthStore(defaultApi);
export const $auth = auth.$auth;
