// Sunday counted, end to end (docs/PRODUCT.md, Attendance): an usher enters a headcount on a phone-sized screen (the
// same service and date again says it replaced; typed while offline, it waits on the phone and is sent once when the
// connection is back), with the bytes the screen takes on a phone measured; a member checks in by opening the QR
// code's link, with and without JavaScript; the Attendance screen with its chart and table, and Absentees, axe clean
// in both themes.
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { SCRIPT_MODES, codeSentTo, lastOutboxId, newMember, signInToMy, type Member } from './my-helpers';
import { apiCall, createUser, signedIn } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

const PHONE = { width: 390, height: 844 };
/** A weekday long ago: the demo's year of Sundays never holds it, and each run picks its own. */
const day = (offset: number) => {
  const d = new Date(Date.UTC(2000, 0, 1) + (Math.floor(Date.now() / 1000) % 7000) * 86_400_000 + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** A member's named check-ins, read from the e2e server's database. */
function checkinsOf(userId: number): number {
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return Number((db.prepare('SELECT COUNT(*) AS n FROM checkins WHERE user_id = ?').get(userId) as { n: number }).n);
  } finally {
    db.close();
  }
}

async function services(page: Page) {
  return (await (await page.request.get('/api/v1/services/')).json()) as { id: number; name: string }[];
}

async function fillHeadcount(page: Page, service: string, date: string, counts: [number, number, number, number]) {
  await page.getByLabel('Service').first().selectOption({ label: service });
  await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
  for (const [label, value] of [
    ['Men', 0],
    ['Women', 1],
    ['Children', 2],
    ['First-timers', 3],
  ] as const)
    await page.getByRole('spinbutton', { name: label, exact: true }).fill(String(counts[value]));
}

test('an usher enters a headcount on a phone: saved, then replaced; offline it waits and is sent once when back', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  // What the screen costs on a phone: every byte over the wire (compressed) from opening it to the form.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await signedIn(page, 'pastor', '/admin/attendance');
  // A first visit's cost: nothing from the browser's cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  bytes = 0;
  await page.reload();
  const save = page.getByRole('button', { name: 'Save headcount' });
  await expect(save).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  test.info().annotations.push({ type: 'bytes', description: `headcount screen on a phone: ${bytes} bytes` });
  console.log(`headcount screen on a phone: ${bytes} bytes over the wire`);
  // The form's controls are big enough to tap.
  const box = await page.getByRole('spinbutton', { name: 'Men', exact: true }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  const date = day(0);
  await fillHeadcount(page, 'Twi Service', date, [31, 44, 20, 3]);
  await expect(page.getByText('Total: 95')).toBeVisible();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Headcount saved.' })).toBeVisible();
  await fillHeadcount(page, 'Twi Service', date, [32, 44, 20, 3]);
  await save.click();
  await expect(
    page.getByText('Headcount saved. It replaced the one already entered for that service and date.'),
  ).toBeVisible();

  // The connection drops: the count waits on the phone, survives a reload, and goes once when back.
  const offlineDate = day(1);
  await context.setOffline(true);
  await fillHeadcount(page, 'First Service', offlineDate, [12, 15, 9, 1]);
  await save.click();
  await expect(page.getByText(/You are offline\. The headcount is kept on this device/)).toBeVisible();
  await expect(page.getByText('1 waiting to be sent')).toBeVisible();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/attendance/')) posts.push(r.url());
  });
  await context.setOffline(false);
  await expect(page.getByText('Sent 1 saved headcount.')).toBeVisible();
  const rows = (await (
    await apiCall(page.request, 'pastor', 'GET', `/attendance/?from=${offlineDate}&to=${offlineDate}`)
  ).json()) as { service: string; total: number }[];
  expect(rows).toEqual([expect.objectContaining({ service: 'First Service', total: 36 })]);
  expect(posts).toHaveLength(1);
});

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test('a member checks in by opening the QR code’s link', async ({ page, request }) => {
      const [, second] = await services(page);
      const code = (await (
        await apiCall(request, 'pastor', 'GET', `/attendance/code/?serviceId=${second.id}`)
      ).json()) as {
        url: string;
      };
      const member = await newMember(request);
      await signInToMy(page, member);
      const link = new URL(code.url);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('heading', { name: 'Second Service' })).toBeVisible();
      await page.getByRole('button', { name: 'Check me in' }).click();
      await expect(page.getByText('You are checked in. Welcome!')).toBeVisible();
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: 'Check me in' }).click();
      await expect(page.getByText('You were already checked in today. Welcome!')).toBeVisible();
      // A code of another service counts nothing.
      await page.goto(`/my/checkin?service=${second.id - 1}&code=${new URLSearchParams(link.search).get('code')}`);
      await page.getByRole('button', { name: 'Check me in' }).click();
      await expect(page.getByText(/This check-in code is not today’s code of that service/)).toBeVisible();
    });

    test('a member not signed in opens the QR link, signs in, comes back to it and is checked in once', async ({
      page,
      request,
    }) => {
      const [, second] = await services(page);
      const { url } = (await (
        await apiCall(request, 'pastor', 'GET', `/attendance/code/?serviceId=${second.id}`)
      ).json()) as { url: string };
      const link = new URL(url);
      const member = await newMember(request);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('button', { name: 'Check me in' })).toHaveCount(0);
      await page.getByRole('link', { name: 'sign in to your pages' }).click();
      const before = lastOutboxId();
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await page.getByRole('textbox', { name: '6-digit code' }).fill(await codeSentTo(member.email, before));
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Back on the check-in link, signed in: one tap counts.
      await expect(page).toHaveURL(link.pathname + link.search);
      await expect(page.getByRole('heading', { name: 'Second Service' })).toBeVisible();
      expect(checkinsOf(member.id)).toBe(0);
      await page.getByRole('button', { name: 'Check me in' }).click();
      await expect(page.getByText('You are checked in. Welcome!')).toBeVisible();
      expect(checkinsOf(member.id)).toBe(1);
    });
  });
}

