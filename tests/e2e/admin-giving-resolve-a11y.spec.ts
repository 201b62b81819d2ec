// The Resolve dialog of a flagged gift (credit or fail it, with an optional note) under axe in both themes. The
// flagged gift is planted for the spec and removed afterwards; nothing is resolved.
import { expect, test } from '@playwright/test';
import { openScreen, scanDialogInBothThemes } from './admin-content-helpers';
import { plantFlaggedGift, removeGifts } from './giving-helpers';

const TAG = `E2E Resolve ${Date.now()}`;
test.afterAll(() => removeGifts(TAG));

test('axe: the Resolve dialog in the light and dark themes', async ({ page }) => {
  const reference = plantFlaggedGift(TAG, `E2E-RESOLVE-${Date.now()}`);
  await openScreen(page, '/admin/giving');
  await page.getByRole('button', { name: 'Show flagged gifts' }).click();
  await page.getByRole('button', { name: `Resolve gift ${reference} from ${TAG}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve flagged gift' });
  await dialog.getByLabel('Note (optional)').fill('Checked with the giver');
  await scanDialogInBothThemes(page);
  // Over the limit, the note says so on its field.
  await dialog.getByLabel('Note (optional)').fill('x'.repeat(501));
  await dialog.getByRole('button', { name: 'Credit gift' }).click();
  await expect(dialog.getByText('Maximum 500 characters allowed')).toBeVisible();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
