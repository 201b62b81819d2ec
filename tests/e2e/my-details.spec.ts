// /my/details: a member changes their phone number, with and without JavaScript; the page shows the saved value
// and the API's "saved" notice, and a phone the rules refuse is stopped by the browser before it is sent.
import { expect, test } from '@playwright/test';
import { MY_DONE } from '../../src/lib/shared/members/api';
import { newMember, SCRIPT_MODES, signInToMy } from './my-helpers';

test.describe.configure({ timeout: 60_000 });

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test('change a phone number', async ({ page }) => {
      const member = await newMember(page.request);
      await signInToMy(page, member);
      await page.goto('/my/details');
      const phone = page.getByRole('textbox', { name: 'Phone Number' });

      await phone.fill('024 555 abc');
      await page.getByRole('button', { name: 'Save my details' }).click();
      await expect(page).toHaveURL(/\/my\/details$/);
      expect(await phone.evaluate((el) => el.matches(':invalid'))).toBe(true);

      // The way a Ghanaian writes it (issue 28, 2: refused before), kept whole and shown as dialled.
      await phone.fill('024 555 0177');
      await page.getByRole('button', { name: 'Save my details' }).click();
      await expect(page).toHaveURL(/\/my\/details\?done=saved$/);
      await expect(page.getByRole('status')).toHaveText(MY_DONE.saved);
      await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+233 24 555 0177');
      await expect(page.getByRole('textbox', { name: /^First Name/ })).toHaveValue(member.first_name);

      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('+233 24 555 0177');
    });
  });
}
