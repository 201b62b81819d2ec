// The staff portal on a phone (docs/PRODUCT.md (Admin layout)): at 360 × 740 the navigation is a drawer, closed by
// default, opened by the top bar's menu button and closed by Escape or a chosen link; no screen scrolls sideways; axe
// stays clean in both themes. On a wide screen the sidebar's collapse is remembered from one page load to the next.
import { expect, test, type Page } from '@playwright/test';
import { openScreen } from './admin-content-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

const SCREENS = [
  '/admin/dashboard',
  '/admin/users',
  '/admin/sermons',
  '/admin/prayers',
  '/admin/events',
  '/admin/households',
  '/admin/ministries',
  '/admin/messages',
  '/admin/giving',
  '/admin/outbox',
  '/admin/removals',
  '/admin/analytics',
  '/admin/settings',
  '/admin/profile',
];

const PHONE = { width: 360, height: 740 };

/** How wide the document is once the screen has had its data (lists and tables are what grow). */
async function pageWidth(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('at 360 × 740', () => {
  test.use({ viewport: PHONE });

  test('no portal screen scrolls sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await openScreen(page, SCREENS[0]);
    const widths: Record<string, number> = {};
    for (const path of SCREENS) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor({ timeout: 20_000 });
      widths[path] = await pageWidth(page);
    }
    console.log('portal widths at 360 px:', JSON.stringify(widths));
    expect(Object.entries(widths).filter(([, w]) => w > PHONE.width)).toEqual([]);
  });

  test('the navigation is a drawer: closed at first, opened by the menu button, closed by Escape and by a link', async ({
    page,
  }) => {
    await openScreen(page, '/admin/dashboard');
    const nav = page.getByRole('complementary', { name: 'Admin navigation' });
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await expect(nav).toBeVisible();
    // Focus moves into the drawer, and the drawer fits the screen.
    await expect(page.getByRole('button', { name: 'Close navigation' })).toBeFocused();
    const box = (await nav.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(nav).toBeHidden();
    await expect(page.locator('main h1')).toHaveText('Event Management');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('the top bar and the open drawer pass axe (light and dark)', async ({ page }) => {
    await openScreen(page, '/admin/dashboard');
    await expectNoAxeViolationsInBothThemes(page, 'header');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('complementary', { name: 'Admin navigation' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'dialog[open]');
    // The wide tables scroll inside their own region, which is scanned too.
    await page.keyboard.press('Escape');
    await page.goto('/admin/outbox');
    await page.locator('main h1').waitFor();
    await expectNoAxeViolationsInBothThemes(page, 'main');
  });
});

test('on a wide screen a collapsed sidebar stays collapsed on the next page load', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openScreen(page, '/admin/dashboard');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.goto('/admin/users');
  await page.locator('main h1').waitFor();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Admin navigation' })).toHaveAttribute('data-open', 'false');
});
