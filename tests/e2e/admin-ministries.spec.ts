// The Ministries screen (issue 22): a visitor's join request (the public API) waits on the screen and a pastor
// accepts it into the account found by its email; an admin accepts one without an account by creating a member
// account, who then shows among the ministry's members; an admin creates a ministry, sees it on /ministries, hides it again and deletes it (through the API,
// so the demo data is as before); an admin edits a ministry's meeting time and leader and adds a member with a role;
// axe on the screen, its dialogs and the decided requests in both themes.
import { expect, test } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall, createUser, signedIn } from './portal-helpers';

const stamp = Date.now();
const MINISTRY = `Hospitality ${stamp}`;
const VISITOR = `Esi Visitor ${stamp}`;
let created: number | null = null;

test.afterAll(async ({ request }) => {
  if (created) await apiCall(request, 'admin', 'DELETE', `/ministries/${created}/`);
});

test('a pastor accepts a visitor’s request into the account found by its email', async ({ page, request }) => {
  const ministries = await (await request.get('/api/v1/ministries/')).json();
  const choir = ministries.find((m: { name: string }) => m.name === 'Choir');
  const account = await createUser(request, { first_name: 'Esi', last_name: `Account${stamp}` });
  const join = await request.post(`/api/v1/ministries/${choir.id}/join/`, {
    data: { name: VISITOR, email: `e2e_${account.username.slice(4)}@example.org` },
  });
  expect(join.status()).toBe(201);
  await signedIn(page, 'pastor', '/admin/ministries');
  await expect(page.getByRole('heading', { level: 1, name: 'Ministries' })).toBeVisible();
  const request_ = page.getByTestId('join-request').filter({ hasText: VISITOR });
  await expect(request_).toContainText('wants to join Choir');
  await expect(request_).toContainText(`Joins as Esi Account${stamp}`);
  // A pastor decides requests but does not create ministries or accounts.
  await expect(page.getByRole('button', { name: 'Create Ministry' })).toHaveCount(0);
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(`Accepted ${VISITOR}: Esi Account${stamp} added`)).toBeVisible();
  await expect(request_).toHaveCount(0);
  const detail = await (await apiCall(request, 'admin', 'GET', `/ministries/${choir.id}/`)).json();
  expect(detail.members.map((m: { user_id: number }) => m.user_id)).toContain(account.id);
});

test('an admin accepts a visitor without an account by creating a member account, who is then a member', async ({
  page,
  request,
}) => {
  const ministries = await (await request.get('/api/v1/ministries/')).json();
  const choir = ministries.find((m: { name: string }) => m.name === 'Choir');
  const newcomer = `Ama Newcomer ${stamp}`;
  const join = await request.post(`/api/v1/ministries/${choir.id}/join/`, {
    data: { name: newcomer, email: `newcomer-${stamp}@example.org` },
  });
  expect(join.status()).toBe(201);
  await openScreen(page, '/admin/ministries');
  const request_ = page.getByTestId('join-request').filter({ hasText: newcomer });
  await expect(request_).toContainText('No account yet.');
  await request_.getByRole('button', { name: 'Create Account and Accept' }).click();
  await expect(page.getByText(`Accepted ${newcomer}: member account created`)).toBeVisible();
  await expect(request_).toHaveCount(0);
  const card = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: 'Choir' }) });
  await card.getByRole('button', { name: 'Show Members' }).click();
  await expect(card.getByRole('combobox', { name: `Role of ${newcomer}` })).toBeVisible();
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

test('axe: the ministries screen in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/ministries');
  await expect(page.getByTestId('ministry-card').first()).toBeVisible();
  await page.getByTestId('ministry-card').first().getByRole('button', { name: 'Show Members' }).click();
  await scanScreenInBothThemes(page);
});

// The dialogs (issue 22, part 3): a ministry of this file's own (not public) and a fresh account, deleted again.
const GROUP = `Ushering ${stamp}`;
let group: number | null = null;
const USHER_EMAIL = `usher-${stamp}@example.org`;
let usher: Awaited<ReturnType<typeof createUser>> | null = null;

test.describe('the ministry dialogs', () => {
  test.beforeAll(async ({ request }) => {
    const res = await apiCall(request, 'admin', 'POST', '/ministries/', {
      name: GROUP,
      meeting_day: 'Saturday',
      meeting_time: '9:00 AM',
      is_public: false,
    });
    expect(res.status()).toBe(201);
    group = (await res.json()).id;
    usher = await createUser(request, { email: USHER_EMAIL });
  });
  test.afterAll(async ({ request }) => {
    if (group) await apiCall(request, 'admin', 'DELETE', `/ministries/${group}/`);
    if (usher) await apiCall(request, 'superadmin', 'DELETE', `/auth/users/${usher.id}/`);
  });

  test('an admin edits the meeting time and the leader, then adds a member with a role', async ({ page }) => {
    const person = `${usher!.first_name} ${usher!.last_name}`;
    await openScreen(page, '/admin/ministries');
    const card = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: GROUP }) });
    await card.getByRole('button', { name: `Edit ${GROUP}` }).click();
    let dialog = page.getByRole('dialog', { name: `Edit ${GROUP}` });
    await dialog.getByLabel('Meeting time').fill('10:30 AM');
    await dialog.getByLabel('Find an account').fill(usher!.last_name);
    await dialog.getByLabel('Leader').selectOption({ label: `${person} (${USHER_EMAIL})` });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(`${GROUP} saved`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText('Saturday, 10:30 AM');
    await expect(card.locator('dt:has-text("Leader") + dd')).toHaveText(person);

    await card.getByRole('button', { name: 'Show Members' }).click();
    await card.getByRole('button', { name: 'Add Member' }).click();
    dialog = page.getByRole('dialog', { name: `Add a Member to ${GROUP}` });
    await dialog.getByLabel('Find an account').fill(usher!.last_name);
    await dialog.getByLabel('Account', { exact: true }).selectOption({ label: `${person} (${USHER_EMAIL})` });
    await dialog.getByLabel('Role').selectOption('Secretary');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText(`Member added to ${GROUP}`)).toBeVisible();
    await expect(card.getByLabel(`Role of ${person}`)).toHaveValue('Secretary');
  });

  test('axe: the ministry dialogs and decided requests in the light and dark themes', async ({ page }) => {
    await openScreen(page, '/admin/ministries');
    await page.getByText('Decided Requests').click();
    await expect(page.getByText(/Loading the decided requests/)).toHaveCount(0);
    await scanScreenInBothThemes(page);
    const card = page.getByTestId('ministry-card').filter({ has: page.getByRole('heading', { name: GROUP }) });
    await card.getByRole('button', { name: `Edit ${GROUP}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${GROUP}` });
    await expect(edit.getByText(/accounts? match/)).toBeVisible();
    await scanDialogInBothThemes(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Show Members' }).click();
    await card.getByRole('button', { name: 'Add Member' }).click();
    await expect(
      page.getByRole('dialog', { name: `Add a Member to ${GROUP}` }).getByText(/accounts? match/),
    ).toBeVisible();
    await scanDialogInBothThemes(page);
  });
});
