// Branches in the portal's forms and lists (issue 30, docs/PRODUCT.md (Branches)): an administrator at the church
// (the demo's tree: the church, Tema and Kasoa) picks the branch of a new household, ministry, event and recorded
// gifts (their own by default) and filters each list by branch; an administrator of Tema alone, whose scope holds
// one branch, sees no picker and no filter on any of these screens. axe on the screens with the filter, and the
// event form and Record gifts with the picker, in both themes.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { removeGifts } from './giving-helpers';
import { apiCall, createUser, signedIn } from './portal-helpers';

test.describe.configure({ timeout: 90_000 });

const stamp = Date.now().toString(36);
let tema = 0;
let kasoa = 0;
let root = 0;
const made: { households: number[]; ministries: number[]; events: string[] } = {
  households: [],
  ministries: [],
  events: [],
};

test.beforeAll(async ({ request }) => {
  const branches = (await (await request.get('/api/v1/branches/')).json()) as {
    id: number;
    slug: string;
    parentId: number | null;
  }[];
  root = branches.find((b) => b.parentId === null)!.id;
  tema = branches.find((b) => b.slug === 'grace-chapel-tema')!.id;
  kasoa = branches.find((b) => b.slug === 'grace-chapel-kasoa')!.id;
});
test.afterAll(async ({ request }) => {
  for (const id of made.households) await apiCall(request, 'admin', 'DELETE', `/households/${id}/`);
  for (const id of made.ministries) await apiCall(request, 'admin', 'DELETE', `/ministries/${id}/`);
  for (const id of made.events) await apiCall(request, 'admin', 'DELETE', `/events/${id}/`);
  removeGifts(`Branch giver ${stamp}`);
});

/** The screen's Branch filter (a select labelled "Branch" outside any form). */
const branchFilter = (page: Page) => page.locator('main select[name="branch"]');
/** The Giving screen's Branch filter (one of its filter bar's unnamed selects). */
const giftsBranchFilter = (page: Page) =>
  page.getByRole('region', { name: 'Gifts' }).getByLabel('Branch', { exact: true });

test('a household goes to the branch picked (the own one by default), and the list filters by branch', async ({
  page,
}) => {
  await openScreen(page, '/admin/households');
  const picker = page.locator('#new-household-branch');
  await expect(picker).toHaveValue(String(root));
  const name = `Branch household ${stamp}`;
  await page.getByLabel('Household name').fill(name);
  await picker.selectOption({ label: 'Grace Chapel Kasoa' });
  await page.getByRole('button', { name: 'New Household' }).click();
  await expect(page.getByText('Household created')).toBeVisible();

  const list = await (await apiCall(page.request, 'admin', 'GET', `/households/?search=${stamp}`)).json();
  const household = list.results.find((h: { name: string }) => h.name === name);
  expect(household.branchId).toBe(kasoa);
  made.households.push(household.id);

  await page.getByLabel('Search households').fill(stamp);
  const card = page.getByTestId('household-card').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toHaveCount(1);
  await branchFilter(page).selectOption({ label: 'Grace Chapel Tema' });
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No households found')).toBeVisible();
  await branchFilter(page).selectOption({ label: 'Grace Chapel Kasoa' });
  await expect(card).toHaveCount(1);
});

