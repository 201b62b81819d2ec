// Prayers screen end to end on the live requests (GET /prayers/, the seeded demo ones and any a test sent):
// search, filters, Clear, empty state, badges, the detail dialog, axe.
import { expect, test, type Page } from '@playwright/test';
import type { PrayerAnswer } from '../../src/lib/shared/prayers/api';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall } from './portal-helpers';

const cards = (page: Page) => page.getByRole('list', { name: 'Prayer requests' }).locator(':scope > li');

test('search, category/status/priority filters, empty state and Clear', async ({ page }) => {
  const SAMPLE_PRAYERS: PrayerAnswer[] = await (await apiCall(page.request, 'admin', 'GET', '/prayers/')).json();
  await openScreen(page, '/admin/prayers');
  await expect(cards(page)).toHaveCount(SAMPLE_PRAYERS.length);
  await expect(page.getByText('+2 more').first()).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Private' })).toHaveCount(
    SAMPLE_PRAYERS.filter((p) => !p.isPublic).length,
  );

  await page.getByRole('searchbox', { name: 'Search prayers' }).fill('korle bu');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Healing after surgery');

  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await page.getByLabel('Category').selectOption('health');
  await page.getByLabel('Status').selectOption('answered');
  await expect(cards(page)).toHaveCount(
    SAMPLE_PRAYERS.filter((p) => p.category === 'health' && p.status === 'answered').length,
  );
  await expect(cards(page).first()).toContainText('Safe delivery of our baby');
  await page.getByLabel('Priority').selectOption('urgent');
  await expect(page.getByText('No prayers found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards(page)).toHaveCount(SAMPLE_PRAYERS.length);
});

test('detail dialog closes on the overlay and on its close button', async ({ page }) => {
  await openScreen(page, '/admin/prayers');
  await page.getByRole('button', { name: 'Healing after surgery', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Healing after surgery' });
  await expect(dialog.getByRole('button', { name: /Support Prayer/ })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /Add Update/ })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: /Manage Prayer/ })).toBeEnabled();
  // Page scroll is locked while the dialog is open.
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await page.mouse.click(5, 5); // the backdrop
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  await page.getByRole('button', { name: 'Healing after surgery', exact: true }).click();
  await page.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
});

test('axe: prayers screen and dialog in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/prayers');
  await expect(cards(page).first()).toBeVisible();
  await scanScreenInBothThemes(page);
  await page.getByRole('button', { name: 'Healing after surgery', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scanDialogInBothThemes(page);
});
