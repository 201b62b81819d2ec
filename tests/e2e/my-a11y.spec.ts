// axe over every /my page in both themes (signed out: the sign-in and code pages; signed in: every section, with a
// person in the household and a registration to ask about), no console errors, and no island on any of them.
import { expect, test, type Page } from '@playwright/test';
import { THEME_PREFERENCE_KEY } from '../../src/lib/shared/constants';
import { apiCall } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { newMember, signInToMy } from './my-helpers';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SIGNED_IN = [
  '/my',
  '/my/details',
  '/my/household',
  '/my/ministries',
  '/my/registrations',
  '/my/prayers',
  '/my/gifts',
  '/my/consent',
  '/my/directory',
  '/my/data',
];

/** Opens `path` (in the dark theme: the saved preference applies on every page) and scans it in both themes. */
async function scan(page: Page, path: string, errors: string[]) {
  await page.goto(path);
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect(page.locator('astro-island')).toHaveCount(0);
  await expectNoAxeViolationsInBothThemes(page, undefined, path);
  expect(errors, path).toEqual([]);
}

/** The events this spec made, deleted after each test: other specs count the public events. */
const made: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of made.splice(0)) await apiCall(request, 'admin', 'DELETE', `/events/${id}/`);
});

test('every /my page in the light and dark themes', async ({ page }) => {
  // Opened in the dark theme, by the saved preference (each scan checks it applies); each page scanned in both.
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_PREFERENCE_KEY, 'dark']);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await scan(page, '/my', errors);
  const member = await newMember(page.request);
  await scan(page, `/my/code?email=${encodeURIComponent(member.email)}`, errors);

  const event = await apiCall(page.request, 'admin', 'POST', '/events/', {
    title: `Axe Evening ${Date.now()}`,
    category: 'fellowship',
    type: 'one-time',
    startDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    startTime: '18:00',
    location: 'Main Sanctuary',
    capacity: 10,
    requiresRegistration: true,
    isPublic: true,
  });
  const { id } = await event.json();
  made.push(id);
  await page.request.post(`/api/v1/events/${id}/registrations/`, {
    data: { name: 'Axe Tester', email: member.email, seats: 1 },
  });
  await signInToMy(page, member);
  await page.goto('/my/household');
  const add = page.getByRole('region', { name: 'Add a person' });
  await add.getByRole('textbox', { name: /^Name/ }).fill('Abena');
  await add.getByRole('combobox', { name: /^Relationship/ }).fill('Child');
  await add.getByRole('button', { name: 'Add to my household' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  for (const path of SIGNED_IN) await scan(page, path, errors);
  // The open states: a person's change form, and the question before cancelling.
  await page.goto('/my/household');
  await page.getByRole('main').locator('summary').first().click();
  await expectNoAxeViolationsInBothThemes(page, undefined, 'the change form');
  await page.goto('/my/registrations');
  await page.getByRole('link', { name: /^Cancel my registration/ }).click();
  await expect(page.getByRole('region', { name: 'Cancel this registration?' })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, undefined, 'the cancel question');
});
