// Passkeys on /my, end to end (docs/PRODUCT.md, Members' pages): a member signs in by code, adds a passkey on
// /my/details, signs out, signs in with the passkey alone (no email typed), and removes it with the plain form.
// The authenticator is Chromium's virtual one (the DevTools WebAuthn domain, as in portal-passkeys.spec.ts); browsers
// refuse WebAuthn on an IP address, so the pages are opened as localhost. axe runs on both changed pages in both
// themes. The member is a throw-away one and ends without its passkey.
import { expect, test, type Page } from '@playwright/test';
import { THEME_PREFERENCE_KEY } from '../../src/lib/shared/constants';
import { expectNoAxeViolations } from './axe';
import { codeSentTo, lastOutboxId, newMember } from './my-helpers';
import { localSite, virtualAuthenticator } from './webauthn-helpers';

test.describe.configure({ timeout: 90_000 });

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_PREFERENCE_KEY, theme]);

test('a member adds a passkey, signs in with it alone, and removes it', async ({ page }) => {
  const member = await newMember(page.request);
  const authenticator = await virtualAuthenticator(page);
  const scripts: string[] = [];
  page.on('pageerror', (error) => scripts.push(error.message));

  // Signed out: the code form and, this browser having passkeys, "Use a passkey" under it.
  await page.goto(`${localSite()}/my`);
  await setTheme(page, 'light');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoAxeViolations(page);

  // In by code, as every /my spec signs in.
  const before = lastOutboxId();
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/my\/code\?/);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await codeSentTo(member.email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // Add one on /my/details.
  await page.goto(`${localSite()}/my/details`);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await expect(card.getByText('Adding a passkey needs')).toBeHidden();
  await expectNoAxeViolations(page);
  await card.getByRole('textbox', { name: /^Name of the new passkey/ }).fill('Test laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page).toHaveURL(/\/my\/details\?done=passkey-added$/);
  await expect(page.getByRole('status')).toHaveText('Your passkey is added. Next time, sign in with it.');
  const row = card.getByRole('listitem').filter({ hasText: 'Test laptop' });
  await expect(row).toContainText('Never used');
  expect(await authenticator.credentials()).toHaveLength(1);

  // Out, then in again with the passkey alone (dark theme).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/my\?done=signed-out$/);
  await setTheme(page, 'dark');
  await page.reload();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${localSite()}/my`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome, ${member.first_name} ${member.last_name}` }),
  ).toBeVisible();

  // Used now; removed by its plain form.
  await page.goto(`${localSite()}/my/details`);
  await expect(row).toContainText('Last used');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: 'Remove Test laptop' }).click();
  await expect(page).toHaveURL(/\/my\/details\?done=passkey-removed$/);
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  expect(scripts).toEqual([]);
});

test('without JavaScript neither passkey button is offered, and /my/details says why', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: localSite() });
  const page = await context.newPage();
  try {
    const member = await newMember(page.request);
    await page.goto('/my');
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
    const before = lastOutboxId();
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByRole('textbox', { name: '6-digit code' }).fill(await codeSentTo(member.email, before));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await page.goto('/my/details');
    const card = page.getByRole('region', { name: 'Passkeys' });
    await expect(card.getByText('No passkeys yet.')).toBeVisible();
    await expect(card.getByText('Adding a passkey needs a browser that supports passkeys')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
