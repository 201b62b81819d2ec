// The takeover path the outside review found, closed (docs/API.md, Accounts and sessions): whoever gets a code for a
// staff account signs in to /my, but My details offers no email or phone change there and the API refuses one sent
// anyway, so no password reset can follow to the attacker's inbox. And /my lists where the account is signed in,
// with "Sign out everywhere else" (a plain form: no JavaScript needed), which ends the other browser's session.
// (axe checks /my/details with its sessions in both themes in my-a11y.spec.ts.)
import { expect, test } from '@playwright/test';
import { MEMBER_FORMS, MEMBER_TEXT, MY_DONE } from '../../src/lib/shared/members/api';
import { createUser } from './portal-helpers';
import { type Member, SCRIPT_MODES, signInToMy } from './my-helpers';

test.describe.configure({ timeout: 60_000 });

test('an ADMIN signed in to /my by a code cannot move the account’s email or phone', async ({ page, baseURL }) => {
  const staff = (await createUser(page.request, { role: 'ADMIN', phone_number: '+233244123456' })) as unknown as Member;
  await signInToMy(page, staff);
  await page.goto('/my/details');
  await expect(page.getByText(MEMBER_TEXT.staffContact)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /New email address/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveCount(0);
  // A post made by hand, as an attacker would, from the site's own origin and with the session's cookie.
  const refused = await page.request.post(MEMBER_FORMS.email, {
    headers: { Origin: new URL(baseURL!).origin },
    data: { email: 'thief@example.net' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe(MEMBER_TEXT.staffContact);
  await page.reload();
  await expect(page.getByText(staff.email)).toBeVisible();
});

for (const mode of SCRIPT_MODES) {
  test(`signs out everywhere else (${mode.name})`, async ({ browser }) => {
    const phone = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
    const laptop = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
    try {
      const phonePage = await phone.newPage();
      const laptopPage = await laptop.newPage();
      const member = (await createUser(phonePage.request, { role: 'MEMBER' })) as unknown as Member;
      await signInToMy(phonePage, member);
      await signInToMy(laptopPage, member);
      await laptopPage.goto('/my/details');
      const sessions = laptopPage.getByRole('region', { name: 'Where you are signed in' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByText('(this device)')).toHaveCount(1);
      await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(laptopPage).toHaveURL(/\/my\/details\?done=sessions-ended$/);
      await expect(laptopPage.getByRole('status')).toHaveText(MY_DONE['sessions-ended']);
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      // The phone's session is gone: /my asks it to sign in again.
      await phonePage.goto('/my/details');
      await expect(phonePage).toHaveURL(/\/my$/);
      await expect(phonePage.getByRole('textbox', { name: 'Email' })).toBeVisible();
    } finally {
      await phone.close();
      await laptop.close();
    }
  });
}
