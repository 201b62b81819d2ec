// Theme: light by default, else the system's, saved choice wins and survives a reload with no flash
// (the class is on <html> before any bundled script runs). The phone menu is in public-nav.spec.ts.
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
