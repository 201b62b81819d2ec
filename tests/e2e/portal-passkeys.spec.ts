// Passkeys in the portal, end to end (docs/PRODUCT.md, Two-factor sign-in): add one on the profile, add a second
// on a security key once the first has proved it is the owner, remove that one (proved by a passkey), sign in with
// the first alone (no username) and as the second step after the password, then remove it (proved by itself). The
// authenticators are Chromium's virtual ones (the DevTools WebAuthn domain: CTAP2, resident keys, user verified).
// Browsers refuse WebAuthn on an IP address, so the pages are opened as localhost (the server takes a loopback site
// as localhost too). axe runs on the profile's Security section, its proof dialogs and /login's steps in both
// themes. The account is a throw-away one and ends without its passkeys.
import { expect, test, type Page } from '@playwright/test';
import { THEME_PREFERENCE_KEY } from '../../src/lib/shared/constants';
import { createUser, PASSWORD } from './portal-helpers';
import { expectNoAxeViolations } from './axe';
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

/** A second authenticator beside the built-in one (Chromium allows one of those): a USB security key. */
const securityKey = (page: Page) => virtualAuthenticator(page, 'usb');

async function passwordStep(page: Page, username: string) {
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('add a passkey, a second one proved by the first, sign in with one alone and as the second step, remove them', async ({
  page,
}) => {
  const user = await createUser(page.request, { role: 'ADMIN', can_access_web: true });
  const laptop = await virtualAuthenticator(page);

  await signedOut(page);
  await passwordStep(page, user.username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`${localSite()}/admin/profile`);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.')).toBeVisible();

  // The first factor: nothing to prove yet.
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Confirm it is you/)).toHaveCount(0);
  await dialog.getByLabel(/^Name/).fill('Test laptop');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  const row = card.getByRole('listitem', { name: 'Test laptop' });
  await expect(row).toContainText('Never used');
  expect(await laptop.credentials()).toHaveLength(1);
  await expectNoAxeViolations(page, '#security-title + div');

  // The second: the first proves it is the account's owner (its only factor), then a second authenticator takes
  // the new one (the first holds a passkey of the account, so the server's options exclude it).
  const phone = await securityKey(page);
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(dialog.getByText(/Confirm it is you first with one of your passkeys/)).toBeVisible();
  await expect(dialog.getByLabel('Current code')).toHaveCount(0);
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByLabel(/^Name/).fill('Test phone');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('listitem', { name: 'Test phone' })).toContainText('Never used');
  await expect(row).toContainText('Last used');
  expect(await phone.credentials()).toHaveLength(1);

  // Removed again, proved by a passkey; the key is unplugged so the sign-in below has one passkey to offer.
  await card.getByRole('listitem', { name: 'Test phone' }).getByRole('button', { name: 'Remove Test phone' }).click();
  await expect(dialog.getByText('Remove the passkey "Test phone"? It will no longer sign you in.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('listitem', { name: 'Test phone' })).toHaveCount(0);
  await phone.unplug();

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

  // Removed after asking, proved by itself (dark theme kept): the password alone signs in again.
  await page.goto(`${localSite()}/admin/profile`);
  await expect(row).toContainText('Last used');
  await expectNoAxeViolations(page, '#security-title + div');
  await row.getByRole('button', { name: 'Remove Test laptop' }).click();
  await expect(dialog.getByText(/Confirm it is you first with one of your passkeys/)).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await signedOut(page);
  await passwordStep(page, user.username);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});
