// The public menu and footer at a phone's 360 x 740 (issue 28, item 4): every page is in the header's menu (the
// spec's Home, About, Sermons, Contact in their order, with Events, Prayers, Ministries and Give among them), in the
// footer's Quick Links and the 404 page's Popular Pages; the phone menu is a disclosure that works with JavaScript
// off; nothing scrolls sideways; axe is clean in both themes with the menu open.
import { expectNoSeriousAxeViolationsInBothThemes } from './axe';
import { expect, test, type Page } from '@playwright/test';

/** The header's links in order, as the spec names them plus the pages issue 28 found missing. */
const HEADER = [
  ['Home', '/'],
  ['About', '/about'],
  ['Sermons', '/sermons'],
  ['Events', '/events'],
  ['Prayers', '/prayers'],
  ['Ministries', '/ministries'],
  ['Give', '/give'],
  ['Contact', '/contact'],
  ['Members', '/my'],
  ['Admin Login', '/login'],
] as const;
const QUICK_LINKS = [
  ['About Us', '/about'],
  ['Sermons', '/sermons'],
  ['Events', '/events'],
  ['Prayers', '/prayers'],
  ['Ministries', '/ministries'],
  ['Give', '/give'],
  ['Contact', '/contact'],
] as const;

test.use({ viewport: { width: 360, height: 740 } });

const menuButton = (page: Page) => page.locator('header summary');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

async function expectEveryLinkReachable(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toHaveAccessibleName('Menu');
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  const links = menu(page).getByRole('link');
  expect(await links.evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))).toEqual(
    HEADER.map(([name, href]) => [name, href]),
  );
  const header = await page.locator('header').boundingBox();
  for (const [name] of HEADER) {
    const link = menu(page).getByRole('link', { name, exact: true });
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    // Inside the phone's width and below the header's bar, at a size a thumb can hit.
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + 64 - 1);
    expect(box!.height).toBeGreaterThanOrEqual(24);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // A chosen link loads its page with the menu closed.
  await menu(page).getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/?$/);
  await expect(menu(page)).toBeHidden();
  await menuButton(page).click();
  await menu(page).getByRole('link', { name: 'Give', exact: true }).click();
  await expect(page).toHaveURL(/\/give\/?$/);
  await expect(menu(page)).toBeHidden();
}

test('every page is in the phone menu, which opens, closes and leads to each page', async ({ page }) => {
  await page.goto('/about');
  await expectEveryLinkReachable(page);
  // Keyboard: the menu button is in the tab order, Enter opens the menu and its links follow in order.
  await page.goto('/');
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeVisible();
  for (const [name] of HEADER) {
    await page.keyboard.press('Tab');
    await expect(menu(page).getByRole('link', { name, exact: true })).toBeFocused();
  }
  await menuButton(page).click();
  await expect(menu(page)).toBeHidden();
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('the phone menu still opens and every link is reachable', async ({ page }) => {
    await page.goto('/about');
    await expectEveryLinkReachable(page);
  });
});

test('the footer and the 404 page list every page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Quick Links' });
  expect(
    await footer.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')])),
  ).toEqual(QUICK_LINKS.map(([name, href]) => [name, href]));
  for (const [name] of QUICK_LINKS) {
    const link = footer.getByRole('link', { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto('/no-such-page');
  const popular = page.getByRole('navigation', { name: 'Popular Pages' });
  for (const [name, href] of [['Home', '/'], ...QUICK_LINKS]) {
    await expect(popular.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
});

test.describe('from 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test('every link is in the header bar, on one line, with nothing scrolling sideways', async ({ page }) => {
    await page.goto('/about');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(menuButton(page)).toBeHidden();
    const middles: number[] = [];
    for (const [name] of HEADER) {
      const link = bar.getByRole('link', { name, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      middles.push(box.y + box.height / 2);
    }
    // One row: every link's middle at the same height, to a few pixels.
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });
});

test('axe is clean with the phone menu open, light and dark themes', async ({ page }) => {
  await page.goto('/sermons');
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  await expectNoSeriousAxeViolationsInBothThemes(page);
});
