// An event card's figures follow a registration made with JavaScript (issue 28, item 12): the island has the API's
// answer, which carries the event's new figures, so the card no longer says "24 spots left" until a reload.
import { expect, test } from '@playwright/test';
import { apiCall } from './portal-helpers';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let eventId = '';

test.beforeAll(async ({ request }) => {
  const res = await apiCall(request, 'admin', 'POST', '/events/', {
    title: `Card Figures ${Date.now()}`,
    category: 'fellowship',
    type: 'one-time',
    startDate: inDays(20),
    startTime: '18:30',
    location: 'Fellowship Hall',
    capacity: 4,
    requiresRegistration: true,
    isPublic: true,
  });
  expect(res.status()).toBe(201);
  eventId = (await res.json()).id;
});
test.afterAll(async ({ request }) => {
  if (eventId) await apiCall(request, 'admin', 'DELETE', `/events/${eventId}/`);
});

test('the card shows the new figures after registering, then the waitlist once full', async ({ page }) => {
  await page.goto('/events');
  const card = page.locator(`article[id="${eventId}"]`);
  await expect(card.getByText('0 of 4 registered (0% full)')).toBeVisible();
  await expect(card.getByText('4 spots left.')).toBeVisible();

  const register = async (name: string, email: string, seats: string) => {
    if ((await card.locator('details').getAttribute('open')) === null) await card.locator('summary').click();
    const form = card.getByRole('form');
    await expect(form.locator('xpath=ancestor::astro-island[not(@ssr)]')).toHaveCount(1);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Seats').fill(seats);
    await form.getByRole('button', { name: /Confirm Registration|Join the Waitlist/ }).click();
    await expect(form.getByRole('status')).toBeVisible();
  };

  await register('Efua Sarpong', 'efua.card@example.org', '3');
  await expect(card.getByText('3 of 4 registered (75% full)')).toBeVisible();
  await expect(card.getByText('1 spots left.')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAttribute('value', '3');
  await expect(card.getByRole('progressbar')).toHaveAccessibleName('75% full');

  await register('Adwoa Kyei', 'adwoa.card@example.org', '1');
  await expect(card.getByText('4 of 4 registered (100% full)')).toBeVisible();
  await expect(card.getByText('This event is full: join the waitlist (0 waiting).')).toBeVisible();

  // Once full: waitlisted, and the card counts the seats waiting.
  await register('Kweku Ansah', 'kweku.card@example.org', '2');
  await expect(card.getByRole('status')).toContainText('waitlist');
  await expect(card.getByText('4 of 4 registered (100% full)')).toBeVisible();
  await expect(card.getByText('This event is full: join the waitlist (2 waiting).')).toBeVisible();

  // And what the page says after a reload agrees.
  await page.reload();
  await expect(card.getByText('4 of 4 registered (100% full)')).toBeVisible();
  await expect(card.getByText('This event is full: join the waitlist (2 waiting).')).toBeVisible();
});
