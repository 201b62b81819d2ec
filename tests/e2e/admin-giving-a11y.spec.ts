// Giving for staff in the browser: axe on the Giving screen and its Record gifts and Funds dialogs in both themes; the
// dashboard's and analytics' giving shown to an admin and never to a pastor, who has no Giving in the sidebar
// and is told why at /admin/giving.
import { expect, test } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { signedIn } from './portal-helpers';

test('axe: the Giving screen, Record gifts and Funds in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/giving');
  await expect(page.getByRole('table', { name: 'Totals per fund' })).toBeVisible();
  await expect(page.getByText('Loading the gifts...')).toHaveCount(0);
  await scanScreenInBothThemes(page);
  await page.getByRole('button', { name: 'Record gifts' }).click();
  await expect(page.getByRole('dialog', { name: 'Record gifts' })).toBeVisible();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Funds' }).click();
  await expect(page.getByRole('dialog', { name: 'Funds' }).getByRole('table', { name: 'Funds' })).toBeVisible();
  await scanDialogInBothThemes(page);
});

test('an admin sees giving on the dashboard and in analytics', async ({ page }) => {
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByRole('table', { name: 'Giving this month' })).toBeVisible();
  await page.goto('/admin/analytics');
  await expect(page.getByRole('table', { name: 'Giving per fund' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Giving over time' })).toBeVisible();
  await scanScreen(page);
});

test('a pastor sees no giving anywhere', async ({ page }) => {
  // Absence means something only once the answers are in.
  const figures = page.waitForResponse((r) => r.url().includes('/api/v1/dashboard/figures/') && r.ok());
  await signedIn(page, 'pastor', '/admin/dashboard');
  await figures;
  await expect(page.getByTestId('stat-Total Users').getByTestId('stat-value')).not.toHaveText('…');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Giving' })).toHaveCount(0);
  await expect(page.getByText('Giving this month')).toHaveCount(0);
  const report = page.waitForResponse((r) => r.url().includes('/api/v1/analytics/') && r.ok());
  await page.goto('/admin/analytics');
  expect(await (await report).json()).not.toHaveProperty('giving');
  await expect(page.getByRole('heading', { level: 2, name: 'Activity Trends' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Giving' })).toHaveCount(0);
  await page.goto('/admin/giving');
  await expect(page.getByText('You need Administrator role to access this page.')).toBeVisible();
});
