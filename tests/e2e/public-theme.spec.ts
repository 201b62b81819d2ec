// Theme: light by default, else the system's, saved choice wins and survives a reload with no flash
// (the class is on <html> before any bundled script runs). Mobile menu at a phone viewport.
import { expect, test } from '@playwright/test';

const htmlIsDark = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

test('light by default; follows the system preference when nothing is saved', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await htmlIsDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await htmlIsDark(page)).toBe(true);
});

test('the toggle persists the theme across reloads with no flash', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  const toggle = page.getByRole('button', { name: 'Toggle dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  expect(await htmlIsDark(page)).toBe(true);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('gracechapel_theme_preference'))).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('isDarkMode'))).toBe('true');

  // Block every bundled script: only the inline head script can set the class now.
  await page.route('**/_astro/**/*.js', (route) => route.abort());
  const atDomContentLoaded: boolean[] = [];
  page.on('domcontentloaded', async (p) => atDomContentLoaded.push(await htmlIsDark(p)));
  await page.reload();
  expect(await htmlIsDark(page)).toBe(true);
  expect(atDomContentLoaded).toEqual([true]);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(11, 17, 32)');

  // Back to light, also remembered (even against a dark system preference).
  await page.unroute('**/_astro/**/*.js');
  await page.reload();
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await htmlIsDark(page)).toBe(false);
});

test.describe('mobile menu at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens, closes, and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Admin Login' })).toHaveAttribute('href', '/login');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // A chosen link closes the menu (navigation held back so the same page can be checked).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await menu.getByRole('link', { name: 'Sermons' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    // And a real navigation lands on the page with the menu closed.
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about\/?$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });
});
