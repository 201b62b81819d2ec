// Dashboard and Analytics end to end, on live data: the dashboard's figures equal what the API counts after a new
// sermon, prayer request and registration; a failed figure shows its own Retry; Notifications lists what awaits;
// Send Notifications sends once; the analytics range changes the figures, the chart has its table, attendance over
// time is the range's weekly totals (its chart and table), Export Report downloads a CSV; axe on both screens, the
// list and the dialog, in both themes.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { addDays, dayOfMs, weeklyTotals } from '../../src/lib/shared/attendance/rules';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const card = (page: Page, label: string) => page.getByTestId(`stat-${label}`).getByTestId('stat-value').first();

// What this file publishes goes again, so the public pages' specs see the demo content only.
const made = { sermons: [] as string[], events: [] as string[] };
test.afterAll(async ({ request }) => {
  for (const id of made.sermons) await apiCall(request, 'admin', 'DELETE', `/sermons/${id}/`);
  for (const id of made.events) await apiCall(request, 'admin', 'DELETE', `/events/${id}/`);
});

test('dashboard: figures equal the API after a sermon, a prayer request and a registration', async ({ page }) => {
  const stamp = Date.now();
  const sermon = await apiCall(page.request, 'admin', 'POST', '/sermons/', {
    title: `Dashboard Sermon ${stamp}`,
    speaker: 'Rev. Samuel Owusu',
    date: inDays(0),
    category: 'Faith',
    status: 'published',
  });
  expect(sermon.status()).toBe(201);
  made.sermons.push((await sermon.json()).id);
  const prayer = await page.request.post('/api/v1/prayers/', {
    data: {
      name: 'Yaa Asantewaa',
      title: `Dashboard prayer ${stamp}`,
      description: 'Please pray for my mother, who is in hospital this week.',
      category: 'health',
      isPublic: false,
      urgent: false,
    },
  });
  expect(prayer.status()).toBe(201);
  const event = await apiCall(page.request, 'admin', 'POST', '/events/', {
    title: `Dashboard Workshop ${stamp}`,
    category: 'fellowship',
    type: 'one-time',
    startDate: inDays(6),
    startTime: '10:00',
    endTime: '12:00',
    location: 'Main Sanctuary',
    capacity: 30,
    requiresRegistration: true,
    isPublic: true,
  });
  const eventId = (await event.json()).id;
  made.events.push(eventId);
  expect(
    (
      await page.request.post(`/api/v1/events/${eventId}/registrations/`, {
        data: { name: 'Kofi Boateng', email: 'kofi@example.org', seats: 2 },
      })
    ).status(),
  ).toBe(201);
  const figures = await (await apiCall(page.request, 'admin', 'GET', '/dashboard/figures/')).json();
  const sermons = await (await apiCall(page.request, 'admin', 'GET', '/sermons/')).json();
  expect(figures.totalSermons.value).toBe(sermons.length);

  await openScreen(page, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  const labels = {
    'Total Users': 'totalUsers',
    'Total Sermons': 'totalSermons',
    'Total Prayers': 'totalPrayers',
    'Pending Requests': 'pendingRequests',
    'Upcoming Events': 'upcomingEvents',
  };
  for (const [label, key] of Object.entries(labels)) {
    // The counter lands on the live figure after its 1.5 s animation.
    await expect(card(page, label).locator('[aria-hidden="true"]')).toHaveText(
      figures[key].value.toLocaleString('en-US'),
      { timeout: 5000 },
    );
  }
  await expect(page.getByTestId('stat-Total Sermons')).toContainText(/added this month/);
  await expect(page.getByText(`published the sermon Dashboard Sermon ${stamp}`)).toBeVisible();

  // Notifications: the prayer request and the registration await staff.
  await page
    .getByRole('button', { name: /^Notifications/ })
    .last()
    .click();
  const list = page.getByRole('region', { name: 'Notifications' }).last();
  await expect(list.getByText(`Dashboard prayer ${stamp}`)).toBeVisible();
  await expect(list.getByText(`Dashboard Workshop ${stamp}`)).toBeVisible();
  await list.getByText(`Dashboard prayer ${stamp}`).click();
  await expect(page).toHaveURL(/\/admin\/prayers$/);
  await page.goBack();

  await expect(page.getByText('Database', { exact: true })).toBeVisible();
  await expect(page.getByText('Operational').first()).toBeVisible();
  await expect(page.getByText(/^Checked /).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'System Settings' })).toHaveAttribute('href', '/admin/settings');
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
});

