// The top bar's search end to end: type part of a sermon's title, move with the arrow keys, Enter opens the
// sermons screen filtered to it; Escape closes and clears; axe on the open results in both themes.
import { expect, test } from '@playwright/test';
import { openScreen } from './admin-content-helpers';
import { apiCall } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

test('search finds a sermon and opens it on its screen with the keyboard', async ({ page }) => {
  const sermons = await (await apiCall(page.request, 'admin', 'GET', '/sermons/')).json();
  const sermon = sermons[0];
  const word = sermon.title.split(' ').find((w: string) => w.length > 4);
  await openScreen(page, '/admin/dashboard');
  const box = page.getByRole('combobox', { name: /Search people, sermons/ });
  await box.fill(word.toLowerCase());
  const list = page.getByRole('listbox', { name: 'Search results' });
  const option = list.getByRole('option', { name: new RegExp(sermon.title) });
  await expect(option).toBeVisible();
  await expect(list.getByText('Sermons', { exact: true })).toBeVisible();
  // Down to the sermon: past whatever comes before it.
  const options = await list.getByRole('option').allTextContents();
  const at = options.findIndex((text) => text.startsWith(sermon.title));
  for (let i = 0; i <= at; i++) await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/sermons\?q=/);
  await expect(page.getByRole('searchbox', { name: /Search sermons/ })).toHaveValue(sermon.title);
  await expect(
    page
      .getByRole('list', { name: /sermons/i })
      .getByText(sermon.title)
      .first(),
  ).toBeVisible();

  await box.fill('zzzz-nothing-like-this');
  await expect(page.getByText('No results for “zzzz-nothing-like-this”')).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect(list).toBeHidden();
});

test('axe: the open search results in the light and dark themes', async ({ page }) => {
  await openScreen(page, '/admin/dashboard');
  await page.getByRole('combobox', { name: /Search people, sermons/ }).fill('grace');
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'header');
});
