// Two-factor sign-in in the portal, end to end (docs/PRODUCT.md, Two-factor sign-in): enrol with the secret the
// setup shows beside its QR code, end another session, sign in with a code and with a recovery code, a reset by a
// Super Administrator, new recovery codes and turning the app off each proved by a current code (a wrong one
// refused at the field), and the policy taking an account to enrolment. Codes are computed from the secret here, as
// an authenticator app does. Each test signs in throw-away accounts and puts the policy back to off.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiLogin, createUser, PASSWORD, signedIn, gotoHydrated } from './portal-helpers';
import { expectNoAxeViolations } from './axe';

const web = { 'X-Platform': 'web' };
// Several sign-ins and an enrolment a test: more than the default 30 s on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1';

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function newAdmin(request: APIRequestContext) {
  return createUser(request, { role: 'ADMIN', can_access_web: true });
}

/** The profile's set-up: answers the secret and the ten recovery codes shown once. */
async function enrol(page: Page): Promise<{ secret: string; recovery: string[] }> {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Authentication code').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recovery = (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();
  return { secret, recovery };
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await gotoHydrated(page, '/login');
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('enrol, end another session, sign in with a code and with a recovery code; a Super Administrator resets it', async ({
  page,
  playwright,
}) => {
  const user = await newAdmin(page.request);
  await signedIn(page, user.username, '/admin/profile');
  const { secret, recovery } = await enrol(page);
  await expectNoAxeViolations(page);

  // Another session, on a phone, signed in with a recovery code through the API.
  const phone = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, userAgent: IPHONE });
  const first = await (
    await phone.post('/api/v1/auth/login/', { headers: web, data: { username: user.username, password: PASSWORD } })
  ).json();
  expect(first.mfa_required).toBe(true);
  const second = await phone.post('/api/v1/auth/login/2fa/', {
    headers: web,
    data: { mfa_token: first.mfa_token, code: recovery[0] },
  });
  expect(second.status()).toBe(200);
  const { refresh } = await second.json();

  await page.reload();
  const other = page.getByRole('listitem', { name: 'Safari on iOS' });
  await expect(other).toBeVisible();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(other).toHaveCount(0);
  const refused = await phone.post('/api/v1/auth/refresh/', { headers: web, data: { refresh } });
  expect(refused.status()).toBe(401);
  await phone.dispose();

  // Password, then the code of the next step (the confirming step's code never signs in).
  await passwordStep(page, user.username);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByText(user.username)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Authentication code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Password, then a recovery code (the one the phone used no longer works).
  await passwordStep(page, user.username);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Recovery code').fill(recovery[1]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Lost phone: a Super Administrator resets it from the user's details; the password alone then signs in.
  await signedIn(page, 'superadmin', '/admin/users');
  await page.getByPlaceholder('Search users by name, email, or phone...').fill(user.username);
  const row = page.locator(`[data-testid="user-row"][data-username="${user.username}"]`);
  await row.getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'User Details' });
  page.once('dialog', (confirm) => {
    expect(confirm.message()).toContain('verifying them in person');
    void confirm.accept();
  });
  await dialog.getByRole('button', { name: 'Reset Two-Factor' }).click();
  await expect(page.getByText(`Two-factor sign-in reset for ${user.first_name} ${user.last_name}.`)).toBeVisible();
  const plain = await apiLogin(page.request, user.username);
  expect(plain.access).toEqual(expect.any(String));
});

test('new recovery codes and turning the app off prove a current code first; a wrong one is refused at the field', async ({
  page,
}) => {
  const user = await newAdmin(page.request);
  await signedIn(page, user.username, '/admin/profile');
  const { secret } = await enrol(page);

  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recovery codes' });
  const code = dialog.getByLabel('Current code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page, 'dialog[open]');
  const near = [-1, 0, 1].map((step) => codeAt(secret, step));
  await code.fill(['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!);
  await dialog.getByRole('button', { name: 'Get new codes' }).click();
  await expect(dialog.getByText('Invalid code.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'dialog[open]');
  // The next step's code (the confirming step's one is spent).
  await code.fill(codeAt(secret, 1));
  await dialog.getByRole('button', { name: 'Get new codes' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const fresh = (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 recovery codes left')).toBeVisible();

  // Off, proved by one of the new recovery codes.
  await page.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off the authenticator app' });
  await off.getByLabel('Current code').fill(fresh[0]);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  const plain = await apiLogin(page.request, user.username);
  expect(plain.access).toEqual(expect.any(String));
});

test.describe('the policy', () => {
  // One token, taken before the policy applies: a SUPERADMIN without two-factor signing in afterwards would be
  // taken to enrolment too, and could not put the policy back. Put back after the test whatever happened in it.
  let access = '';
  const policy = (request: APIRequestContext, value: string) =>
    request.patch('/api/v1/settings/security/', {
      headers: { ...web, Authorization: `Bearer ${access}` },
      data: { require_two_factor: value },
    });
  test.beforeEach(async ({ request }) => {
    access = (await apiLogin(request, 'superadmin')).access;
  });
  test.afterEach(async ({ request }) => {
    expect((await policy(request, 'off')).status()).toBe(200);
  });

  test('takes an account without two-factor to enrolment, and nothing else, until it enrols', async ({ page }) => {
    const user = await newAdmin(page.request);
    expect((await policy(page.request, 'admins')).status()).toBe(200);
    await passwordStep(page, user.username);
    await expect(page).toHaveURL(/\/admin\/profile/);
    await expect(page.getByText(/requires two-factor sign-in/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/profile/);
    await enrol(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  });
});

test('dark theme: the second step and the profile security section pass axe', async ({ page }) => {
  const user = await newAdmin(page.request);
  await page.addInitScript(() => localStorage.setItem('isDarkMode', 'true'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedIn(page, user.username, '/admin/profile');
  await expect(page.locator('html')).toHaveClass(/dark/);
  const { secret } = await enrol(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('dialog').getByLabel('Current code')).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await passwordStep(page, user.username);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  expect(secret).toMatch(/^[A-Z2-7]+$/);
});
