// Sunday counted, end to end (docs/PRODUCT.md, Attendance): an usher enters a headcount on a phone-sized screen (the
// same service and date again says it replaced; typed while offline, it waits on the phone and is sent once when the
// connection is back), with the bytes the screen takes on a phone measured; a member checks in by opening the QR
// code's link, with and without JavaScript; the Attendance screen with its chart and table, and Absentees, axe clean
// in both themes.
import { expect, test, type Page } from '@playwright/test';
import { THEMES, openScreen, scanScreen } from './admin-content-helpers';
import { SCRIPT_MODES, newMember, signInToMy } from './my-helpers';
import { apiCall, signedIn } from './portal-helpers';

const PHONE = { width: 390, height: 844 };
/** A weekday long ago: the demo's year of Sundays never holds it, and each run picks its own. */
const day = (offset: number) => {
  const d = new Date(Date.UTC(2000, 0, 1) + (Math.floor(Date.now() / 1000) % 7000) * 86_400_000 + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};

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
  });
}

for (const theme of THEMES) {
  test(`the Attendance screen, its chart and table, and Absentees are axe clean (${theme})`, async ({ page }) => {
    await openScreen(page, '/admin/attendance', theme);
    await expect(page.getByTestId('attendance-chart')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('checkin-code')).toHaveText(/^[A-Z2-9]{8}$/);
    // Staff mark a person present from a search: once; again changes nothing.
    await page.getByRole('searchbox', { name: 'Find a person' }).fill(theme === 'light' ? 'Pastor' : 'Admin');
    const mark = page.getByRole('button', { name: /^Mark present/ }).first();
    await mark.click();
    await expect(page.getByText('Marked present.')).toBeVisible();
    await mark.click();
    await expect(page.getByText('Already marked present: nothing changed.')).toBeVisible();
    await page.getByRole('button', { name: 'Show table' }).click();
    await expect(page.getByRole('table', { name: 'Weekly attendance' })).toBeVisible();
    await scanScreen(page);
    await page.goto('/admin/absentees');
    await expect(page.getByRole('heading', { level: 1, name: 'Absentees' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('absentee-row').first()).toBeVisible();
    await scanScreen(page);
  });
}

test('the dashboard shows a pastor the last service counted and the weekly trend', async ({ page }) => {
  await signedIn(page, 'pastor', '/admin/dashboard');
  const card = page.getByRole('region', { name: 'Attendance' });
  await expect(card.getByTestId('last-service')).toContainText(/Last service: .+\d+ present · \d+ first-timers/, {
    timeout: 20_000,
  });
  await expect(card.locator('figcaption')).toContainText('Weekly totals:');
});
