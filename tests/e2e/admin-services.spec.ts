// The Services screen (issue 31): the demo's services with their day, time, language and branch; an admin adds a
// service to Tema, edits it (a name written as text, another day and time), and retires it, which takes it off
// the list and out of the public list while its counts stay. A pastor sees the list and no buttons. axe on the
// screen and its dialog in both themes.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { signedIn } from './portal-helpers';

test.describe.configure({ timeout: 60_000 });

const row = (page: Page, name: string) => page.getByTestId('service-row').filter({ hasText: name });
const publicNames = async (page: Page) =>
  ((await (await page.request.get('/api/v1/services/')).json()) as { name: string }[]).map((s) => s.name);

test('add a service to a branch, edit it, retire it', async ({ page }) => {
  const name = `Evening <Service> ${Date.now().toString(36)}`;
  await openScreen(page, '/admin/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Services' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(row(page, 'Twi Service')).toContainText('Sunday 11:30 AM');

  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Service' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Day/).selectOption({ label: 'Wednesday' });
  await dialog.getByLabel(/^Start time/).fill('18:30');
  await dialog.getByLabel(/^Language/).fill('Ga');
  await dialog.getByLabel(/^Branch/).selectOption({ label: 'Grace Chapel Tema' });
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} added`)).toBeVisible();
  await expect(row(page, name)).toContainText('Wednesday 6:30 PM');
  await expect(row(page, name)).toContainText('Ga');
  await expect(row(page, name)).toContainText('Grace Chapel Tema');
  expect(await publicNames(page)).toContain(name);

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel(/^Start time/)).toHaveValue('18:30');
  await edit.getByLabel(/^Day/).selectOption({ label: 'Friday' });
  await edit.getByLabel(/^Start time/).fill('19:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, name)).toContainText('Friday 7:00 PM');

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: `Retire ${name}` }).click();
  await expect(page.getByText(`${name} retired`)).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  expect(await publicNames(page)).not.toContain(name);
});

test('a pastor sees the services and no buttons to change them', async ({ page }) => {
  await signedIn(page, 'pastor', '/admin/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible({ timeout: 20_000 });
  await expect(row(page, 'First Service')).toContainText('Sunday 7:00 AM');
  await expect(page.getByRole('button', { name: 'Add Service' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Retire / })).toHaveCount(0);
});

test('the Services screen and its dialog are axe clean (light and dark)', async ({ page }) => {
  await openScreen(page, '/admin/services');
  await expect(row(page, 'Second Service')).toBeVisible();
  await scanScreenInBothThemes(page);
  await page.getByRole('button', { name: 'Edit Second Service' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Second Service' })).toBeVisible();
  await scanDialogInBothThemes(page);
});
