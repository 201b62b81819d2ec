// The prayers screen's actions end to end, on a request this test sends: approve for the wall, Support Prayer,
// Add Update, Manage Prayer (status, priority, assignee, private, tags) and Delete (ADMIN; off with its reason
// for a PASTOR), with axe on every dialog in both themes.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes } from './admin-content-helpers';
import { apiCall, signedIn } from './portal-helpers';

let run = 0;
const unique = (text: string) => `${text} ${Date.now().toString(36)}${++run}`;

/** A new public request (category health), sent as a visitor would. */
async function newRequest(page: Page, title: string) {
  const res = await page.request.post('/api/v1/prayers/', {
    data: {
      name: 'Esi Ampofo',
      email: 'esi.ampofo@example.org',
      phone: '024 555 0101',
      title,
      description: 'Please pray for my mother, who is in hospital this week.',
      category: 'health',
      isPublic: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as number;
}

async function openRequest(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search prayers' }).fill(title);
  await page.getByRole('button', { name: title, exact: true }).click();
  return page.getByRole('dialog', { name: title });
}

test('approve, support, add update, manage and delete a request', async ({ page }) => {
  const title = unique('Mother in hospital');
  const id = await newRequest(page, title);
  await openScreen(page, '/admin/prayers');
  let dialog = await openRequest(page, title);
  await expect(dialog).toContainText('esi.ampofo@example.org');
  await expect(dialog).toContainText('+233 24 555 0101'); // stored whole, shown as dialled (issue 28, 2)
  await expect(dialog).toContainText('Awaiting approval');

  await dialog.getByRole('button', { name: 'Approve for the Wall' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove from the Wall' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog).toContainText('On the prayer wall');

  await dialog.getByRole('button', { name: 'Support Prayer' }).click();
  await expect(dialog.getByText('Supporters').locator('xpath=following-sibling::dd[1]')).toHaveText('1');

  await dialog.getByRole('button', { name: 'Add Update' }).click();
  const update = page.getByRole('dialog', { name: `Add Update: ${title}` });
  await update.getByRole('button', { name: 'Add Update' }).click();
  await expect(update.getByText('Update is required')).toBeVisible();
  await update.getByLabel(/^Update/).fill('We visited her today and prayed together.');
  await update.getByRole('button', { name: 'Add Update' }).click();
  await expect(update).toBeHidden();
  dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('We visited her today and prayed together.');

  await dialog.getByRole('button', { name: 'Manage Prayer' }).click();
  const manage = page.getByRole('dialog', { name: `Manage Prayer: ${title}` });
  await manage.getByLabel('Status').selectOption('ongoing');
  await manage.getByLabel('Priority').selectOption('high');
  await expect(manage.getByLabel('Assigned To').locator('option', { hasText: 'Unassigned' })).toHaveCount(1);
  const pastor = manage.getByLabel('Assigned To').locator('option').nth(1);
  const pastorName = (await pastor.textContent())!;
  await manage.getByLabel('Assigned To').selectOption({ label: pastorName });
  await manage.getByLabel('Visibility').selectOption('private');
  await manage.getByLabel('Tags').fill('hospital, family');
  await manage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(manage).toBeHidden();
  dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('Ongoing');
  await expect(dialog).toContainText('High priority');
  await expect(dialog).toContainText(pastorName);
  await expect(dialog).toContainText('Private: never on the wall');

  const stored = await (await apiCall(page.request, 'admin', 'GET', `/prayers/${id}/`)).json();
  expect(stored).toMatchObject({
    status: 'ongoing',
    priority: 'high',
    isPublic: false,
    approved: true,
    supporters: 1,
    tags: ['hospital', 'family'],
    assignedTo: pastorName,
  });
  expect(stored.updates).toHaveLength(1);
  const wall = await (await page.request.get('/api/v1/prayers/public/')).json();
  expect(wall.map((p: { id: number }) => p.id)).not.toContain(id);

  page.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: title, exact: true })).toHaveCount(0);
  expect((await apiCall(page.request, 'admin', 'GET', `/prayers/${id}/`)).status()).toBe(404);
});

test('a pastor sees Delete off with the reason', async ({ page }) => {
  const title = unique('Exams next week');
  await newRequest(page, title);
  await signedIn(page, 'pastor', '/admin/prayers');
  await page.locator('main h1').waitFor({ timeout: 20_000 });
  const dialog = await openRequest(page, title);
  const del = dialog.getByRole('button', { name: 'Delete' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription('Only Administrator and above can delete prayer requests.');
});

test('axe: the prayer dialogs in the light and dark themes', async ({ page }) => {
  const title = unique('Axe check');
  await newRequest(page, title);
  await openScreen(page, '/admin/prayers');
  const dialog = await openRequest(page, title);
  await expect(dialog).toBeVisible();
  await scanDialogInBothThemes(page);
  await dialog.getByRole('button', { name: 'Add Update' }).click();
  const update = page.getByRole('dialog', { name: `Add Update: ${title}` });
  await update.getByRole('button', { name: 'Add Update' }).click();
  await expect(update.getByText('Update is required')).toBeVisible();
  await scanDialogInBothThemes(page);
  await update.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Manage Prayer' }).click();
  const manage = page.getByRole('dialog', { name: `Manage Prayer: ${title}` });
  await expect(manage.getByLabel('Assigned To').locator('option')).not.toHaveCount(1);
  await scanDialogInBothThemes(page);
});
