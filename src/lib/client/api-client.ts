// The admin's HTTP client (docs/PRODUCT.md (API, Errors)): base URL, bearer token, `X-Platform: web`,
// credentials, 10 s timeout, JSON. On a 401 it refreshes the access token once with the stored refresh
// token and replays the request once; concurrent 401s share that one refresh. When the refresh fails the
// session is cleared and listeners (the auth store) are told, so the gate sends the person to /login.
import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import {
  ACCESS_TOKEN_KEY,
  API_PREFIX,
  API_TIMEOUT_MS,
  PLATFORM,
  PLATFORM_HEADER,
  REFRESH_TOKEN_KEY,
} from '../shared/constants';

export const NO_REFRESH_TOKEN = 'No refresh token available';

/** Where the two tokens live. The browser uses localStorage under the section 9 keys (and no other key). */
export interface TokenStorage {
  getAccess(): string | null;
  getRefresh(): string | null;
  setTokens(tokens: { access: string; refresh?: string | null }): void;
  clear(): void;
}

/** localStorage when it works, else memory (private mode, tests): the session then lasts the page's life. */
export function createTokenStorage(store: Storage | null = safeLocalStorage()): TokenStorage {
  const memory = new Map<string, string>();
  const get = (key: string) => {
    try {
      return store ? store.getItem(key) : (memory.get(key) ?? null);
    } catch {
      return memory.get(key) ?? null;
    }
  };
  const set = (key: string, value: string | null) => {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // Quota or disabled storage: the in-memory copy still serves this page.
    }
  };
  return {
    getAccess: () => get(ACCESS_TOKEN_KEY),
    getRefresh: () => get(REFRESH_TOKEN_KEY),
    setTokens({ access, refresh }) {
      set(ACCESS_TOKEN_KEY, access);
      if (refresh) set(REFRESH_TOKEN_KEY, refresh);
    },
    clear() {
      set(ACCESS_TOKEN_KEY, null);
      set(REFRESH_TOKEN_KEY, null);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Calls that must never trigger a refresh: they are the session calls themselves. */
const SESSION_PATHS = [
  '/auth/login/',
  '/auth/login/2fa/',
  '/auth/login/passkey/options/',
  '/auth/login/passkey/',
  '/auth/refresh/',
  '/auth/logout/',
];
const isSessionPath = (path: string) => SESSION_PATHS.some((p) => path.split('?')[0].endsWith(p));

export type ApiOptions = Omit<FetchOptions<'json'>, 'baseURL' | 'responseType'>;

export interface ApiClient {
  <T = unknown>(path: string, opts?: ApiOptions): Promise<T>;
  storage: TokenStorage;
  /** Where the API lives (calls that cannot go through the client, e.g. an upload with progress, use it). */
  baseURL: string;
  /** Runs `listener` whenever a failed refresh ends the session; returns the unsubscribe function. */
  onSessionExpired(listener: () => void): () => void;
  /** One refresh (shared by concurrent callers); resolves with the new access token. */
  refreshAccessToken(): Promise<string>;
}

export interface ApiClientConfig {
  baseURL?: string;
  storage?: TokenStorage;
  /** A custom fetch (tests); defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  timeout?: number;
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const storage = config.storage ?? createTokenStorage();
  const baseURL = config.baseURL ?? API_PREFIX;
  const listeners = new Set<() => void>();
  const raw = ofetch.create(
    {
      baseURL,
      timeout: config.timeout ?? API_TIMEOUT_MS,
      credentials: 'include',
      // No automatic retries: an action must never be sent twice, and a dead API should answer within the timeout.
      retry: 0,
      headers: { [PLATFORM_HEADER]: PLATFORM, Accept: 'application/json' },
    },
    config.fetch ? { fetch: config.fetch } : undefined,
  );

  let refreshing: Promise<string> | null = null;

  function refreshAccessToken(): Promise<string> {
    refreshing ??= (async () => {
      const refresh = storage.getRefresh();
      if (!refresh) throw new Error(NO_REFRESH_TOKEN);
      const answer = await raw<{ access?: unknown; refresh?: unknown }>('/auth/refresh/', {
        method: 'POST',
        body: { refresh },
      });
      if (typeof answer?.access !== 'string' || !answer.access) throw new Error('Invalid refresh response');
      // Refresh tokens are single-use (docs/API.md): keep the rotated one when the server sends it.
      storage.setTokens({ access: answer.access, refresh: typeof answer.refresh === 'string' ? answer.refresh : null });
      return answer.access;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function send<T>(path: string, opts: ApiOptions, token: string | null): Promise<T> {
    const headers = new Headers(opts.headers as HeadersInit | undefined);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return raw<T>(path, { ...opts, headers } as FetchOptions<'json'>);
  }

  const api = (async <T>(path: string, opts: ApiOptions = {}): Promise<T> => {
    const token = storage.getAccess();
    try {
      return await send<T>(path, opts, token);
    } catch (error) {
      if (errorStatus(error) !== 401 || isSessionPath(path)) throw error;
      try {
        // Another request may already have refreshed while this one was in flight: reuse its token.
        const current = storage.getAccess();
        if (!current || current === token) await refreshAccessToken();
      } catch (refreshError) {
        // A refresh the server refused (or no refresh token at all) ends the session; a network failure
        // leaves the tokens alone so the person is not signed out by a flaky connection.
        const status = errorStatus(refreshError);
        if (status === null ? isNoRefreshToken(refreshError) : status >= 400 && status < 500) {
          storage.clear();
          listeners.forEach((listener) => listener());
        }
        throw error;
      }
      // One replay only: a second 401 passes to the caller.
      return send<T>(path, opts, storage.getAccess());
    }
  }) as ApiClient;

  api.storage = storage;
  api.baseURL = baseURL;
  api.refreshAccessToken = refreshAccessToken;
  api.onSessionExpired = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return api;
}

function isNoRefreshToken(error: unknown): boolean {
  return error instanceof Error && error.message === NO_REFRESH_TOKEN;
}

/** The HTTP status of a failed call, or null for network errors, timeouts and anything else. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof FetchError || (error && typeof error === 'object' && 'statusCode' in error)) {
    const status = (error as FetchError).status ?? (error as FetchError).statusCode;
    return typeof status === 'number' && status > 0 ? status : null;
  }
  return null;
}

export interface ApiErrorInfo {
  status: number | null;
  /** The server's {"detail": "..."} text, when it sent one. */
  detail: string | null;
  /** Field errors of a 400 ({"errors": {"field": ["message"]}}). */
  errors: Record<string, string[]>;
  /** The error's own message (network failure, timeout, 'No refresh token available'). */
  message: string;
  /** The raw answer body, for the debug pages. */
  body: unknown;
}

export function apiErrorInfo(error: unknown): ApiErrorInfo {
  const status = errorStatus(error);
  const body = error instanceof FetchError ? jsonOrText(error.data) : undefined;
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const detail = typeof record.detail === 'string' && record.detail.trim() ? record.detail : null;
  const errors: Record<string, string[]> = {};
  if (record.errors && typeof record.errors === 'object') {
    for (const [field, list] of Object.entries(record.errors as Record<string, unknown>)) {
      if (Array.isArray(list)) errors[field] = list.filter((m): m is string => typeof m === 'string');
    }
  }
  let message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Request failed';
  if (error instanceof FetchError && status === null) {
    // ofetch's messages embed the URL; say plainly what happened instead.
    message = /abort|timeout/i.test(String(error.cause ?? error.message))
      ? 'The server took too long to answer. Please try again.'
      : 'Could not reach the server. Please check your connection and try again.';
  }
  return { status, detail, errors, message, body };
}

/** A refusal's JSON that came labelled as text (e.g. text/plain, which ofetch leaves unparsed) is still read. */
function jsonOrText(data: unknown): unknown {
  if (typeof data !== 'string' || !/^\s*\{/.test(data)) return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** The first message per field of a 400's field errors, as the forms show them. */
export function firstFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(apiErrorInfo(error).errors)) if (list[0]) out[field] = list[0];
  return out;
}

/**
 * Where the API lives: the one setting PUBLIC_API_BASE_URL (Astro inlines it into the browser code and the pages
 * alike at build time), default /api/v1.
 */
export const API_BASE_URL: string = import.meta.env?.PUBLIC_API_BASE_URL || API_PREFIX;

/** The address of an API path such as '/contact/': the browser's calls and the pages' form actions both use it. */
export const apiUrl = (path: string): string => `${API_BASE_URL}${path}`;

/** The client the browser uses. */
export const api: ApiClient = createApiClient({ baseURL: API_BASE_URL });

/** The browser's token storage (the two section 9 keys). */
export const tokens: TokenStorage = api.storage;
