// Event registrations end to end: a visitor registers on /events without JavaScript (the plain form post and
// the API's 303), the next one lands on the waitlist, staff check in and cancel in Manage Registrations (the
// waitlisted registrant then gets the seat), download the CSV, and a registrant cancels with the emailed link.
// axe on the open form, the cancel page and the dialog, in both themes.
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { openScreen, scanDialog } from './admin-content-helpers';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let eventId = '';
const title = `Couples Dinner ${Date.now()}`;

/** Gives the registration of `email` for this spec's event a known cancel token, as the API stores it (its SHA-256). */
function plantCancelToken(email: string): string {
  const token = `e2e-cancel-${Math.random().toString(36).slice(2)}`;
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('UPDATE event_registrations SET cancel_token_hash = ? WHERE email = ? AND event_id = ?').run(
      createHash('sha256').update(token).digest('hex'),
      email,
      eventId,
    );
  } finally {
    db.close();
  }
  return token;
}

async function registerWithoutScript(page: Page, name: string, email: string) {
  const card = page.locator(`article[id="${eventId}"]`);
  if ((await card.locator('details').getAttribute('open')) === null) await card.locator('summary').click();
  const form = card.getByRole('form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Seats').fill('1');
  await form.getByRole('button').click();
}

test.beforeAll(async ({ request }) => {
  const res = await apiCall(request, 'admin', 'POST', '/events/', {
    title,
    category: 'fellowship',
    type: 'one-time',
    startDate: inDays(14),
    startTime: '19:00',
    location: 'Fellowship Hall',
    capacity: 1,
    requiresRegistration: true,
    isPublic: true,
  });
  expect(res.status()).toBe(201);
  eventId = (await res.json()).id;
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor registers, the next one is waitlisted; the browser checks the form first', async ({ page }) => {
    await page.goto('/events');
    const card = page.locator(`article[id="${eventId}"]`);
    await expect(card.getByText('1 spots left.')).toBeVisible();
    await card.locator('summary').click();
    // An empty form does not leave: the browser's own checks.
    await card.getByRole('form').getByRole('button').click();
    await expect(page).toHaveURL(/\/events$/);

    await registerWithoutScript(page, 'Akosua Mensah', 'akosua.e2e@example.org');
    await expect(page).toHaveURL(/\/events#registration-confirmed$/);
    await expect(page.locator('#registration-confirmed')).toBeVisible();
    await expect(page.locator('#registration-waitlisted')).toBeHidden();
    // The page shows the new figure within 2 seconds (the cache is purged by the registration).
    await expect(card.getByText('1 of 1 registered (100% full)')).toBeVisible({ timeout: 2_000 });

    await registerWithoutScript(page, '<b>Yaw</b> Boateng', 'yaw.e2e@example.org');
    await expect(page).toHaveURL(/#registration-waitlisted$/);
    await expect(page.locator('#registration-waitlisted')).toBeVisible();
    await expect(card.locator('summary')).toHaveText('Join the Waitlist');
  });
});

test('axe (with scripts, for axe itself): the open Register form and the cancel page in the light and dark themes', async ({
  page,
}) => {
  await page.goto('/events');
  await page.locator(`article[id="${eventId}"] summary`).click();
  await expectNoAxeViolationsInBothThemes(page, undefined, '/events');
  await page.goto('/events/cancel?token=anything');
  await expectNoAxeViolationsInBothThemes(page, undefined, '/events/cancel');
});

test('staff manage registrations: the list as text, check in, cancel promotes the waitlist, CSV', async ({ page }) => {
  await openScreen(page, '/admin/events');
  await page.locator('main').getByRole('searchbox').fill(title);
  const card = page.getByRole('list', { name: 'Events' }).locator(':scope > li').first();
  await card.getByRole('button', { name: /View details/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Manage Registrations' }).click();
  const dialog = page.getByRole('dialog', { name: `Registrations: ${title}` });
  await expect(dialog.getByRole('row')).toHaveCount(3);
  await expect(dialog.getByText('<b>Yaw</b> Boateng')).toBeVisible();
  await expect(dialog.getByText('Waitlisted #1')).toBeVisible();
  await scanDialog(page);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`registrations-${eventId}.csv`);

  await dialog.getByRole('button', { name: 'Check in Akosua Mensah' }).click();
  await expect(dialog.getByRole('row', { name: /Akosua/ }).getByText('Checked in', { exact: true })).toBeVisible();
  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Cancel the registration of Akosua Mensah' }).click();
  await expect(dialog.getByRole('row', { name: /Akosua/ }).getByText('Cancelled', { exact: true })).toBeVisible();
  // The waitlisted registrant has the freed seat.
  await expect(dialog.getByRole('row', { name: /Yaw/ }).getByText('Confirmed')).toBeVisible();
});

test('a registrant cancels with the link from their email', async ({ browser }) => {
  const token = plantCancelToken('yaw.e2e@example.org');
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/events/cancel?token=${token}`);
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page).toHaveURL(/\/events#registration-cancelled$/);
  await expect(page.locator('#registration-cancelled')).toBeVisible();
  // The link works once.
  await page.goto(`/events/cancel?token=${token}`);
  await page.getByRole('button', { name: 'Cancel my registration' }).click();
  await expect(page.getByText('This cancel link is invalid or the registration is already cancelled.')).toBeVisible();
  await context.close();
});

test('axe: Manage Registrations in the dark theme', async ({ page }) => {
  await openScreen(page, '/admin/events', 'dark');
  await page.locator('main').getByRole('searchbox').fill(title);
  await page
    .getByRole('list', { name: 'Events' })
    .locator(':scope > li')
    .first()
    .getByRole('button', { name: /View details/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Manage Registrations' }).click();
  await expect(page.getByRole('dialog', { name: `Registrations: ${title}` }).getByRole('row')).toHaveCount(3);
  await scanDialog(page);
});
