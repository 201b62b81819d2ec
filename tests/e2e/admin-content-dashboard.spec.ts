// Dashboard and Analytics end to end: live figures, counters, activity, quick actions, range, axe.
import { expect, test } from '@playwright/test';
import { THEMES, openScreen, scanScreen } from './admin-content-helpers';
import { apiCall } from './portal-helpers';
import { SAMPLE_ACTIVITY, SAMPLE_DASHBOARD_STATS } from '../../src/islands/admin/features/dashboard/sample';

test('dashboard: live user count, counters settle, activity and quick actions navigate', async ({ page }) => {
  const stats = await (await apiCall(page.request, 'admin', 'GET', '/auth/users/stats/')).json();
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  const totalUsers = page.getByText('Total Users', { exact: true }).locator('xpath=following-sibling::dd[1]');
  // The counter lands on the live figure after its 1.5 s animation.
  await expect(totalUsers.locator('[aria-hidden="true"]')).toHaveText(String(stats.total_users), { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  await expect(page.getByText('Loading activity...')).toBeHidden();
  await expect(page.getByText('Sample activity')).toBeHidden(); // the live audit log answered
  await expect(page.getByText('Operational').first()).toBeVisible();
  await expect(page.getByText('Degraded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'System Settings' })).toHaveAttribute('href', '/admin/settings');
  await expect(page.getByRole('button', { name: /Send Notifications/ })).toBeDisabled();

  await page.getByRole('link', { name: 'Review Prayers' }).click();
  await expect(page).toHaveURL(/\/admin\/prayers$/);
  await page.goBack();
  await page.getByRole('link', { name: 'View Analytics' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Add User' }).click();
  // The users screen opens its Add User form on ?new=1 (and then tidies the query away).
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users(\?new=1)?$/);
});

test('dashboard falls back to the sample figures and activity when the calls fail', async ({ page }) => {
  await page.route('**/api/v1/auth/users/stats/**', (route) =>
    route.fulfill({ status: 500, json: { detail: 'boom' } }),
  );
  await page.route('**/api/v1/auth/activity/**', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByText('Sample activity')).toBeVisible();
  await expect(page.getByText(SAMPLE_ACTIVITY[0].action)).toBeVisible();
  const totalUsers = page.getByText('Total Users', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(totalUsers.locator('[aria-hidden="true"]')).toHaveText(String(SAMPLE_DASHBOARD_STATS.totalUsers), {
    timeout: 5000,
  });
});

test('analytics: range selector, trend toggles and coming-soon charts', async ({ page }) => {
  await openScreen(page, '/admin/analytics');
  const range = page.getByLabel('Time range');
  await expect(range).toHaveValue('30d');
  await range.selectOption('1y');
  await expect(page.getByText('Last Year').first()).toBeVisible();
  await expect(page.getByText('Interactive charts coming soon')).toBeVisible();
  await page.getByRole('button', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Events', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /Export Report/ })).toBeDisabled();
});

for (const theme of THEMES) {
  test(`axe: dashboard and analytics in the ${theme} theme`, async ({ page }) => {
    await openScreen(page, '/admin/dashboard', theme);
    await expect(page.getByText('Loading activity...')).toBeHidden();
    await scanScreen(page);
    await page.goto('/admin/analytics');
    await expect(page.getByText('Interactive charts coming soon')).toBeVisible();
    await scanScreen(page);
  });
}
