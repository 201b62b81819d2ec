// /give with JavaScript off (issue 23): the form's native checks, the post to the API, the fake Paystack's checkout
// (tests/e2e/paystack-server.ts), its webhook crediting the gift, and the thanks page's verified receipt; the page
// passes axe in both themes.
import { expectNoSeriousAxeViolationsInBothThemes } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './portal-helpers';

test.use({ javaScriptEnabled: false });

const field = (page: Page, label: RegExp) => page.getByLabel(label);
const invalid = (page: Page, label: RegExp) => field(page, label).evaluate((el) => el.matches(':invalid'));

test('a gift: the form, Paystack checkout, then the thanks page with the receipt', async ({ page }) => {
  await page.goto('/give');
  await expect(page.getByRole('heading', { name: 'Give online' })).toBeVisible();
  await page.getByLabel(/^Fund/).selectOption({ label: 'Welfare' });
  // Native checks: more than two decimals, or below 1 cedi, stop the submit.
  for (const bad of ['20.555', '0.50', '100000.01', 'ten']) {
    await field(page, /^Amount in cedis/).fill(bad);
    expect(await invalid(page, /^Amount in cedis/), bad).toBe(true);
  }
  await field(page, /^Amount in cedis/).fill('25.50');
  expect(await invalid(page, /^Amount in cedis/)).toBe(false);
  await field(page, /^Name/).fill('Abena Owusu');
  await field(page, /^Email/).fill('abena@example.org');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // The fake Paystack's checkout page.
  await expect(page.getByRole('heading', { name: 'Pay GHS 25.50' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/give\/thanks\?/);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  const receipt = page.getByRole('status');
  await expect(receipt).toContainText('Welfare');
  await expect(receipt).toContainText('GH₵ 25.50');
  await expect(receipt).toContainText(/GC-[0-9A-F]{20}/);
});

test('a thanks page for an unknown or unpaid reference shows no receipt', async ({ page }) => {
  const res = await page.goto('/give/thanks?reference=GC-00000000000000000000');
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { name: 'Your gift was not completed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toHaveCount(0);
});

// axe runs as a script in the page: these scans run with JavaScript on.
test.describe('axe', () => {
  test.use({ javaScriptEnabled: true });
  test('/give and its thanks page have no serious or critical violations (light and dark)', async ({ page }) => {
    // Opened in the dark theme by the saved preference, scanned in both.
    await page.addInitScript((t) => localStorage.setItem('gracechapel_theme_preference', t), 'dark');
    for (const path of ['/give', '/give/thanks?reference=GC-00000000000000000000']) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await expectNoSeriousAxeViolationsInBothThemes(page, { label: path });
    }
  });
});

test('without an online form, /give says plainly how to give, and promises details only when there are some (issue 28)', async ({
  page,
}) => {
  // No active fund: the form cannot be offered. (Restored after, as found: the other tests give to Welfare.)
  const funds: { id: number; active: boolean }[] = await (
    await apiCall(page.request, 'admin', 'GET', '/giving/funds/all/')
  ).json();
  const active = funds.filter((f) => f.active);
  const setActive = async (value: boolean) => {
    for (const fund of active)
      expect(
        (await apiCall(page.request, 'admin', 'PATCH', `/giving/funds/${fund.id}/`, { active: value })).status(),
      ).toBe(200);
  };
  const emptyBank = { name: '', accountName: '', accountNumber: '', branch: '' };
  const emptyMomo = { number: '', network: '', name: '' };
  const saveDetails = async (body: unknown) =>
    expect((await apiCall(page.request, 'admin', 'PATCH', '/settings/giving/', body)).status()).toBe(200);
  await saveDetails({ mobileMoney: emptyMomo, bank: emptyBank });
  await setActive(false);
  try {
    await page.goto('/give');
    const note = page.getByTestId('offline-giving');
    await expect(note).toHaveText(
      'Online giving is not available at the moment. You can give in the offering at any service, or contact the church office and we will tell you how to give.',
    );
    await expect(page.getByRole('main')).not.toContainText('details below');
    await expect(page.getByRole('heading', { name: 'Bank transfer' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    await saveDetails({ bank: { ...emptyBank, name: 'GCB Bank', accountNumber: '1234 5678 90' } });
    await page.reload();
    await expect(note).toHaveText(
      'Online giving is not available at the moment. You can give by bank transfer with the details below, or in the offering at any service.',
    );
    await expect(page.getByRole('heading', { name: 'Bank transfer' })).toBeVisible();
    await expect(page.getByText('1234 5678 90')).toBeVisible();
  } finally {
    await setActive(true);
    await saveDetails({ mobileMoney: emptyMomo, bank: emptyBank });
  }
});
