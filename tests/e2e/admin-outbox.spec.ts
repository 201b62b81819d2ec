// The Outbox and Send Notifications' SMS end to end: a registration made through the API queues its confirmation,
// which the worker hands to the server's log (no SMTP here) and the admin finds 'Logged (mail not configured)', not
// Sent, in the Outbox, by search and by the status and channel filters (and counted on the System Status); axe on the screen in both themes; Send Notifications counts the SMS as
// the text is typed.
import { expect, test } from '@playwright/test';
import { openScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall } from './portal-helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const stamp = Date.now();
const TITLE = `Outbox Workshop ${stamp}`;
const EMAIL = `outbox-${stamp}@example.org`;
let eventId: string | null = null;

test.beforeAll(async ({ request }) => {
  const event = await apiCall(request, 'admin', 'POST', '/events/', {
    title: TITLE,
    category: 'fellowship',
    type: 'one-time',
    startDate: inDays(9),
    startTime: '10:00',
    endTime: '12:00',
    location: 'Main Sanctuary',
    capacity: 30,
    requiresRegistration: true,
    isPublic: true,
  });
  expect(event.status()).toBe(201);
  eventId = (await event.json()).id;
  const registration = await request.post(`/api/v1/events/${eventId}/registrations/`, {
    data: { name: 'Efua Outbox', email: EMAIL, seats: 1 },
  });
  expect(registration.status()).toBe(201);
});
// What this file publishes goes again, so the public pages' specs see the demo content only.
test.afterAll(async ({ request }) => {
  if (eventId) await apiCall(request, 'admin', 'DELETE', `/events/${eventId}/`);
});

test('an admin finds the registration confirmation logged (mail not configured), by search and by the filters', async ({
  page,
}) => {
  await openScreen(page, '/admin/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Outbox' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Outbox' });
  const row = table.getByRole('row').filter({ hasText: EMAIL });
  await page.getByRole('searchbox', { name: 'Search the outbox' }).fill(EMAIL);
  // The worker sends it within a moment of the registration; Check again by reloading the list till then.
  await expect(async () => {
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search the outbox' }).fill(EMAIL);
    await expect(row.filter({ hasText: 'Logged (mail not configured)' })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText(`Registration confirmed: ${TITLE}`);
  await expect(row).toContainText('Email');
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

  await page.getByLabel('Status').selectOption('sent');
  await expect(page.getByText('No messages found')).toBeVisible();
  await page.getByLabel('Status').selectOption('logged');
  await expect(row).toHaveCount(1);
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No messages found')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Channel').selectOption('sms');
  await expect(page.getByText('No messages found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search the outbox' })).toHaveValue('');
  await expect(table.getByRole('row').first()).toBeVisible();
});

test("the dashboard's System Status counts what was only logged today", async ({ page }) => {
  await openScreen(page, '/admin/dashboard');
  await expect(page.getByText(/\d+ logged today \(mail or SMS not configured\)/)).toBeVisible({ timeout: 15_000 });
});

test('axe: the outbox in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/outbox');
  await expect(page.getByRole('table', { name: 'Outbox' })).toBeVisible();
  await scanScreenInBothThemes(page);
});

test('Send Notifications counts the SMS as the text is typed', async ({ page }) => {
  await openScreen(page, '/admin/dashboard');
  await page.getByRole('button', { name: 'Send Notifications' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Notifications' });
  await expect(dialog.getByLabel('Send to')).toBeEnabled();
  await expect(dialog.getByRole('checkbox', { name: /^Email/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /^SMS/ }).check();
  const audiences = await (await apiCall(page.request, 'admin', 'GET', '/broadcasts/audiences/')).json();
  const members = audiences.sms.all as number;
  const message = dialog.getByRole('textbox', { name: /^Message/ });
  await message.pressSequentially('Choir at 6');
  await expect(dialog.getByTestId('sms-count')).toHaveText(
    `10 characters, 1 SMS per member (GSM-7). ${members} SMS in all (${members} ${members === 1 ? 'member' : 'members'} × 1).`,
  );
  await message.fill('A'.repeat(161));
  await expect(dialog.getByTestId('sms-count')).toContainText('161 characters, 2 SMS per member (GSM-7)');
  await message.fill('Choir at 6 🙏'); // the emoji takes two UTF-16 units, as on the air
  await expect(dialog.getByTestId('sms-count')).toContainText('13 characters, 1 SMS per member (UCS-2)');
  await expect(dialog.getByRole('button', { name: /^Send to \d+ by email, \d+ by SMS$/ })).toBeVisible();
});
