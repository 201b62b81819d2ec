// When a ministry meets reads the same on /ministries, on /my → My ministries and in the portal: an evening meeting
// is PM everywhere (it showed as "6:30 AM" on /my while /ministries said 6:30 PM). Without JavaScript, as /my is.
import { expect, test } from '@playwright/test';
import { newMember, signInToMy } from './my-helpers';
import { apiCall } from './portal-helpers';

test.use({ javaScriptEnabled: false });

test('an evening meeting is PM on /my, on /ministries and in the API', async ({ page }) => {
  const ministries = await (await page.request.get('/api/v1/ministries/')).json();
  const choir = ministries.find((m: { name: string }) => m.name === 'Choir');
  expect(choir).toMatchObject({ meeting_day: 'Thursday', meeting_time: '18:30' });
  const member = await newMember(page.request);
  const added = await apiCall(page.request, 'admin', 'POST', `/ministries/${choir.id}/members/`, {
    user_id: member.id,
  });
  expect(added.status()).toBe(200);

  await signInToMy(page, member);
  await page.goto('/my/ministries');
  await expect(page.getByText('Meets Thursday, 6:30 PM · Main auditorium')).toBeVisible();
  await page.goto('/ministries');
  const card = page
    .locator('article, li')
    .filter({ has: page.getByRole('heading', { name: 'Choir' }) })
    .first();
  await expect(card).toContainText('Thursday, 6:30 PM');

  await apiCall(page.request, 'admin', 'DELETE', `/ministries/${choir.id}/members/${member.id}/`);
});
