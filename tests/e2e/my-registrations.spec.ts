// /my/registrations: a member cancels a registration, with and without JavaScript. Cancel asks first (a page
// state reached by a link, so no script is needed), "No, keep it" changes nothing, "Yes, cancel it" posts.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MY_DONE } from '../../src/lib/shared/members/api';
import { apiCall } from './portal-helpers';
import { newMember, SCRIPT_MODES, signInToMy, type Member } from './my-helpers';

test.describe.configure({ timeout: 60_000 });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The events this spec made, deleted after each test: other specs count the public events. */
const made: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) await apiCall(request, 'admin', 'DELETE', `/events/${id}/`);
});

/** A public event 10 days ahead, and the member's registration for it (made on the public form's API). */
async function registered(request: APIRequestContext, member: Member, title: string) {
  const event = await apiCall(request, 'admin', 'POST', '/events/', {
    title,
    category: 'fellowship',
    type: 'one-time',
    startDate: inDays(10),
    startTime: '18:30',
    location: 'Fellowship Hall',
    capacity: 20,
    requiresRegistration: true,
    isPublic: true,
  });
  expect(event.status()).toBe(201);
  const { id } = await event.json();
  made.push(id);
  const res = await request.post(`/api/v1/events/${id}/registrations/`, {
    data: { name: `${member.first_name} ${member.last_name}`, email: member.email, seats: 2 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id as string;
}

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test('cancel a registration after a confirm step', async ({ page }) => {
      const member = await newMember(page.request);
      const title = `Members' Picnic ${Date.now()}`;
      const eventId = await registered(page.request, member, title);
      await signInToMy(page, member);
      await page.goto('/my/registrations');
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(item).toContainText('Confirmed · 2 seats');

      await item.getByRole('link', { name: `Cancel my registration for ${title}` }).click();
      const confirm = page.getByRole('region', { name: 'Cancel this registration?' });
      await expect(confirm).toContainText(title);
      await confirm.getByRole('link', { name: 'No, keep it' }).click();
      await expect(page.getByRole('region', { name: 'Cancel this registration?' })).toHaveCount(0);
      await expect(item).toContainText('Confirmed');

      await item.getByRole('link', { name: `Cancel my registration for ${title}` }).click();
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await expect(page).toHaveURL(/\/my\/registrations\?done=cancelled$/);
      await expect(page.getByRole('status')).toHaveText(MY_DONE.cancelled);
      await expect(item).toContainText('Cancelled');
      await expect(item.getByRole('link', { name: /^Cancel/ })).toHaveCount(0);

      // Staff see it cancelled too.
      const staff = await apiCall(page.request, 'admin', 'GET', `/events/${eventId}/registrations/`);
      const rows = (await staff.json()) as { email: string; status: string }[];
      expect(rows.find((r) => r.email === member.email)?.status).toBe('cancelled');
    });
  });
}
