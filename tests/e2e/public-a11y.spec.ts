// axe-core scan of every public page in both themes: no serious or critical violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  '/',
  '/about',
  '/contact',
  '/sermons',
  '/sermons/walking-in-faith',
  '/events',
  '/prayers',
  '/no-such-page',
  '/login',
  '/forgot-password',
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('gracechapel_theme_preference', t), theme);
    });
    for (const path of pages) {
      test(`${path} has no serious or critical violations and no console errors`, async ({ page }) => {
        // Console errors include Content-Security-Policy refusals of scripts and styles.
        const errors: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error' && !msg.text().includes('404 (Not Found)')) errors.push(msg.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        // Let islands hydrate so the scan sees the enhanced page too.
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(serious).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}
