// axe-core scan of every public page in both themes: no serious or critical violations; and the scan finds them.
import { axeViolations, expectNoSeriousAxeViolationsInBothThemes } from './axe';
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

for (const path of pages) {
  test(`${path} has no serious or critical violations (light and dark) and no console errors`, async ({ page }) => {
    // Opened in the dark theme by the saved preference, scanned in both.
    await page.addInitScript((t) => localStorage.setItem('gracechapel_theme_preference', t), 'dark');
    // Console errors include Content-Security-Policy refusals of scripts and styles.
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().includes('404 (Not Found)')) errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    // Let islands hydrate so the scan sees the enhanced page too.
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolationsInBothThemes(page);
    expect(errors).toEqual([]);
  });
}

// The scan itself (./axe.ts runs axe in the page's frame and keeps only violations): it still finds what it is for.
test('the scan finds an image without a text alternative, text without contrast, and an unnamed button', async ({
  page,
}) => {
  await page.goto('/about');
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML(
      'beforeend',
      '<img src="/favicon.svg" id="probe-img"><p id="probe-text">Faint</p><button id="probe-button"></button>',
    );
    // Set through the style object: the page's Content-Security-Policy refuses style attributes in markup.
    const faint = document.getElementById('probe-text')!;
    faint.style.color = '#777';
    faint.style.background = '#888';
  });
  const all = await axeViolations(page, { include: 'main' });
  expect(all.map((line) => line.split(':')[0]).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(all.join('\n')).toContain('#probe-text');
  // image-alt and button-name are critical, color-contrast serious: all three are kept with `serious`.
  expect(await axeViolations(page, { serious: true })).toHaveLength(3);
  // The flipped theme's scan (the colour rules only) still finds the faint text, and only that.
  const colours = await axeViolations(page, { include: 'main', colours: true });
  expect(colours.map((line) => line.split(':')[0])).toEqual(['color-contrast']);
});
