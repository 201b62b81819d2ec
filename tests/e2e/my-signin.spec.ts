// /my sign-in by a one-time code, with and without JavaScript: a page other than the sign-in sends a visitor
// without a session back to /my; the code page's field is the one phones fill from the message; a wrong code says
// so and stays; the right one opens the overview; Sign out ends the session. The pages are private and unindexed.
import { expect, test } from '@playwright/test';
import { MEMBER_TEXT, MY_DONE } from '../../src/lib/shared/members/api';
import { codeSentTo, lastOutboxId, newMember, SCRIPT_MODES, signInToMy } from './my-helpers';

test.describe.configure({ timeout: 60_000 });

test('the pages are private: no-store, noindex, and signed out they send you to /my', async ({ request }) => {
  const signIn = await request.get('/my');
  expect(signIn.status()).toBe(200);
  expect(signIn.headers()['cache-control']).toBe('private, no-store');
  expect(signIn.headers()['cdn-cache-control']).toBeUndefined();
  expect(await signIn.text()).toContain('<meta name="robots" content="noindex">');
  for (const path of ['/my/details', '/my/household', '/my/registrations', '/my/data', '/my/directory']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([302, 303], path).toContain(res.status());
    expect(res.headers().location, path).toBe('/my');
  }
});

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test('a code signs in; a wrong one is refused; Sign out ends the session', async ({ page }) => {
      const member = await newMember(page.request);
      await page.goto('/my/details');
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Member sign-in' })).toBeVisible();

      const before = lastOutboxId();
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await expect(page).toHaveURL(/\/my\/code\?email=/);
      await expect(page.getByRole('status')).toHaveText(MEMBER_TEXT.codeSent);
      const field = page.getByRole('textbox', { name: '6-digit code' });
      await expect(field).toHaveAttribute('inputmode', 'numeric');
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(field).toHaveAttribute('pattern', '[0-9]{6}');
      const code = await codeSentTo(member.email, before);

      // A wrong code: back on the code page with why, the address kept.
      await field.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText(MEMBER_TEXT.codeWrong);
      await expect(page.getByText(member.email)).toBeVisible();

      await page.getByRole('textbox', { name: '6-digit code' }).fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Welcome, ${member.first_name} ${member.last_name}`,
      );
      const sections = page.getByRole('navigation', { name: 'My pages' });
      await sections.getByRole('link', { name: 'My details' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
      await expect(sections.getByRole('link', { name: 'My details' })).toHaveAttribute('aria-current', 'page');

      await sections.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('status')).toHaveText(MY_DONE['signed-out']);
      await page.goto('/my/details');
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Member sign-in' })).toBeVisible();
    });
  });
}

test('the header links the members’ door, and the overview lists every section', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' })).toHaveAttribute(
    'href',
    '/my',
  );
  await signInToMy(page, await newMember(page.request));
  const main = page.getByRole('main');
  for (const name of ['My details', 'My household', 'My ministries', 'My registrations', 'My prayer requests']) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  for (const name of ['My gifts', 'My consent', 'Members’ directory', 'My data']) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
});
