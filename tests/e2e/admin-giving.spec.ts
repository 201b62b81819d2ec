// The Giving screen end to end as the demo admin: a Sunday's envelopes recorded as one batch whose rows must add
// up to the counted total; the totals per fund move by what was recorded; the gifts found by search and the
// method filter; the CSV export of the filtered gifts downloaded with those gifts; a flagged gift resolved. Every
// gift it makes goes again afterwards.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { formatCedis } from '../../src/lib/shared/giving/money';
import { openScreen } from './admin-content-helpers';
import { plantFlaggedGift, removeGifts } from './giving-helpers';
import { apiCall } from './portal-helpers';

const TAG = `E2E Giver ${Date.now()}`;
test.afterAll(() => removeGifts(TAG));

/** The Tithe fund's total this period (pesewas) as the API counts it. */
async function titheNow(request: Parameters<typeof apiCall>[0]): Promise<number> {
  const summary = await (await apiCall(request, 'admin', 'GET', '/giving/summary/?range=30d')).json();
  const tithe = summary.funds.find((f: { fund: string }) => f.fund === 'Tithe');
  return Math.round(tithe.current.total * 100);
}

test('an admin records envelopes that add up, sees the totals move, filters and exports them', async ({ page }) => {
  const before = await titheNow(page.request);
  await openScreen(page, '/admin/giving');
  await expect(page.getByRole('heading', { level: 1, name: 'Giving' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Giving' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Record gifts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record gifts' });
  await dialog.getByLabel('Counted total (GH₵)').fill('75.50');
  await dialog.getByLabel('Fund').selectOption({ label: 'Tithe' });
  await dialog.getByLabel('Amount (GH₵)').fill('50');
  await dialog.getByLabel('Name (optional)').fill(`${TAG} Ama`);
  await dialog.getByRole('button', { name: 'Add a gift' }).click();
  const second = dialog.getByRole('group', { name: 'Gift 2' });
  await second.getByLabel('Fund').selectOption({ label: 'Offering' });
  await second.getByLabel('Amount (GH₵)').fill('20');
  await second.getByLabel('Name (optional)').fill(`${TAG} Kofi`);
  const tally = dialog.getByTestId('batch-tally');
  await expect(tally).toHaveText('2 gifts add up to GH₵ 70.00: GH₵ 5.50 short of the counted total of GH₵ 75.50.');
  // Not saved while the rows and the count disagree.
  await dialog.getByRole('button', { name: 'Save 2 gifts' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'GH₵ 5.50 short of the counted total' })).toBeVisible();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The total must equal the sum of the gifts.' }),
  ).toBeVisible();
  await second.getByLabel('Amount (GH₵)').fill('25.50');
  await expect(tally).toHaveText('2 gifts add up to GH₵ 75.50, the counted total.');
  await dialog.getByRole('button', { name: 'Save 2 gifts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Recorded 2 gifts: GH₵ 75.50')).toBeVisible();

  const totals = page.getByRole('table', { name: 'Totals per fund' });
  await expect(totals.getByRole('row', { name: /^Tithe/ })).toContainText(formatCedis(before + 5000));

  const gifts = page.getByRole('table', { name: 'Gifts' });
  await page.getByRole('searchbox', { name: 'Search the gifts' }).fill(TAG);
  await expect(gifts.getByTestId('gift-row')).toHaveCount(2);
  await expect(gifts.getByTestId('gift-row').filter({ hasText: `${TAG} Kofi` })).toContainText('GH₵ 25.50');
  await page.getByLabel('Method').selectOption('cheque');
  await expect(page.getByText('No gifts found')).toBeVisible();
  await page.getByLabel('Method').selectOption('cash');
  await expect(gifts.getByTestId('gift-row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gifts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3); // the header and the two gifts the filters hold
  expect(csv).toContain(`${TAG} Ama`);
  expect(csv).toContain(`${TAG} Kofi`);
});

test('an admin resolves a flagged gift by crediting what arrived', async ({ page }) => {
  const reference = plantFlaggedGift(`${TAG} Flagged`, `E2E-FLAG-${Date.now()}`);
  await openScreen(page, '/admin/giving');
  await page.getByRole('button', { name: 'Show flagged gifts' }).click();
  const row = page.getByRole('table', { name: 'Gifts' }).getByTestId('gift-row').filter({ hasText: reference });
  await expect(row).toContainText('Paystack reported GH₵ 5.00, not GH₵ 50.00');
  await row.getByRole('button', { name: `Resolve gift ${reference} from ${TAG} Flagged` }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve flagged gift' });
  await dialog.getByLabel('Amount that arrived (GH₵)').fill('5');
  await dialog.getByLabel('Note (optional)').fill('Paystack shows GH₵ 5.00: the giver <b>confirmed</b> it');
  await dialog.getByRole('button', { name: 'Credit gift' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Credited gift ${reference} from ${TAG} Flagged`)).toBeVisible();
  // Off the flagged list; paid in the whole list.
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption('paid');
  await page.getByRole('searchbox', { name: 'Search the gifts' }).fill(reference);
  await expect(page.getByRole('table', { name: 'Gifts' }).getByTestId('gift-row')).toHaveCount(1);
  await expect(row).toContainText('Paid');
  // The note as typed, as text.
  await expect(row).toContainText('Resolved: Paystack shows GH₵ 5.00: the giver <b>confirmed</b> it');
});
