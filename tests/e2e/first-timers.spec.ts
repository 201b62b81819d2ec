// First-timers end to end (issue 31, item 6): the visitor card at /welcome without JavaScript (no script of its own,
// posts to the API, back at the thank-you; what was written is stored as text), and the portal's follow-up board:
// move a card, assign it, add a note (who and when), the QR code of /welcome; axe on both in both themes.
import { expect, test } from '@playwright/test';
import { WELCOME_THANKS } from '../../src/lib/shared/first-timers/api';
import { openScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall, apiLogin } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

test.describe.configure({ timeout: 60_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a first-timer fills in the visitor card at /welcome and comes back to the thank-you', async ({ page }) => {
    const res = await page.goto('/welcome');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeVisible();
    expect(await page.locator('astro-island').count()).toBe(0);
    const name = `Kwesi <b>${unique()}</b>`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(`kwesi.${unique()}@example.org`);
    await page.getByLabel('Service you attended').selectOption({ label: 'Second Service (Sunday 9:30 AM)' });
    await page.getByLabel('How did you hear about us?').selectOption('A friend');
    await page.getByLabel('I would like a visit from the church').check();
    await page.getByLabel('Prayer request (optional)').fill('For my family <script>');
    await page.getByRole('button', { name: 'Send my card' }).click();
    await expect(page).toHaveURL(/\/welcome#card-sent$/);
    await expect(page.getByRole('status')).toHaveText(WELCOME_THANKS);
    await expect(page.getByRole('status')).toBeVisible();

    const cards = (await (await apiCall(page.request, 'pastor', 'GET', '/first-timers/')).json()) as {
      name: string;
      prayer: string;
      wantsVisit: boolean;
      service: { name: string };
    }[];
    expect(cards.find((c) => c.name === name)).toMatchObject({
      prayer: 'For my family <script>',
      wantsVisit: true,
      service: { name: 'Second Service' },
    });
  });
});

test('the follow-up board: move a card, assign it and note what happened', async ({ page }) => {
  const name = `Abena <i>${unique()}</i>`;
  const made = await page.request.post('/api/v1/first-timers/', {
    data: { name, email: `abena.${unique()}@example.org`, prayer: 'Pray for <em>work</em>' },
    headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}` },
  });
  expect(made.status()).toBe(201);

  await openScreen(page, '/admin/first-timers');
  await expect(page.getByRole('heading', { level: 1, name: 'First-timers' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'First-timers' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('img', { name: /QR code of .*\/welcome$/ })).toBeVisible();
  const card = page.getByRole('article', { name: `First-timer ${name}` });
  await expect(page.getByTestId('column-new').getByRole('article', { name: `First-timer ${name}` })).toBeVisible();
  await expect(card.getByText('Pray for <em>work</em>')).toBeVisible();

  await card.getByLabel(`Status of ${name}`).selectOption('contacted');
  await expect(
    page.getByTestId('column-contacted').getByRole('article', { name: `First-timer ${name}` }),
  ).toBeVisible();

  const assign = card.getByLabel(`Assigned to (${name})`);
  const { user } = (await apiLogin(page.request, 'pastor')) as unknown as {
    user: { first_name: string; last_name: string };
  };
  const pastor = `${user.first_name} ${user.last_name}`;
  await expect(assign.locator('option', { hasText: pastor })).toHaveCount(1);
  await assign.selectOption({ label: pastor });
  await expect(page.getByText(`Assigned ${name} to ${pastor}`)).toBeVisible();

  await card.getByRole('textbox', { name: 'Note', exact: true }).fill('Called her: <b>coming Sunday</b>');
  await card.getByRole('button', { name: 'Add note' }).click();
  const notes = card.getByRole('list', { name: `Notes on ${name}` });
  await expect(notes.getByText('Called her: <b>coming Sunday</b>')).toBeVisible();
  const admin = (await apiLogin(page.request, 'admin')) as unknown as {
    user: { first_name: string; last_name: string };
  };
  await expect(notes).toContainText(`${admin.user.first_name} ${admin.user.last_name}, `);

  // What the board shows is what was stored.
  await page.reload();
  const again = page.getByTestId('column-contacted').getByRole('article', { name: `First-timer ${name}` });
  await expect(again.getByLabel(`Assigned to (${name})`)).toHaveValue(/\d+/);
  await expect(again.getByText('Called her: <b>coming Sunday</b>')).toBeVisible();
});

test('axe: /welcome and the First-timers board in the light and dark themes', async ({ page }) => {
  await page.request.post('/api/v1/first-timers/', {
    data: { name: `Axe ${unique()}`, phone: '0245550111', wantsVisit: true, prayer: 'Peace' },
    headers: { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250)}` },
  });
  // Opened in the dark theme (the saved preference): /welcome below shows it applies there too.
  await openScreen(page, '/admin/first-timers', 'dark');
  await expect(page.getByTestId('first-timer-card').first()).toBeVisible();
  await scanScreenInBothThemes(page);
  await page.goto('/welcome');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expectNoAxeViolationsInBothThemes(page);
});
