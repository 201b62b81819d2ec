// Events screen end to end: list/calendar toggle, search, filters, Clear, empty state, card figures, dialog, axe.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';

const cards = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li');

test('cards show 12-hour times, percent full and registration; search, filters and Clear', async ({ page }) => {
  await openScreen(page, '/admin/events');
  await expect(cards(page).first()).toBeVisible(); // the lazy screen has rendered
  const total = await cards(page).count();
  expect(total).toBeGreaterThan(1);
  await expect(cards(page).first()).toContainText(/\d{1,2}:\d{2} (AM|PM)/);
  await expect(cards(page).first()).toContainText(/\d+% full/);
  await expect(cards(page).first()).toContainText(/Required|Open/);
  await expect(cards(page).first().getByRole('progressbar')).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Private' })).not.toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill('candlelight');
  await expect(cards(page)).toHaveCount(1);
  await search.fill('');
  await page.getByLabel('Type').selectOption('series');
  await expect(cards(page)).toHaveCount(1);
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(cards(page)).toHaveCount(total);
});

test('calendar shows the month grid and leads back to the list', async ({ page }) => {
  await openScreen(page, '/admin/events');
  await page.getByRole('button', { name: 'Calendar' }).click();
  // The calendar replaced "Calendar View Coming Soon" (admin-content-manage.spec.ts walks its months).
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveCount(7);
  await page.getByRole('button', { name: 'List View' }).click();
  await expect(page.getByRole('button', { name: 'List View' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toBeVisible();
});

test('axe: events screen and dialog in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/events');
  await expect(cards(page).first()).toBeVisible();
  await scanScreenInBothThemes(page);
  await cards(page)
    .first()
    .getByRole('button', { name: /View details/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /Manage Registrations/ })).toBeEnabled();
  await scanDialogInBothThemes(page);
});
