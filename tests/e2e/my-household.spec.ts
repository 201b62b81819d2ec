// /my/household: a member adds a child, with and without JavaScript, and then changes the child's details in
// the person's <details> (which opens without a script); a parent keeps a child account's allergies (an account
// under 18 in the household), which the page shows as text.
import { expect, test } from '@playwright/test';
import { MY_DONE } from '../../src/lib/shared/members/api';
import { newMember, SCRIPT_MODES, signInToMy } from './my-helpers';
import { apiCall, createUser } from './portal-helpers';

test.describe.configure({ timeout: 60_000 });

for (const mode of SCRIPT_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test('add a child, then change their details', async ({ page }) => {
      await signInToMy(page, await newMember(page.request));
      await page.goto('/my/household');
      const add = page.getByRole('region', { name: 'Add a person' });
      await add.getByRole('textbox', { name: /^Name/ }).fill('Kofi <b>Junior</b>');
      await add.getByRole('combobox', { name: /^Relationship/ }).fill('Child');
      await add.getByLabel('Date of Birth').fill('2018-05-04');
      await add.getByRole('button', { name: 'Add to my household' }).click();
      await expect(page).toHaveURL(/\/my\/household\?done=person-added$/);
      await expect(page.getByRole('status')).toHaveText(MY_DONE['person-added']);

      // What the member wrote is shown as text.
      const people = page.getByRole('region', { name: 'People' });
      // (The name is also in the hidden labels of its Change and Save controls: the visible paragraph is the one.)
      await expect(people.getByRole('paragraph').getByText('Kofi <b>Junior</b>', { exact: true })).toBeVisible();
      await expect(people.getByText('Child, born May 4, 2018')).toBeVisible();

      await people.getByText('Change Kofi <b>Junior</b>').click();
      await people.getByRole('textbox', { name: /^Name/ }).fill('Kofi Junior');
      await people.getByRole('button', { name: /^Save/ }).click();
      await expect(page).toHaveURL(/\/my\/household\?done=person-saved$/);
      await expect(
        page.getByRole('region', { name: 'People' }).getByRole('paragraph').getByText('Kofi Junior', { exact: true }),
      ).toBeVisible();
    });

    test("keep a child account's allergies", async ({ page }) => {
      const parent = await newMember(page.request);
      const teen = await createUser(page.request, {
        first_name: 'Ama',
        date_of_birth: `${new Date().getUTCFullYear() - 13}-02-01`,
      });
      const made = await apiCall(page.request, 'superadmin', 'POST', '/households/', {
        name: 'Allergy household',
        head_user_id: parent.id,
      });
      expect(made.status()).toBe(201);
      const { id } = await made.json();
      const joined = await apiCall(page.request, 'superadmin', 'POST', `/households/${id}/members/`, {
        user_id: teen.id,
        relationship: 'Child',
      });
      expect(joined.status()).toBe(200);

      await signInToMy(page, parent);
      await page.goto('/my/household');
      const people = page.getByRole('region', { name: 'People' });
      await people.getByText(`Change allergies of Ama ${teen.last_name}`).click();
      await people.getByRole('textbox', { name: /^Allergies/ }).fill('Peanuts <b>and</b> milk');
      await people.getByRole('button', { name: `Save allergies of Ama ${teen.last_name}` }).click();
      await expect(page).toHaveURL(/\/my\/household\?done=person-saved$/);
      await expect(people.getByText('Allergies: Peanuts <b>and</b> milk', { exact: true })).toBeVisible();
    });
  });
}
