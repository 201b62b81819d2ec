// /give with JavaScript off (issue 23): the form's native checks, the post to the API, the fake Paystack's checkout
// (tests/e2e/paystack-server.ts), its webhook crediting the gift, and the thanks page's verified receipt; the page
// passes axe in both themes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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
  for (const theme of ['light', 'dark'] as const) {
    test(`/give and its thanks page have no serious or critical violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('gracechapel_theme_preference', t), theme);
      for (const path of ['/give', '/give/thanks?reference=GC-00000000000000000000']) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious, path).toEqual([]);
      }
    });
  }
});
