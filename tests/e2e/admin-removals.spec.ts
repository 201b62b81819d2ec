// Removal requests end to end: a member asks to be removed on /my/data, an admin finds the request (the reason as
// text) on /admin/removals and marks it done, and Recent Activity shows both; axe on the screen in both themes; a
// pastor has no sidebar entry and is told why at /admin/removals. Every request this file makes is handled
// before it ends, so the list's open requests stay as they were.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanScreenInBothThemes } from './admin-content-helpers';
import { newMember, signInToMy, type Member } from './my-helpers';
import { apiCall, signedIn } from './portal-helpers';

test.describe.configure({ timeout: 60_000 });

/** The member signs in on /my and asks through the /my/data form; the page then forgets the member's cookie. */
async function memberAsks(page: Page, reason: string): Promise<Member & { name: string }> {
  const member = await newMember(page.request);
  await signInToMy(page, member);
  await page.goto('/my/data');
  await page.getByRole('textbox', { name: 'Why (optional)' }).fill(reason);
  await page.getByRole('button', { name: 'Ask to be removed' }).click();
  await expect(page).toHaveURL(/\/my\/data\?done=removal-requested$/);
  await page.context().clearCookies();
  return { ...member, name: `${member.first_name} ${member.last_name}` };
}

/** Declines the open requests of `email` through the API, so no spec leaves one open. */
async function declineOpen(page: Page, email: string) {
  const requests = await (await apiCall(page.request, 'admin', 'GET', '/members/removal-requests/')).json();
  for (const r of requests as { id: number; status: string; user: { email: string } | null }[])
    if (r.status === 'open' && r.user?.email === email)
      expect(
        (await apiCall(page.request, 'admin', 'POST', `/members/removal-requests/${r.id}/decline/`)).status(),
      ).toBe(200);
}

test('a member asks to be removed; an admin marks the request done; Recent Activity shows both', async ({ page }) => {
  const reason = 'Moving abroad <for good>';
  const member = await memberAsks(page, reason);

  await openScreen(page, '/admin/removals');
  await expect(page.getByRole('heading', { level: 1, name: 'Removal requests' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Removal requests' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Removal requests' });
  const row = table.getByTestId('removal-row').filter({ hasText: member.email });
  await expect(row).toContainText(member.name);
  await expect(row.getByRole('cell').nth(1)).toHaveText(reason);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Open');
  // Open ones first: no handled request above this one.
  const statuses = await table.getByTestId('removal-row').locator('td:nth-child(4)').allTextContents();
  expect(statuses.slice(0, statuses.indexOf('Open') + 1).every((s) => s === 'Open')).toBe(true);

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(
      `Mark the removal request of ${member.name} done? Do this once the account was removed or anonymised in Users.`,
    );
    void dialog.accept();
  });
  await row.getByRole('button', { name: `Mark done: the request of ${member.name}` }).click();
  await expect(page.getByText(`Marked the removal request of ${member.name} done`)).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Done');
  await expect(row.getByRole('cell').nth(4)).toContainText('by ');
  await expect(row.getByRole('button')).toHaveCount(0);

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.getByText(`completed the removal request of ${member.name}`)).toBeVisible();
  await expect(
    activity.getByRole('listitem').filter({ hasText: member.name }).filter({ hasText: 'asked to be removed' }),
  ).toHaveCount(1);
});

test('axe: removal requests in the light and dark themes', async ({ page }) => {
  const member = await memberAsks(page, 'Axe check, both themes');
  try {
    await openScreen(page, '/admin/removals');
    await expect(page.getByRole('button', { name: `Mark done: the request of ${member.name}` })).toBeVisible();
    await scanScreenInBothThemes(page);
  } finally {
    await declineOpen(page, member.email);
  }
});

test('a pastor has no Removal requests in the sidebar and is told why at /admin/removals', async ({ page }) => {
  await signedIn(page, 'pastor', '/admin/removals');
  await expect(page.getByText('You need Administrator role to access this page.')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Removal requests' })).toHaveCount(0);
});
