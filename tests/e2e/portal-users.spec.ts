// User management end to end: what each staff role sees, every action, add/edit/promote/delete, axe, and a big
// church of 10,000 members.
import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { createUser, signedIn } from './portal-helpers';
import { expectNoAxeViolations } from './axe';

// Four helpers share two CPU cores: give each test room (axe scans alone can take seconds).
test.describe.configure({ timeout: 60_000 });

const row = (page: Page, username: string) => page.locator(`[data-testid="user-row"][data-username="${username}"]`);
const rowButtons = async (page: Page, username: string) =>
  (await row(page, username).getByRole('button').allTextContents()).map((t) => t.trim());
const statValue = (page: Page, label: string) => page.getByTestId(`stat-${label}`).getByTestId('stat-value');

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search users by name, email, or phone...').fill(text);
}

test.describe('users screen', () => {
  test('SUPERADMIN sees the screen, every column and the actions the rules give; axe passes', async ({ page }) => {
    await signedIn(page, 'superadmin', '/admin/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    for (const label of ['Total Users', 'Active Users', 'New This Month', 'Suspended Users']) {
      await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
    }
    for (const column of ['User', 'Role', 'Status', 'Joined', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    expect(await rowButtons(page, 'admin')).toEqual(['View', 'Edit', 'Suspend', 'Delete']);
    expect(await rowButtons(page, 'suspended')).toEqual(['View', 'Edit', 'Reactivate', 'Delete']);
    expect(await rowButtons(page, 'superadmin')).toEqual(['View']);
    await expect(page.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('ADMIN may not touch a SUPERADMIN or an equal, and may not delete an ADMIN', async ({ page }) => {
    await signedIn(page, 'admin', '/admin/users');
    await expect(row(page, 'superadmin')).toBeVisible();
    expect(await rowButtons(page, 'superadmin')).toEqual(['View']);
    expect(await rowButtons(page, 'staffnoweb')).toEqual(['View']);
    expect(await rowButtons(page, 'pastor')).toEqual(['View', 'Edit', 'Suspend', 'Delete']);
    expect(await rowButtons(page, 'member')).toEqual(['View', 'Edit', 'Suspend', 'Delete']);
    await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
  });

  test('PASTOR may only suspend and reactivate members, and cannot add users', async ({ page }) => {
    await signedIn(page, 'pastor', '/admin/users');
    await expect(row(page, 'member')).toBeVisible();
    expect(await rowButtons(page, 'member')).toEqual(['View', 'Edit', 'Suspend']);
    expect(await rowButtons(page, 'suspended')).toEqual(['View', 'Edit', 'Reactivate']);
    expect(await rowButtons(page, 'admin')).toEqual(['View']);
    await expect(page.getByRole('button', { name: 'Add User' })).toBeDisabled();
    await expect(page.getByText('Only administrators can add users')).toBeVisible();
    await row(page, 'member').getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'User Details' });
    await expect(dialog.getByRole('button', { name: 'Suspend User' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Grant Web Access' })).toHaveCount(0);
    await expect(dialog.getByLabel('Change role')).toHaveCount(0);
  });

  test('search, filters and Clear', async ({ page }) => {
    await signedIn(page, 'superadmin', '/admin/users');
    await expect(row(page, 'pastor')).toBeVisible();
    await page.getByLabel('Role').selectOption('PASTOR');
    await expect(row(page, 'pastor')).toBeVisible();
    await expect(row(page, 'admin')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Status').selectOption('suspended');
    await expect(row(page, 'suspended')).toBeVisible();
    await expect(row(page, 'member')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear' }).click();
    await search(page, 'no-such-person-anywhere');
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('row suspend and reactivate, with toasts, disabled buttons and stat cards updated', async ({ page }) => {
    const target = await createUser(page.request);
    await signedIn(page, 'superadmin', '/admin/users');
    await search(page, target.username);
    await expect(row(page, target.username)).toBeVisible();
    const suspendedBefore = Number(await statValue(page, 'Suspended Users').textContent());
    // A double click sends one request.
    let suspendCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith(`/auth/users/${target.id}/suspend_user/`)) suspendCalls += 1;
    });
    // A slow server: while the action runs, every button of that row is off, View included.
    await page.route(`**/auth/users/${target.id}/suspend_user/`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await row(page, target.username)
      .getByRole('button', { name: /^Suspend/ })
      .dblclick();
    await expect(row(page, target.username).getByRole('button', { name: /^View/ })).toBeDisabled();
    await expect(page.getByRole('status').getByText(/has been suspended/)).toBeVisible();
    await expect(row(page, target.username).getByText('Suspended')).toBeVisible();
    await expect(statValue(page, 'Suspended Users')).toHaveText(String(suspendedBefore + 1));
    expect(suspendCalls).toBe(1);
    await row(page, target.username)
      .getByRole('button', { name: /^Reactivate/ })
      .click();
    await expect(row(page, target.username).getByText('Active')).toBeVisible();
    await expect(statValue(page, 'Suspended Users')).toHaveText(String(suspendedBefore));
  });

  test('detail dialog: sections, web access, promote, suspend with a reason; axe passes', async ({ page }) => {
    test.setTimeout(60_000);
    const target = await createUser(page.request);
    await signedIn(page, 'superadmin', '/admin/users');
    await search(page, target.username);
    await row(page, target.username).getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'User Details' });
    for (const heading of ['Basic Information', 'Church Information', 'Activity']) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText('Not provided').first()).toBeVisible();
    await expect(dialog.getByText('Never').first()).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await dialog.getByRole('button', { name: 'Grant Web Access' }).click();
    await expect(dialog.getByRole('button', { name: 'Revoke Web Access' })).toBeVisible();
    await dialog.getByLabel('Change role').selectOption('PASTOR');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').getByText(/is now Pastor/)).toBeVisible();
    await expect(row(page, target.username).getByText('Pastor')).toBeVisible();
    await dialog.getByLabel('Suspension reason (optional)').fill('Asked to pause');
    await dialog.getByRole('button', { name: 'Suspend User' }).click();
    await expect(dialog.getByRole('button', { name: 'Reactivate User' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('add a user (also from ?new=1), edit them, then delete after the confirmation', async ({ page }) => {
    test.setTimeout(90_000); // several round trips on a shared, busy machine
    await signedIn(page, 'superadmin', '/admin/users?new=1');
    const form = page.getByRole('dialog', { name: 'Add User' });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page, 'dialog');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    const tag = Date.now().toString(36);
    await form.getByLabel('Username').fill(`new_${tag}`);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Welcome123!');
    await form.getByLabel('First Name').fill('Abena');
    await form.getByLabel('Last Name').fill('Owusu');
    await form.getByLabel('Email').fill(`new_${tag}@example.org`);
    await form.getByLabel('Role').selectOption('PASTOR');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('status').getByText('Abena Owusu has been added')).toBeVisible();

    await search(page, `new_${tag}`);
    await row(page, `new_${tag}`).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Phone Number').fill('abc');
    await edit.getByLabel('Phone Number').blur();
    await expect(edit.getByText('Please enter a valid phone number')).toBeVisible();
    await edit.getByLabel('Phone Number').fill('+233201112233');
    await edit.getByLabel('Last Name').fill('Owusu-Ansah');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(row(page, `new_${tag}`).getByText('Abena Owusu-Ansah')).toBeVisible();
    await expect(row(page, `new_${tag}`).getByText('+233 20 111 2233')).toBeVisible(); // shown as dialled (issue 28, 2)

    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await row(page, `new_${tag}`)
      .getByRole('button', { name: /^Delete/ })
      .click();
    expect(message).toBe('Are you sure you want to delete this user?');
    await expect(row(page, `new_${tag}`)).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await row(page, `new_${tag}`)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expect(row(page, `new_${tag}`)).toHaveCount(0);
    await page.reload();
    await search(page, `new_${tag}`);
    await expect(page.getByText('No users found')).toBeVisible();
  });
});

test('dark theme: the users screen, its detail dialog and the login page pass axe (contrast in both themes)', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('isDarkMode', 'true'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await signedIn(page, 'superadmin', '/admin/users');
  await expect(row(page, 'member')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoAxeViolations(page);
  await row(page, 'member').getByRole('button', { name: /^View/ }).click();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
  await expectNoAxeViolations(page, 'dialog');
});

// Last in this file, and the specs that run after it do not list users: it adds 10,000 members to the shared
// database. In a real browser, so the fixed row height is checked against real layout (spacers must not drift).
test('a big church: 10,000 members render, scroll to the last one and filter on a keystroke', async ({ page }) => {
  const dir = process.env.E2E_DATA_DIR!;
  const seeded = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'src/server/cli/seed.ts', '--members', '10000'],
    {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: `file:./${dir}/church.db` },
      encoding: 'utf8',
    },
  );
  expect(seeded.status, seeded.stderr).toBe(0);
  await signedIn(page, 'superadmin', '/admin/users');
  const count = page.getByTestId('users-count');
  await expect(count).toHaveText(/^Showing (\d+) of \1 users$/, { timeout: 15_000 });
  const total = Number(/of (\d+)/.exec((await count.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThan(10_000);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table).toHaveAttribute('aria-rowcount', String(total + 1));
  const rows = page.getByTestId('user-row');
  expect(await rows.count()).toBeLessThan(60);
  const heights = await rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getBoundingClientRect().height))]);
  expect(heights).toHaveLength(1);

  // The end of the page is the end of the list: the last member, in its place at the bottom of the table.
  await page.keyboard.press('End');
  await expect(rows.last()).toHaveAttribute('data-username', 'member10000');
  await expect(rows.last()).toHaveAttribute('aria-rowindex', String(total + 1));
  await expect(rows.last()).toBeInViewport();
  const gap = await table.evaluate((t) => {
    const body = t.querySelector('tbody')!.getBoundingClientRect();
    const rowsInDom = t.querySelectorAll('[data-testid="user-row"]');
    return body.bottom - rowsInDom[rowsInDom.length - 1].getBoundingClientRect().bottom;
  });
  expect(Math.abs(gap)).toBeLessThan(1);

  await search(page, 'member1000');
  await expect(count).toHaveText(`Showing 2 of ${total} users`);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.username))).toEqual([
    'member1000',
    'member10000',
  ]);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(count).toHaveText(`Showing ${total} of ${total} users`);
});
