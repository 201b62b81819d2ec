// Managing sermons and events on the live API: a pastor publishes and edits a sermon but may not delete it, an
// administrator deletes after confirming; an event is created, duplicated and deleted; the calendar shows an
// event in its month and is walked by keyboard; axe over the new form dialogs in both themes.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { apiCall, signedIn } from './portal-helpers';

const unique = () => Date.now().toString(36);

async function openAs(page: Page, username: string, path: string) {
  await signedIn(page, username, path);
  await page.locator('main h1').waitFor({ timeout: 20_000 });
}

/** A form control by its label, which says " *" after the name of a required field. */
const field = (scope: Locator, name: string) => scope.getByLabel(new RegExp(`^${name}( \\*)?$`));

const sermonCards = (page: Page) => page.getByRole('list', { name: 'Sermons' }).locator(':scope > li');
const eventCards = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li');

test('a pastor publishes a sermon, edits it, and may not delete it; an administrator deletes it', async ({ page }) => {
  const title = `Sunday Word ${unique()}`;
  await openAs(page, 'pastor', '/admin/sermons');
  await page.getByRole('button', { name: 'New Sermon' }).click();
  const form = page.getByRole('dialog', { name: 'New Sermon' });
  // The shared schema speaks before the server is asked.
  await form.getByRole('button', { name: 'Create Sermon' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await field(form, 'Title').fill(title);
  await field(form, 'Speaker').fill('Pastor Kwame Asante');
  await field(form, 'Category').fill('Faith');
  await field(form, 'Duration').fill('40 min');
  await field(form, 'Status').selectOption('published');
  await field(form, 'Tags').fill('faith, hope');
  await form.getByLabel('Notes (Markdown)').fill('# Points\n\n- Trust\n- Obey');
  await form.getByRole('button', { name: 'Create Sermon' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search sermons' }).fill(title);
  await expect(sermonCards(page)).toHaveCount(1);
  await expect(sermonCards(page).first()).toContainText('Published');
  await sermonCards(page)
    .first()
    .getByRole('button', { name: /View details/ })
    .click();
  const details = page.getByRole('dialog', { name: title });
  const del = details.getByRole('button', { name: 'Delete' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription(/Only Administrator and above can delete sermons/);

  await details.getByRole('button', { name: 'Edit Sermon' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Sermon' });
  await expect(edit.getByLabel('Notes (Markdown)')).toHaveValue('# Points\n\n- Trust\n- Obey');
  await field(edit, 'Speaker').fill('Rev. Efua Owusu');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('dialog', { name: title })).toContainText('Rev. Efua Owusu');
  await page.keyboard.press('Escape');
  await expect(sermonCards(page).first()).toContainText('Rev. Efua Owusu');

  // An administrator deletes it, after confirming.
  await openAs(page, 'admin', '/admin/sermons');
  await page.getByRole('searchbox', { name: 'Search sermons' }).fill(title);
  await sermonCards(page)
    .first()
    .getByRole('button', { name: /View details/ })
    .click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No sermons found')).toBeVisible();
  const gone = await apiCall(page.request, 'admin', 'GET', '/sermons/');
  expect(((await gone.json()) as { title: string }[]).some((s) => s.title === title)).toBe(false);
});

test('a link the shared schema refuses is marked on its field and nothing is sent', async ({ page }) => {
  // A thumbnail that is neither http(s) nor site-relative: the server's own schema, run in the browser, says no.
  await openAs(page, 'pastor', '/admin/sermons');
  await page.getByRole('button', { name: 'New Sermon' }).click();
  const form = page.getByRole('dialog', { name: 'New Sermon' });
  await field(form, 'Title').fill(`Bad Link ${unique()}`);
  await field(form, 'Speaker').fill('Elder Mensah');
  await field(form, 'Category').fill('Faith');
  await field(form, 'Thumbnail').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Create Sermon' }).click();
  await expect(field(form, 'Thumbnail')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toBeVisible();
});

test('an event is created, duplicated and deleted', async ({ page }) => {
  const title = `Prayer Walk ${unique()}`;
  await openAs(page, 'admin', '/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const form = page.getByRole('dialog', { name: 'Create Event' });
  await field(form, 'Title').fill(title);
  await field(form, 'Category').selectOption('prayer');
  await field(form, 'Start Date').fill('2027-03-06');
  await field(form, 'Start Time').fill('07:30');
  await field(form, 'Location').fill('Church Grounds');
  await field(form, 'Capacity').fill('40');
  await form.getByLabel('Requires registration').check();
  await form.getByRole('button', { name: 'Create Event' }).click();
  await expect(form).toBeHidden();

  const search = page.getByRole('searchbox', { name: 'Search events' });
  await search.fill(title);
  await expect(eventCards(page)).toHaveCount(1);
  await expect(eventCards(page).first()).toContainText('0/40');
  await expect(eventCards(page).first()).toContainText('Required');

  await eventCards(page)
    .first()
    .getByRole('button', { name: /View details/ })
    .click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Duplicate Event' }).click();
  await expect(eventCards(page)).toHaveCount(2);
  await expect(eventCards(page).filter({ hasText: `${title} (copy)` })).toHaveCount(1);

  for (const name of [`${title} (copy)`, title]) {
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Delete ${name}`, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText('No events found')).toBeVisible();
});

test('the calendar shows an event in its month and moves between months by keyboard', async ({ page }) => {
  const title = `Harvest Thanksgiving ${unique()}`;
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 14));
  const date = target.toISOString().slice(0, 10);
  const monthName = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const created = await apiCall(page.request, 'admin', 'POST', '/events/', {
    title,
    category: 'special',
    type: 'one-time',
    startDate: date,
    startTime: '10:00',
    location: 'Main Sanctuary',
  });
  expect(created.status()).toBe(201);

  await openAs(page, 'admin', '/admin/events');
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: monthName(now) })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);

  const next = page.getByRole('button', { name: 'Next month' });
  await next.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: monthName(target) })).toBeVisible();
  const cell = page.getByRole('cell').filter({ hasText: date });
  await expect(cell.getByRole('button', { name: new RegExp(title) })).toBeVisible();

  await page.getByRole('button', { name: 'Previous month' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Enter');

  // Tab reaches the event's button; Enter opens its details.
  const eventButton = page.getByRole('button', { name: new RegExp(title) });
  await eventButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();

  await apiCall(page.request, 'admin', 'DELETE', `/events/${((await created.json()) as { id: string }).id}/`);
});

test('axe: the sermon and event forms and the calendar in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/sermons');
  await page.getByRole('button', { name: 'New Sermon' }).click();
  const sermonForm = page.getByRole('dialog', { name: 'New Sermon' });
  await sermonForm.getByRole('button', { name: 'Create Sermon' }).click(); // with its error messages showing
  await expect(sermonForm.getByText('Title is required')).toBeVisible();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');

  await openScreen(page, '/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await scanScreenInBothThemes(page); // the calendar
});