test('dashboard: a failed figure call shows its own Retry, and the rest stays', async ({ page }) => {
  let fail = true;
  await page.route('**/api/v1/dashboard/figures/**', (route) =>
    fail ? route.fulfill({ status: 500, json: { detail: 'boom' } }) : route.continue(),
  );
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByTestId('stat-Total Users')).toContainText('Failed to load the figures. boom');
  await expect(page.getByText('Loading activity...')).toBeHidden();
  await expect(page.getByText('Database', { exact: true })).toBeVisible();
  fail = false;
  await page.getByTestId('stat-Total Users').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('stat-Total Users')).toContainText(/joined this month|None joined/);
});

test('dashboard: Send Notifications previews, counts and sends once', async ({ page }) => {
  await openScreen(page, '/admin/dashboard');
  await page.getByRole('button', { name: 'Send Notifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Notifications' });
  const audience = dialog.getByLabel('Send to');
  await expect(audience).toBeEnabled();
  await audience.selectOption({
    label: (await audience.locator('option', { hasText: 'Role: Pastor' }).textContent())!,
  });
  const subject = `Choir practice moved ${Date.now()}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Message').fill('Choir practice moves to Thursday at 6 pm this week.');
  await expect(dialog.getByText(/^To: \d+ members? \(the Pastor role\)/)).toBeVisible();
  await expect(dialog.locator('pre')).toContainText('Choir practice moves to Thursday');
  await dialog.getByRole('button', { name: /^Send to \d+/ }).dblclick();
  await expect(page.getByText(/^(Sent|Already sent) to \d+ members?$/).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const activity = await (await apiCall(page.request, 'admin', 'GET', '/auth/activity/?limit=20')).json();
  expect(activity.filter((a: { action: string }) => a.action.includes(subject))).toHaveLength(1);
});

test('analytics: the range changes the figures, the chart has a table, Export Report downloads a CSV', async ({
  page,
}) => {
  await openScreen(page, '/admin/analytics');
  const range = page.getByLabel('Time range');
  await expect(range).toHaveValue('30d');
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await page
    .locator('figure', { has: page.getByTestId('trend-chart') })
    .getByRole('button', { name: 'Show table' })
    .click();
  // The chart's table (an administrator's analytics also carry the giving tables).
  const trend = page.locator('figure', { has: page.getByTestId('trend-chart') }).getByRole('table');
  await expect(trend.locator('tbody tr')).toHaveCount(30);
  const asked = page.waitForRequest((r) => r.url().includes('/api/v1/analytics/?range=1y'));
  await range.selectOption('1y');
  await asked;
  await expect(page.getByText('Church activity for the last year.')).toBeVisible();
  // A row per calendar month the year's 365 days touch (today's included): 13 on most days, 12 when the first of
  // them is a 1st (on 30 November, say).
  const to = dayOfMs(Date.now());
  const months = new Set(Array.from({ length: 365 }, (_, i) => addDays(to, -i).slice(0, 7)));
  await expect(trend.locator('tbody tr')).toHaveCount(months.size);
  // Attendance over time: the year's weekly totals of the attendance report (the demo counts a year of Sundays).
  const rows = await (
    await apiCall(page.request, 'admin', 'GET', `/attendance/?from=${addDays(to, -364)}&to=${to}`)
  ).json();
  const weeks = weeklyTotals(rows);
  expect(weeks.length).toBeGreaterThan(40);
  const attendance = page.locator('figure', { has: page.getByTestId('attendance-chart') });
  await attendance.getByRole('button', { name: 'Show table' }).click();
  const weekRows = attendance.getByRole('table', { name: 'Weekly attendance' }).locator('tbody tr');
  await expect(weekRows).toHaveCount(weeks.length);
  await expect(weekRows.last().locator('td').nth(1)).toHaveText(weeks.at(-1)!.total.toLocaleString('en-US'));
  await expect(weekRows.first().locator('td').nth(1)).toHaveText(weeks[0].total.toLocaleString('en-US'));
  await page.getByRole('button', { name: 'Events', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Events', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('columnheader', { name: 'Event registrations' })).toBeVisible();
  const report = await (await apiCall(page.request, 'admin', 'GET', '/analytics/?range=1y')).json();
  await expect(page.getByTestId('stat-Total Users').getByTestId('stat-value')).toHaveText(
    report.overview.totalUsers >= 1000
      ? `${(report.overview.totalUsers / 1000).toFixed(1)}k`
      : String(report.overview.totalUsers),
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^full-analytics-1y-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('"Full Analytics"');
  expect(text).toContain('"totalUsers"');
  const userReport = page.waitForEvent('download');
  await page.getByRole('button', { name: 'User Report' }).click();
  expect((await userReport).suggestedFilename()).toMatch(/^user-report-1y-/);
});

test('axe: dashboard, its lists and dialog, and analytics in the light and dark themes', async ({ page }) => {
  // Three screens and a dialog scanned, the analytics with two charts' tables: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByText('Loading activity...')).toBeHidden();
  await expect(page.getByText('Checking...')).toBeHidden();
  await page
    .getByRole('button', { name: /^Notifications/ })
    .last()
    .click();
  await expect(page.getByRole('region', { name: 'Notifications' }).last()).toBeVisible();
  await scanScreenInBothThemes(page);
  await expectNoAxeViolationsInBothThemes(page, 'header');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Send Notifications' }).getByLabel('Send to')).toBeEnabled();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');
  await page.goto('/admin/analytics');
  // The year of figures and of attendance can take a while on a loaded machine.
  await expect(page.getByTestId('trend-chart')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('attendance-chart')).toBeVisible({ timeout: 20_000 });
  // Both charts' tables shown (each button then reads Hide table).
  const show = page.getByRole('button', { name: 'Show table' });
  await expect(show).toHaveCount(2);
  while ((await show.count()) > 0) await show.first().click();
  await scanScreenInBothThemes(page);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the sidebar's title is never cut off at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openScreen(page, '/admin/dashboard');
    // A wide screen's collapsed sidebar is expanded; a phone's drawer is opened.
    const toggle = page.getByRole('button', { name: /^(Expand sidebar|Open navigation)$/ });
    if (await toggle.isVisible()) await toggle.click();
    const title = page.getByRole('complementary', { name: 'Admin navigation' }).getByText(/ Admin$/);
    await expect(title).toBeVisible();
    const fits = await title.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const side = el.closest('aside')!.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth + 1 && box.right <= side.right && box.left >= side.left;
    });
    expect(fits).toBe(true);
  });
}

test('a visit to a sermon page is counted on the server and shows in Top Sermons', async ({ page, browser }) => {
  const sermons = await (await apiCall(page.request, 'admin', 'GET', '/sermons/?status=published')).json();
  const sermon = sermons.find((s: { status: string }) => s.status === 'published');
  const views = async () => {
    const report = await (await apiCall(page.request, 'admin', 'GET', '/analytics/?range=7d')).json();
    return report.topSermons.find((s: { id: string }) => s.id === sermon.id)?.views ?? 0;
  };
  const before = await views();
  // A visitor with no cookies and no script: the page itself is the count.
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const tab = await visitor.newPage();
  for (let i = 0; i < 2; i++) expect((await tab.goto(`/sermons/${sermon.id}`))!.status()).toBe(200);
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();
  // Written every few seconds.
  await expect.poll(views, { timeout: 15_000, intervals: [1000] }).toBe(before + 2);
});
