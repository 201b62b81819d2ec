// /my/data: a member downloads everything kept about them as JSON, with and without JavaScript (a plain link
// the API answers with an attachment), and asks to be removed.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { MY_DONE } from '../../src/lib/shared/members/api';
import { newMember, SCRIPT_MODES, signInToMy } from './my-helpers';

test.describe.configure({ timeout: 60_000 });

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test('download my data, then ask to be removed', async ({ page }) => {
      const member = await newMember(page.request);
      await signInToMy(page, member);
      await page.goto('/my/data');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download my data (JSON)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(data.profile.email).toBe(member.email);
      expect(data.profile.id).toBe(member.id);
      expect(Array.isArray(data.registrations)).toBe(true);

      await page.getByRole('textbox', { name: 'Why (optional)' }).fill('Moving abroad');
      await page.getByRole('button', { name: 'Ask to be removed' }).click();
      await expect(page).toHaveURL(/\/my\/data\?done=removal-requested$/);
      await expect(page.getByRole('status')).toHaveText(MY_DONE['removal-requested']);
    });
  });
}
