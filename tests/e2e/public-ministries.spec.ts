// /ministries with JavaScript off (issue 22): the public ministries from the database with what each does and when
// and where it meets, no script of its own, kept by the host (its copy answers the next request); a join form that
// posts to the API and comes back to the ministry's thank-you; the page passes axe in both themes.
import { expectNoSeriousAxeViolationsInBothThemes } from './axe';
import { expect, test } from '@playwright/test';
import { JOIN_THANKS } from '../../src/lib/shared/ministries/api';

test.use({ javaScriptEnabled: false });

test('lists the ministries with their meetings, loads no script, and is in the navigation', async ({ page }) => {
  const res = await page.goto('/ministries');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Ministries & Groups', level: 1 })).toBeVisible();
  const choir = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: 'Choir' }) });
  await expect(choir).toContainText('Thursday, 6:30 PM');
  await expect(choir).toContainText('Main auditorium');
  // No island and no script of its own: only the layout's small scripts every public page has (as /about).
  expect(await page.locator('astro-island').count()).toBe(0);
  const scripts = () =>
    page.locator('script[src]').evaluateAll((els) => els.map((el) => el.getAttribute('src')).sort());
  const own = await scripts();
  await page.goto('/about');
  expect(own).toEqual(await scripts());
  await page.goto('/ministries');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Ministries' })).toHaveAttribute(
    'href',
    '/ministries',
  );
});

test('a join request without JavaScript comes back to the thank-you', async ({ page }) => {
  await page.goto('/ministries');
  const choir = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: 'Choir' }) });
  await choir.getByText('Join Choir').click();
  const name = choir.getByLabel('Name');
  // Native checks: a name is required and at least two characters.
  expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await name.fill('Efua Mensah');
  await choir.getByLabel('Email').fill('efua.join@example.org');
  await choir.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(/\/ministries#joined-\d+$/);
  await expect(choir.getByRole('status')).toHaveText(JOIN_THANKS);
  await expect(choir.getByRole('status')).toBeVisible();
});

test.describe('axe', () => {
  test.use({ javaScriptEnabled: true });
  test('/ministries has no serious or critical violations (light and dark)', async ({ page }) => {
    // Opened in the dark theme by the saved preference, scanned in both.
    await page.addInitScript((t) => localStorage.setItem('gracechapel_theme_preference', t), 'dark');
    await page.goto('/ministries');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // The form inside the first card too.
    await page.getByTestId('ministry-card').first().locator('summary').click();
    await expectNoSeriousAxeViolationsInBothThemes(page);
  });
});
