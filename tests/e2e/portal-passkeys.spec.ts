// Passkeys in the portal, end to end (docs/PRODUCT.md, Two-factor sign-in): add one on the profile, sign in with it
// alone (no username) and as the second step after the password, then remove it. The authenticator is Chromium's
// virtual one (the DevTools WebAuthn domain: CTAP2, built in, resident keys, user verified). Browsers refuse WebAuthn
// on an IP address, so the pages are opened as localhost (the server takes a loopback site as localhost too).
// axe runs on the profile's Security section and on /login's steps in both themes. The account is a throw-away one
// and ends without its passkey.
import { expect, test, type Page } from '@playwright/test';
import { THEME_PREFERENCE_KEY } from '../../src/lib/shared/constants';
import { createUser, expectNoAxeViolations, PASSWORD } from './portal-helpers';
import { localSite, virtualAuthenticator } from './webauthn-helpers';

test.describe.configure({ timeout: 90_000 });

async function signedOut(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.goto(`${localSite()}/login`);
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      localStorage.setItem(key, value);
    },
    [THEME_PREFERENCE_KEY, theme],
  );
  await page.goto(`${localSite()}/login`);
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
}

async function passwordStep(page: Page, username: string) {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('add a passkey, sign in with it alone and as the second step, remove it', async ({ page }) => {
  const user = await createUser(page.request, { role: 'ADMIN', can_access_web: true });
  const authenticator = await virtualAuthenticator(page);

  await signedOut(page);
  await passwordStep(page, user.username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`${localSite()}/admin/profile`);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.')).toBeVisible();

  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Test laptop');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  const row = card.getByRole('listitem', { name: 'Test laptop' });
  await expect(row).toContainText('Never used');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoAxeViolations(page, '#security-title + div');

  // Signed out: the passkey alone, no username typed.
  await signedOut(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // The password, then the passkey as the second step (it is the account's only second factor).
  await signedOut(page, 'dark');
  await expectNoAxeViolations(page);
  await passwordStep(page, user.username);
  await expect(page.getByText('Use your passkey to finish signing in')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Removed after a confirm (dark theme kept): the password alone signs in again.
  await page.goto(`${localSite()}/admin/profile`);
  await expect(row).toContainText('Last used');
  await expectNoAxeViolations(page, '#security-title + div');
  page.once('dialog', (confirm) => void confirm.accept());
  await row.getByRole('button', { name: 'Remove Test laptop' }).click();
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await signedOut(page);
  await passwordStep(page, user.username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});
