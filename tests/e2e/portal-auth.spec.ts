// Sign-in, session and gate, end to end against the real server and its seeded demo accounts.
import { expect, test, type Page } from '@playwright/test';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../src/lib/shared/constants';
import { apiCall, createUser, PASSWORD, signedIn, gotoHydrated } from './portal-helpers';
import { expectNoAxeViolations } from './axe';

// Four helpers share two CPU cores: give each test room (axe scans alone can take seconds).
test.describe.configure({ timeout: 60_000 });

// The sign-in page once its form has hydrated: typing before that is public-forms-prehydration.spec.ts's to check.
const gotoLogin = (page: Page) => gotoHydrated(page, '/login');

async function signIn(page: Page, username: string, password = PASSWORD) {
  await gotoLogin(page);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
const storedTokens = (page: Page) =>
  page.evaluate(
    ([a, r]) => [localStorage.getItem(a), localStorage.getItem(r), localStorage.getItem('token')],
    [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
  );

test.describe('login page', () => {
  test('shows the spec texts, links, debug line and passes axe', async ({ page }) => {
    await gotoLogin(page);
    await expect(page.getByText('contact your system administrator to get access')).toBeVisible();
    await expect(page.getByRole('link', { name: /forgot your password/i })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: /church website/i })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('debug-line')).toBeVisible(); // the e2e server runs with PUBLIC_DEBUG=true
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Username').fill('ab');
    await expect(button).toBeDisabled();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
    await page.getByLabel('Username').focus();
    await expect(page.getByText('Minimum 3 characters required')).toBeVisible();
    await expect(page.getByText('Minimum 6 characters required')).toBeVisible();
    await expect(button).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("a blank username says 'Username is required'", async ({ page }) => {
    await gotoLogin(page);
    await page.getByLabel('Username').fill('   ');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
  });
});

test.describe('sign-in with each demo account', () => {
  for (const username of ['superadmin', 'admin', 'pastor']) {
    test(`${username} reaches the dashboard with both tokens stored`, async ({ page }) => {
      await signIn(page, username);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByTestId('sidebar-user-card')).toBeVisible();
      const [access, refresh, stray] = await storedTokens(page);
      expect(access).toBeTruthy();
      expect(refresh).toBeTruthy();
      expect(stray).toBeNull();
    });
  }

  for (const username of ['member', 'staffnoweb']) {
    test(`${username} is refused with the 403 message`, async ({ page }) => {
      await signIn(page, username);
      await expect(banner(page)).toContainText('Access denied. You do not have permission to access the admin panel.');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a wrong password gives the 401 message, and the 6th try after 5 failures the 423 message', async ({ page }) => {
    const { username } = await createUser(page.request, { role: 'PASTOR', can_access_web: true });
    await signIn(page, username, 'wrong-password');
    await expect(banner(page)).toContainText('Invalid username or password. Please try again.');
    for (let i = 0; i < 4; i += 1) {
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong-password-${i}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    }
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(banner(page)).toContainText('Account is temporarily locked. Please try again later.');
  });
});

test.describe('session', () => {
  test('reload keeps the session; logout clears it and goes to /login', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/users');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedTokens(page)).toEqual([null, null, null]);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a dead access token refreshes silently once; a dead refresh token sends the person to /login', async ({
    page,
  }) => {
    await signedIn(page, 'admin', '/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await page.evaluate((k) => localStorage.setItem(k, 'expired.or.garbage'), ACCESS_TOKEN_KEY);
    await page.reload();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    const [access] = await storedTokens(page);
    expect(access).not.toBe('expired.or.garbage');
    await page.evaluate(
      ([a, r]) => {
        localStorage.setItem(a, 'dead');
        localStorage.setItem(r, 'dead');
      },
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY],
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedTokens(page)).toEqual([null, null, null]);
  });

  test('the gate: /admin redirects to the dashboard, no session goes to /login, lost web access shows Access Denied', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
    const staff = await createUser(page.request, { role: 'ADMIN', can_access_web: true });
    await signedIn(page, staff.username, '/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const revoked = await apiCall(page.request, 'superadmin', 'POST', `/auth/users/${staff.id}/revoke_web_access/`);
    expect(revoked.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  });

  test('an unknown /admin path shows the 404 content inside the portal', async ({ page }) => {
    await signedIn(page, 'pastor', '/admin/no-such-screen');
    await expect(page.getByText('Oops! Page Not Found')).toBeVisible();
    await expect(page.getByTestId('sidebar-user-card')).toBeVisible();
  });
});

test.describe('other pages', () => {
  test('forgot password validates the email, then shows the success view', async ({ page }) => {
    // No wait for hydration: what is typed before the island runs is taken over (useFormTakeover).
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    // The spec's 2-second sending state, whatever the server's speed.
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await expectNoAxeViolations(page);
  });

  test('debug and auth-test pages work in debug mode', async ({ page }) => {
    await page.goto('/debug');
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Test Login' }).click();
    await expect(page.getByTestId('access-token')).not.toHaveText('(none)');
    await expect(page.getByTestId('refresh-token')).not.toHaveText('(none)');
    await page.getByRole('button', { name: 'Test Profile' }).click();
    await expect(page.getByTestId('debug-output')).toContainText('"username": "admin"');
    await page.goto('/auth-test');
    await expect(page.getByTestId('auth-status')).toHaveText('Authenticated');
    await expect(page.getByTestId('auth-role')).toHaveText('ADMIN');
    await expect(page.getByTestId('auth-web-access')).toHaveText('Yes');
    await page.getByRole('button', { name: 'Test Users List' }).click();
    await expect(page.getByTestId('auth-test-output')).toContainText('Users list OK');
  });
});