test('a ministry goes to the branch picked, and the list filters by branch', async ({ page }) => {
  await openScreen(page, '/admin/ministries');
  const name = `Branch choir ${stamp}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.locator('#new-ministry-branch')).toHaveValue(String(root));
  await page.locator('#new-ministry-branch').selectOption({ label: 'Grace Chapel Tema' });
  await page.getByRole('button', { name: 'Create Ministry' }).click();
  await expect(page.getByText('Ministry created')).toBeVisible();
  const all = await (await apiCall(page.request, 'admin', 'GET', `/ministries/all/?branch=${tema}`)).json();
  const ministry = all.find((m: { name: string }) => m.name === name);
  expect(ministry.branchId).toBe(tema);
  made.ministries.push(ministry.id);

  const heading = page.getByRole('heading', { name, exact: true });
  await expect(heading).toBeVisible();
  await branchFilter(page).selectOption({ label: 'Grace Chapel Kasoa' });
  await expect(heading).toBeHidden();
  await branchFilter(page).selectOption({ label: 'Grace Chapel Tema' });
  await expect(heading).toBeVisible();
});

test('an event goes to the branch picked in Create Event, and the list filters by branch', async ({ page }) => {
  await openScreen(page, '/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  const title = `Kasoa crusade ${stamp}`;
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Start Time/).fill('18:30');
  await dialog.getByLabel(/^Location/).fill('Kasoa park');
  await expect(dialog.getByLabel('Branch')).toHaveValue(String(root));
  await dialog.getByLabel('Branch').selectOption({ label: 'Grace Chapel Kasoa' });
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  const events = await (await apiCall(page.request, 'admin', 'GET', `/events/?branch=${kasoa}`)).json();
  const event = events.find((e: { title: string }) => e.title === title);
  expect(event.branchId).toBe(kasoa);
  made.events.push(event.id);

  await page.getByPlaceholder(/Search events/).fill(stamp);
  const card = page.getByRole('heading', { name: title });
  await expect(card).toBeVisible();
  await branchFilter(page).selectOption({ label: 'Grace Chapel Tema' });
  await expect(card).toBeHidden();
  await branchFilter(page).selectOption({ label: 'Grace Chapel Kasoa' });
  await expect(card).toBeVisible();
  // Edit keeps the event's branch: the form offers no picker.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Event' }).getByLabel('Branch')).toHaveCount(0);
});

test('gifts recorded in Record gifts go to the branch picked, and the gift list filters by branch', async ({
  page,
}) => {
  await openScreen(page, '/admin/giving');
  await page.getByRole('button', { name: 'Record gifts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record gifts' });
  await expect(dialog.getByLabel('Branch')).toHaveValue(String(root));
  const giver = `Branch giver ${stamp}`;
  await dialog.getByLabel('Counted total (GH₵)').fill('12');
  await dialog.getByLabel('Fund').selectOption({ label: 'Missions' });
  await dialog.getByLabel('Amount (GH₵)').fill('12');
  await dialog.getByLabel('Name (optional)').fill(giver);
  await dialog.getByLabel('Branch').selectOption({ label: 'Grace Chapel Tema' });
  await dialog.getByRole('button', { name: 'Save 1 gift' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Recorded 1 gift: GH₵ 12.00')).toBeVisible();
  const gifts = await (await apiCall(page.request, 'admin', 'GET', `/giving/gifts/?branch=${tema}&q=${stamp}`)).json();
  expect(gifts.map((g: { name: string; branchId: number }) => [g.name, g.branchId])).toEqual([[giver, tema]]);

  await page.getByRole('searchbox', { name: 'Search the gifts' }).fill(stamp);
  const row = page.getByRole('table', { name: 'Gifts' }).getByTestId('gift-row').filter({ hasText: giver });
  await expect(row).toHaveCount(1);
  await giftsBranchFilter(page).selectOption({ label: 'Grace Chapel Kasoa' });
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No gifts found')).toBeVisible();
  await giftsBranchFilter(page).selectOption({ label: 'Grace Chapel Tema' });
  await expect(row).toHaveCount(1);
});

test('an administrator of one assembly sees no branch picker or filter', async ({ page }) => {
  const admin = await createUser(page.request, { role: 'ADMIN', can_access_web: true, branch_id: tema });
  await signedIn(page, admin.username, '/admin/households');
  await expect(page.getByRole('button', { name: 'New Household' })).toBeVisible();
  await expect(page.locator('#new-household-branch')).toHaveCount(0);
  await expect(branchFilter(page)).toHaveCount(0);
  await page.goto('/admin/ministries');
  await expect(page.getByRole('button', { name: 'Create Ministry' })).toBeVisible();
  await expect(page.locator('#new-ministry-branch')).toHaveCount(0);
  await expect(branchFilter(page)).toHaveCount(0);
  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Event' }).getByLabel(/^Title/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create Event' }).getByLabel('Branch')).toHaveCount(0);
  await expect(branchFilter(page)).toHaveCount(0);
  await page.goto('/admin/giving');
  await expect(page.getByRole('region', { name: 'Gifts' }).getByLabel('Method')).toBeVisible();
  await expect(giftsBranchFilter(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Record gifts' }).click();
  const record = page.getByRole('dialog', { name: 'Record gifts' });
  await expect(record.getByLabel('Counted total (GH₵)')).toBeVisible();
  await expect(record.getByLabel('Branch')).toHaveCount(0);
  await apiCall(page.request, 'superadmin', 'DELETE', `/auth/users/${admin.id}/`);
});

test('axe: the branch filters and the pickers of the event form and Record gifts in the light and dark themes', async ({
  page,
}) => {
  for (const path of ['/admin/households', '/admin/ministries', '/admin/events']) {
    await openScreen(page, path);
    await expect(branchFilter(page)).toBeVisible();
    await scanScreenInBothThemes(page);
  }
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Event' }).getByLabel('Branch')).toBeVisible();
  await scanDialogInBothThemes(page);
  await openScreen(page, '/admin/giving');
  await page.getByRole('button', { name: 'Record gifts' }).click();
  await expect(page.getByRole('dialog', { name: 'Record gifts' }).getByLabel('Branch')).toBeVisible();
  await scanDialogInBothThemes(page);
});
