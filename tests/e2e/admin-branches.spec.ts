// The Branches screen (issue 30): the demo's tree (the church, Tema and Kasoa under it) as nested lists; an admin
// adds a branch under Kasoa with its address, phone and service times, edits it (its Paystack subaccount code
// too), is told why Tema cannot be deleted (the server's 409 names what is left), and deletes the empty one. axe
// on the screen and its dialog in both themes. The Network dashboard lists the branches under the church with
// their figures and the total.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall } from './portal-helpers';

test.describe.configure({ timeout: 60_000 });

const branchItem = (page: Page, name: string) =>
  page
    .getByTestId('branch')
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();

test('add, edit, delete an empty branch; a branch with people says what is left', async ({ page }) => {
  const name = `Kasoa East ${Date.now().toString(36)}`;
  await openScreen(page, '/admin/branches');
  await expect(page.getByRole('heading', { level: 1, name: 'Branches' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Branches' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const tree = page.getByRole('list', { name: 'Branches', exact: true });
  await expect(tree.getByText('Grace Chapel Tema', { exact: true })).toBeVisible();
  await expect(tree.getByText('Assembly · Sundays 9:00 (English and Twi)')).toBeVisible();

  await page.getByRole('button', { name: 'Add Branch under Grace Chapel Kasoa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Branch under Grace Chapel Kasoa' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Kind/).fill('Outstation');
  await dialog.getByLabel(/^Address/).fill('Near the <market>, Kasoa');
  await dialog.getByLabel(/^Phone/).fill('024 555 0199');
  await dialog.getByLabel(/^Service times/).fill('Sundays 7:30');
  await dialog.getByRole('button', { name: 'Add Branch' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  const kasoa = branchItem(page, 'Grace Chapel Kasoa');
  await expect(kasoa.getByRole('list', { name: 'Branches under Grace Chapel Kasoa' })).toContainText(name);
  await expect(branchItem(page, name)).toContainText('Outstation · Sundays 7:30');

  // The tree opens and closes.
  await kasoa.locator('summary').first().click();
  await expect(page.getByText(name, { exact: true })).toBeHidden();
  await kasoa.locator('summary').first().click();
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel(/^Address/)).toHaveValue('Near the <market>, Kasoa');
  await edit.getByLabel(/^Paystack subaccount code/).fill('not a code');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('A Paystack subaccount code looks like ACCT_8f4s1eq7ml6rlzj.')).toBeVisible();
  await edit.getByLabel(/^Paystack subaccount code/).fill('ACCT_kasoaeast1');
  await edit.getByLabel(/^Service times/).fill('Sundays 7:30 and 10:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(branchItem(page, name)).toContainText('Outstation · Sundays 7:30 and 10:00');
  const stored = (
    (await (await apiCall(page.request, 'admin', 'GET', '/branches/')).json()) as { name: string }[]
  ).find((b) => b.name === name);
  expect(stored).toMatchObject({ paystackSubaccount: 'ACCT_kasoaeast1', address: 'Near the <market>, Kasoa' });

  // Tema has members and households: the 409's detail says so, beside the branch.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete Grace Chapel Tema' }).click();
  const refusal = branchItem(page, 'Grace Chapel Tema').getByRole('alert');
  await expect(refusal).toContainText('Failed to delete the branch. This branch still has');
  await expect(refusal).toContainText('Move or remove them first.');
  await expect(page.getByText('Grace Chapel Tema', { exact: true })).toBeVisible();

  page.once('dialog', (d) => {
    expect(d.message()).toBe(`Delete the branch "${name}"? This cannot be undone.`);
    void d.accept();
  });
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
});

test('the Branches screen and its dialog pass axe (light and dark)', async ({ page }) => {
  await openScreen(page, '/admin/branches');
  await expect(page.getByText('Grace Chapel Kasoa', { exact: true })).toBeVisible();
  await scanScreenInBothThemes(page);
  await page.getByRole('button', { name: 'Edit Grace Chapel Tema' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Grace Chapel Tema' })).toBeVisible();
  await scanDialogInBothThemes(page);
});

test('the Network dashboard shows the branches under the church with their figures and the total', async ({ page }) => {
  const root = ((await (await apiCall(page.request, 'admin', 'GET', '/branches/')).json()) as { id: number }[])[0];
  await openScreen(page, '/admin/branches');
  await page.getByRole('link', { name: 'Network dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Network Dashboard' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Branches under / });
  const rows = table.getByTestId('network-row');
  await expect(rows).toHaveCount(2);
  const tema = (await (await apiCall(page.request, 'admin', 'GET', '/branches/')).json()).find(
    (b: { name: string }) => b.name === 'Grace Chapel Tema',
  );
  const summary = await (await apiCall(page.request, 'admin', 'GET', `/branches/${tema.id}/summary/`)).json();
  const temaRow = rows.filter({ hasText: 'Grace Chapel Tema' });
  await expect(temaRow.getByRole('cell').nth(0)).toHaveText(String(summary.members));
  await expect(temaRow.getByRole('cell').nth(1)).toHaveText(String(summary.households));
  await expect(table.getByTestId('network-total')).toContainText('Total');
  await expect(temaRow.getByRole('cell').nth(2)).toHaveText(String(summary.attendance.lastWeek));
  // The total is the church's own summary: the note that no attendance is recorded shows only while it counts none.
  const total = await (await apiCall(page.request, 'admin', 'GET', `/branches/${root.id}/summary/`)).json();
  const counted = total.attendance.lastWeek > 0 || total.attendance.averageLast4Weeks > 0;
  await expect(page.getByText('No attendance recorded yet')).toHaveCount(counted ? 0 : 1);
  await scanScreen(page);
});
