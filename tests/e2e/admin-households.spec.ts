// The Households screen (issue 22): an admin creates a household, adds a person, finds it by a person's name and
// merges another into it; what it made is deleted again; axe on the screen in both themes.
import { expect, test } from '@playwright/test';
import { THEMES, openScreen, scanScreen } from './admin-content-helpers';
import { apiCall } from './portal-helpers';

const stamp = Date.now();
const NAME = `Quartey household ${stamp}`;
const OTHER = `Quartey family ${stamp}`;
const made: number[] = [];

test.beforeAll(async ({ request }) => {
  const other = await apiCall(request, 'admin', 'POST', '/households/', { name: OTHER, address: '12 Ring Road' });
  expect(other.status()).toBe(201);
  const body = await other.json();
  made.push(body.id);
  await apiCall(request, 'admin', 'POST', `/households/${body.id}/people/`, {
    name: 'Nii Quartey',
    relationship: 'Son',
  });
});
// What this file made goes again (a merged household is gone already: its 404 is fine).
test.afterAll(async ({ request }) => {
  for (const id of made) await apiCall(request, 'admin', 'DELETE', `/households/${id}/`);
});

test('an admin creates a household, adds a person, finds it and merges another into it', async ({ page }) => {
  await openScreen(page, '/admin/households');
  await expect(page.getByRole('heading', { level: 1, name: 'Households' })).toBeVisible();
  await page.getByLabel('Household name').fill(NAME);
  await page.getByLabel('Address').fill('3 Liberation Road');
  await page.getByRole('button', { name: 'New Household' }).click();
  await expect(page.getByText('Household created')).toBeVisible();

  await page.getByLabel('Search households').fill(NAME);
  const card = page.getByTestId('household-card').filter({ has: page.getByRole('heading', { name: NAME }) });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('household-card')).toHaveCount(1);
  await card.getByLabel('Name').fill('Adjoa Quartey');
  await card.getByLabel('Relationship').fill('Daughter');
  await card.getByRole('button', { name: 'Add Person' }).click();
  await expect(card).toContainText('Adjoa Quartey (Daughter)');
  made.push(Number((await card.getAttribute('aria-labelledby'))!.replace('household-', '')));

  // Both households on screen, then the other merged into this one.
  await page.getByLabel('Search households').fill(`Quartey`);
  await expect(
    page.getByTestId('household-card').filter({ has: page.getByRole('heading', { name: OTHER }) }),
  ).toHaveCount(1);
  await card.getByLabel('Merge another household into this one').selectOption({ label: OTHER });
  await card.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(`${OTHER} merged into ${NAME}`)).toBeVisible();
  await expect(card).toContainText('Nii Quartey (Son)');
  await expect(
    page.getByTestId('household-card').filter({ has: page.getByRole('heading', { name: OTHER }) }),
  ).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`axe: the households screen in the ${theme} theme`, async ({ page }) => {
    await openScreen(page, '/admin/households', theme);
    await expect(page.getByTestId('household-card').first()).toBeVisible();
    await scanScreen(page);
  });
}
