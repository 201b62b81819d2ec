// Shared steps of the portal's end-to-end tests: API sign-in (fast set-up), browser sign-in with stored
// tokens, creating throw-away users (the axe scan is ./axe.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../src/lib/shared/constants';

export const PASSWORD = 'Demo1234!';
const headers = { 'X-Platform': 'web' };

export async function apiLogin(request: APIRequestContext, username: string, password = PASSWORD) {
  const res = await request.post('/api/v1/auth/login/', { data: { username, password }, headers });
  expect(res.status(), `login ${username}`).toBe(200);
  return (await res.json()) as { access: string; refresh: string; user: { id: number } };
}

let signIns = 0;

/**
 * Opens `path` already signed in as `username`: the tokens are put where the app keeps them before the first page's
 * scripts run, so no page is loaded to put them there. Once per tab and sign-in (the latest wins): a later
 * navigation does not undo a sign-out or bring back a pair the app has since refreshed.
 */
export async function signedIn(page: Page, username: string, path = '/admin/dashboard', password = PASSWORD) {
  const { access, refresh } = await apiLogin(page.request, username, password);
  signIns += 1;
  await page.addInitScript(
    ([ak, rk, a, r, n]) => {
      try {
        if (Number(sessionStorage.getItem('e2e-sign-in') ?? 0) >= Number(n)) return;
        sessionStorage.setItem('e2e-sign-in', n);
        localStorage.setItem(ak, a);
        localStorage.setItem(rk, r);
      } catch {
        // about:blank has no storage; the next navigation runs this again.
      }
    },
    [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, access, refresh, String(signIns)],
  );
  await page.goto(path);
}

let counter = 0;
/** Creates a user through the API as `as` (default superadmin); answers the created user. */
export async function createUser(
  request: APIRequestContext,
  over: Record<string, unknown> = {},
  as = 'superadmin',
): Promise<{ id: number; username: string; first_name: string; last_name: string; role: string }> {
  const { access } = await apiLogin(request, as);
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const res = await request.post('/api/v1/auth/users/', {
    headers: { ...headers, Authorization: `Bearer ${access}` },
    data: {
      username: `e2e_${tag}`,
      password: PASSWORD,
      email: `e2e_${tag}@example.org`,
      first_name: 'Esi',
      last_name: `Tester${tag}`,
      role: 'MEMBER',
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function apiCall(request: APIRequestContext, as: string, method: string, path: string, data?: unknown) {
  const { access } = await apiLogin(request, as);
  return request.fetch(`/api/v1${path}`, { method, data, headers: { ...headers, Authorization: `Bearer ${access}` } });
}

/**
 * Opens a sign-in page and waits until its form's island has hydrated (Astro drops the ssr attribute): a click on
 * Sign In before that is the browser's own form post, answered for browsers without JavaScript.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}
