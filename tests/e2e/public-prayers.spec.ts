// /prayers end to end: the prayer request form with JavaScript (sent, thanked, cleared) and without it (a plain
// post, back at #request-sent), approval in the portal bringing a request to the prayer wall within 2 s with the
// first name only, "I prayed" counting with JavaScript off, visitor HTML shown as text, axe in both themes.
import { expectNoSeriousAxeViolationsInBothThemes } from './axe';
import { expect, test, type Page } from '@playwright/test';
import type { PrayerAnswer } from '../../src/lib/shared/prayers/api';
import { PRAYER_THANKS } from '../../src/lib/shared/prayers/wall';
import { apiCall, signedIn } from './portal-helpers';

const WITHIN = { timeout: 2_000, intervals: [100, 200, 300] };
let run = 0;
/** A title no other test (or earlier run on this database) uses. */
const unique = (text: string) => `${text} ${Date.now().toString(36)}${++run}`;

// A required field's label ends with an aria-hidden '*'.
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const wallCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Prayer wall' }).getByRole('article').filter({ hasText: title });

async function openForm(page: Page) {
  await page.goto('/prayers');
  const form = page.getByRole('form', { name: 'Send a Prayer Request' });
  await form.scrollIntoViewIfNeeded();
  // client:visible: wait until React has hydrated the form (the submit handler is then attached).
  await expect(form.locator('xpath=ancestor::astro-island[not(@ssr)]')).toHaveCount(1);
  return form;
}

async function findRequest(page: Page, title: string): Promise<PrayerAnswer> {
  const list: PrayerAnswer[] = await (await apiCall(page.request, 'admin', 'GET', '/prayers/')).json();
  const found = list.find((p) => p.title === title);
  expect(found, `request "${title}" is stored`).toBeTruthy();
  return found!;
}

/** A request sent to the API and approved, as staff would. */
async function approvedRequest(page: Page, fields: Record<string, unknown>) {
  const res = await page.request.post('/api/v1/prayers/', {
    data: { category: 'family', isPublic: true, urgent: false, ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  const approve = await apiCall(page.request, 'admin', 'PATCH', `/prayers/${id}/`, { approved: true });
  expect(approve.status()).toBe(200);
  return id as number;
}

test('a request sent with JavaScript is thanked, clears the form, and reaches the wall once approved', async ({
  page,
}) => {
  const title = unique('Peace for our home');
  const form = await openForm(page);
  await form.getByRole('button', { name: 'Send Prayer Request' }).click();
  for (const text of ['Name is required', 'Title is required', 'Prayer Request is required']) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await field(page, 'Name').fill('Abena Serwaa Mensah');
  await field(page, 'Email').fill('abena@example.org');
  await field(page, 'Phone Number').fill('024 555 0192');
  await field(page, 'Category').selectOption('family');
  await field(page, 'Title').fill(title);
  await field(page, 'Prayer Request').fill('Please pray for patience and peace between us at home.');
  await form.getByLabel(/Share on the prayer wall/).check();
  await form.getByRole('button', { name: 'Send Prayer Request' }).click();
  await expect(form.getByRole('status')).toHaveText(PRAYER_THANKS);
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Title')).toHaveValue('');

  const stored = await findRequest(page, title);
  expect(stored).toMatchObject({ requester: 'Abena Serwaa Mensah', email: 'abena@example.org', approved: false });
  await page.goto('/prayers');
  await expect(wallCard(page, title)).toHaveCount(0);

  // Approved in the portal: on the wall within 2 s, with the first name only.
  await signedIn(page, 'admin', '/admin/prayers');
  await page.getByRole('searchbox', { name: 'Search prayers' }).fill(title);
  await page.getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Approve for the Wall' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove from the Wall' })).toBeVisible();
  await expect(async () => {
    await page.goto('/prayers');
    await expect(wallCard(page, title)).toHaveCount(1, { timeout: 100 });
  }).toPass(WITHIN);
  const card = wallCard(page, title);
  await expect(card).toContainText('Abena');
  await expect(card).not.toContainText('Serwaa');
  await expect(card).not.toContainText('Mensah');
  await expect(card).not.toContainText('abena@example.org');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts and comes back to its thank-you', async ({ page }) => {
    const title = unique('Safe travels');
    await page.goto('/prayers');
    await expect(page.locator('#request-sent')).toBeHidden();
    await field(page, 'Name').fill('Kojo Antwi');
    await field(page, 'Category').selectOption('guidance');
    await field(page, 'Title').fill(title);
    await field(page, 'Prayer Request').fill('I travel to Kumasi on Friday for a new job. Please pray.');
    await page.getByLabel(/Keep private/).check();
    await page.getByRole('button', { name: 'Send Prayer Request' }).click();
    await expect(page).toHaveURL(/\/prayers#request-sent$/);
    await expect(page.locator('#request-sent')).toBeVisible();
    await expect(page.locator('#request-sent')).toHaveText(PRAYER_THANKS);
    expect(await findRequest(page, title)).toMatchObject({ isPublic: false, requester: 'Kojo Antwi' });
  });

  test('"I prayed" counts once a day and comes back to the card', async ({ page }) => {
    const title = unique('Rain for the farms');
    const id = await approvedRequest(page, {
      name: 'Yaw Ofori',
      title,
      description: 'Pray for rain for the farms in our village this season.',
    });
    await expect(async () => {
      await page.goto('/prayers');
      await expect(wallCard(page, title)).toHaveCount(1, { timeout: 100 });
    }).toPass(WITHIN);
    const card = wallCard(page, title);
    await expect(card).toContainText('0 people have prayed');
    await card.getByRole('button', { name: 'I prayed' }).click();
    await expect(page).toHaveURL(new RegExp(`/prayers#prayer-${id}$`));
    await expect(wallCard(page, title)).toContainText('1 person has prayed');
    // The same visitor again the same day: still one.
    await wallCard(page, title).getByRole('button', { name: 'I prayed' }).click();
    await expect(wallCard(page, title)).toContainText('1 person has prayed');
  });
});

test('visitor HTML shows as text on the wall and in the portal', async ({ page }) => {
  const script = '<script>window.__pwned = 1</script>';
  const title = unique('<b>Bold</b> request');
  await approvedRequest(page, {
    name: '<img src=x onerror="window.__pwned=2">',
    title,
    description: `Please pray ${script} for us.`,
  });
  await expect(async () => {
    await page.goto('/prayers');
    await expect(wallCard(page, title)).toHaveCount(1, { timeout: 100 });
  }).toPass(WITHIN);
  const card = wallCard(page, title);
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card).toContainText(script);
  await expect(card).toContainText('<img');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(card.locator('img, b, script')).toHaveCount(0);

  await signedIn(page, 'admin', '/admin/prayers');
  await page.getByRole('searchbox', { name: 'Search prayers' }).fill('Bold');
  await page.getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(script);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('axe: /prayers with its form, errors and thank-you in the light and dark themes', async ({ page }) => {
  const form = await openForm(page);
  await expectNoSeriousAxeViolationsInBothThemes(page, { label: 'the form' });
  await form.getByRole('button', { name: 'Send Prayer Request' }).click();
  await expect(form.getByText('Name is required', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolationsInBothThemes(page, { label: 'its errors' });
  await page.goto('/prayers#request-sent');
  await expect(page.locator('#request-sent')).toBeVisible();
  await expectNoSeriousAxeViolationsInBothThemes(page, { label: 'the thank-you' });
});
