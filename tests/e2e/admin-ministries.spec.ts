// The Ministries screen (issue 22): a visitor's join request (the public API) waits on the screen and a pastor
// accepts it; an admin creates a ministry, sees it on /ministries, hides it again and deletes it (through the API,
// so the demo data is as before); axe on the screen in both themes.
import { expect, test } from '@playwright/test';
import { THEMES, openScreen, scanScreen } from './admin-content-helpers';
import { apiCall, signedIn } from './portal-helpers';

const stamp = Date.now();
const MINISTRY = `Hospitality ${stamp}`;
const VISITOR = `Esi Visitor ${stamp}`;
let created: number | null = null;

test.afterAll(async ({ request }) => {
  if (created) await apiCall(request, 'admin', 'DELETE', `/ministries/${created}/`);
});

test('a pastor accepts a visitor’s request to join', async ({ page, request }) => {
  const ministries = await (await request.get('/api/v1/ministries/')).json();
  const choir = ministries.find((m: { name: string }) => m.name === 'Choir');
  const join = await request.post(`/api/v1/ministries/${choir.id}/join/`, {
    data: { name: VISITOR, email: `esi-${stamp}@example.org` },
  });
  expect(join.status()).toBe(201);
  await signedIn(page, 'pastor', '/admin/ministries');
  await expect(page.getByRole('heading', { level: 1, name: 'Ministries' })).toBeVisible();
  const request_ = page.getByTestId('join-request').filter({ hasText: VISITOR });
  await expect(request_).toContainText('wants to join Choir');
  // A pastor decides requests but does not create ministries.
  await expect(page.getByRole('button', { name: 'Create Ministry' })).toHaveCount(0);
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Accepted ${VISITOR}`)).toBeVisible();
  await expect(request_).toHaveCount(0);
});

test('an admin creates a ministry that shows on /ministries, then hides it', async ({ page }) => {
  await openScreen(page, '/admin/ministries');
  await page.getByLabel('Name', { exact: true }).fill(MINISTRY);
  await page.getByLabel('Meeting day').fill('Sunday');
  await page.getByLabel('Meeting time').fill('1:00 PM');
  await page.getByLabel('Meeting place').fill('Fellowship hall');
  await page.getByLabel('Description').fill('Meals and welcome after the service.');
  await page.getByRole('button', { name: 'Create Ministry' }).click();
  await expect(page.getByText('Ministry created')).toBeVisible();
  const card = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: MINISTRY }) });
  await expect(card).toContainText('Sunday, 1:00 PM · Fellowship hall');
  created = Number((await card.getAttribute('aria-labelledby'))!.replace('ministry-', ''));

  const site = await page.context().newPage();
  await site.goto('/ministries');
  await expect(site.getByRole('heading', { name: MINISTRY })).toBeVisible();
  await card.getByRole('button', { name: 'Hide from Public Page' }).click();
  await expect(card).toContainText('Not public');
  // The host's copy was dropped with the change: the next visit no longer lists it.
  await site.reload();
  await expect(site.getByRole('heading', { name: MINISTRY })).toHaveCount(0);
  await card.getByRole('button', { name: 'Show Members' }).click();
  await expect(card.getByText('No members yet.')).toBeVisible();
});

for (const theme of THEMES) {
  test(`axe: the ministries screen in the ${theme} theme`, async ({ page }) => {
    await openScreen(page, '/admin/ministries', theme);
    await expect(page.getByTestId('ministry-card').first()).toBeVisible();
    await page.getByTestId('ministry-card').first().getByRole('button', { name: 'Show Members' }).click();
    await scanScreen(page);
  });
}