test('an usher without JavaScript enters a headcount at /my/headcount on a phone: saved, then replaced', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  const usher = (await createUser(page.request, { role: 'PASTOR' })) as unknown as Member;
  await signInToMy(page, usher);
  // What the page costs on a phone: every byte over the wire (compressed), nothing from the cache.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.getByRole('link', { name: 'Enter a headcount' }).click();
  await expect(page.getByRole('button', { name: 'Save headcount' })).toBeVisible();
  test.info().annotations.push({ type: 'bytes', description: `/my/headcount on a phone: ${bytes} bytes` });
  console.log(`/my/headcount on a phone: ${bytes} bytes over the wire`);
  const box = await page.getByRole('spinbutton', { name: 'Men', exact: true }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);

  const date = day(2);
  await page.getByLabel('Service').selectOption({ label: 'Twi Service (Sunday 11:30 AM)' });
  await page.getByLabel('Date').fill(date);
  for (const [label, value] of [
    ['Men', '21'],
    ['Women', '30'],
    ['Children', '12'],
    ['First-timers', '2'],
  ])
    await page.getByRole('spinbutton', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save headcount' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Headcount saved.' })).toBeVisible();
  // The same service and date stay chosen: the next count is a few taps, and it replaces.
  await expect(page.getByLabel('Date')).toHaveValue(date);
  for (const [label, value] of [
    ['Men', '22'],
    ['Women', '30'],
    ['Children', '12'],
  ])
    await page.getByRole('spinbutton', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save headcount' }).click();
  await expect(
    page.getByText('Headcount saved. It replaced the one already entered for that service and date.'),
  ).toBeVisible();
  const rows = (await (
    await apiCall(page.request, 'pastor', 'GET', `/attendance/?from=${date}&to=${date}`)
  ).json()) as { service: string; total: number; firstTimers: number }[];
  expect(rows).toEqual([expect.objectContaining({ service: 'Twi Service', total: 64, firstTimers: 0 })]);
  await context.close();
});

test('/my/headcount with JavaScript: typed while offline it waits on the phone and is sent once when back', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  const usher = (await createUser(page.request, { role: 'PASTOR' })) as unknown as Member;
  await signInToMy(page, usher);
  await page.goto('/my/headcount');
  const date = day(3);
  await page.getByLabel('Service').selectOption({ label: 'First Service (Sunday 7:00 AM)' });
  await page.getByLabel('Date').fill(date);
  await page.getByRole('spinbutton', { name: 'Men', exact: true }).fill('15');
  await page.getByRole('spinbutton', { name: 'Women', exact: true }).fill('25');
  // What was typed survives a reload (the draft kept on the phone).
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Women', exact: true })).toHaveValue('25');
  await page.getByRole('spinbutton', { name: 'Children', exact: true }).fill('9');
  const posts: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/v1/members/me/headcount/')) posts.push(r.url());
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save headcount' }).click();
  await expect(page.getByRole('status')).toContainText(/You are offline\. The headcount is kept on this device/);
  await expect(page.getByRole('status')).toContainText('1 waiting to be sent.');
  await context.setOffline(false);
  await expect(page.getByRole('status')).toHaveText('Sent 1 saved headcount.');
  const rows = (await (
    await apiCall(page.request, 'pastor', 'GET', `/attendance/?from=${date}&to=${date}`)
  ).json()) as { service: string; total: number }[];
  expect(rows).toEqual([expect.objectContaining({ service: 'First Service', total: 49 })]);
  // Sent once: the offline try never reached the server, the queue's one post did.
  expect(posts).toHaveLength(1);
});

test('/my/headcount is axe clean (light and dark)', async ({ page }) => {
  const usher = (await createUser(page.request, { role: 'PASTOR' })) as unknown as Member;
  await signInToMy(page, usher);
  await page.goto('/my/headcount');
  await expect(page.getByRole('button', { name: 'Save headcount' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page);
});

test('the Attendance screen, its chart and table, and Absentees are axe clean (light and dark)', async ({ page }) => {
  await openScreen(page, '/admin/attendance');
  await expect(page.getByTestId('attendance-chart')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('checkin-code')).toHaveText(/^[A-Z2-9]{8}$/);
  // Staff mark a person present from a search: once; again changes nothing.
  await page.getByRole('searchbox', { name: 'Find a person' }).fill('Pastor');
  const mark = page.getByRole('button', { name: /^Mark present/ }).first();
  await mark.click();
  await expect(page.getByText('Marked present.')).toBeVisible();
  await mark.click();
  await expect(page.getByText('Already marked present: nothing changed.')).toBeVisible();
  await page.getByRole('button', { name: 'Show table' }).click();
  await expect(page.getByRole('table', { name: 'Weekly attendance' })).toBeVisible();
  await scanScreenInBothThemes(page);
  await page.goto('/admin/absentees');
  await expect(page.getByRole('heading', { level: 1, name: 'Absentees' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('absentee-row').first()).toBeVisible();
  await scanScreenInBothThemes(page);
});

test('the dashboard shows a pastor the last service counted and the weekly trend', async ({ page }) => {
  await signedIn(page, 'pastor', '/admin/dashboard');
  const card = page.getByRole('region', { name: 'Attendance' });
  await expect(card.getByTestId('last-service')).toContainText(/Last service: .+\d+ present · \d+ first-timers/, {
    timeout: 20_000,
  });
  await expect(card.locator('figcaption')).toContainText('Weekly totals:');
});
