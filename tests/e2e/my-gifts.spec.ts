// A member's gifts without JavaScript: /my/gifts lists them in a table and links the year's statement, whose table
// (the same GiftsTable) has the reference and the year's total; nobody else's gift shows; both pages with their
// tables filled pass axe in both themes. The gifts are planted in the server's database (the Paystack path is
// public-give's) and removed after; an envelope staff record for the member (POST /giving/gifts/ with user_id)
// shows there too; a member who gave to two assemblies keeps the statement to one.
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { removeGifts } from './giving-helpers';
import { newMember, signInToMy } from './my-helpers';
import { apiCall } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 60_000 });

const TAG = `GiftsTable-${Date.now()}`;

/**
 * A paid cash gift of `pesewas` to the Welfare fund, given by `userId` (null: a gift of someone else), to the branch
 * of that slug (default the church itself).
 */
function plantGift(userId: number | null, reference: string, pesewas: number, branchSlug?: string) {
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const fund = db.prepare("SELECT id FROM funds WHERE name = 'Welfare'").get() as { id: number };
    const branch = (
      branchSlug
        ? db.prepare('SELECT id FROM branches WHERE slug = ?').get(branchSlug)
        : db.prepare('SELECT id FROM branches WHERE parent_id IS NULL').get()
    ) as { id: number };
    const at = new Date().toISOString();
    db.prepare(
      `INSERT INTO gifts (reference, fund_id, amount, currency, status, method, name, user_id, paid_at, created_at, updated_at, branch_id)
       VALUES (?, ?, ?, 'GHS', 'paid', 'cash', ?, ?, ?, ?, ?, ?)`,
    ).run(reference, fund.id, pesewas, `${TAG} giver`, userId, at, at, at, branch.id);
  } finally {
    db.close();
  }
}

test.afterAll(() => removeGifts(TAG));

test('my gifts and the year’s statement show the member’s own gifts and their total', async ({ page }) => {
  const member = await newMember(page.request);
  plantGift(member.id, `${TAG}-A`, 2550);
  plantGift(member.id, `${TAG}-B`, 1000);
  plantGift(null, `${TAG}-OTHER`, 99_900);
  await signInToMy(page, member);

  await page.goto('/my/gifts');
  const mine = page.getByRole('table', { name: 'My gifts, newest first' });
  await expect(mine.getByRole('columnheader')).toHaveText(['Date', 'Fund', 'Amount', 'How', 'Status']);
  await expect(mine.getByRole('row')).toHaveCount(3);
  await expect(mine).toContainText('GH₵ 25.50');
  await expect(mine).not.toContainText('GH₵ 999.00');

  const year = new Date().getUTCFullYear();
  await page.getByRole('link', { name: `Statement ${year}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Giving statement ${year}` })).toBeVisible();
  const statement = page.getByRole('table', { name: `Gifts of ${year}` });
  await expect(statement.getByRole('columnheader')).toHaveText(['Date', 'Fund', 'How', 'Reference', 'Amount']);
  await expect(statement.getByRole('row', { name: `${TAG}-A` })).toContainText('GH₵ 25.50');
  await expect(statement).not.toContainText(`${TAG}-OTHER`);
  await expect(statement.getByRole('row').last()).toHaveText(/^Total\s*GH₵ 35\.50$/);
});

test('a member who gave to two assemblies keeps the statement to one by a plain link', async ({ page }) => {
  const member = await newMember(page.request);
  plantGift(member.id, `${TAG}-ROOT`, 2000);
  plantGift(member.id, `${TAG}-TEMA`, 1500, 'grace-chapel-tema');
  await signInToMy(page, member);
  const year = new Date().getUTCFullYear();
  await page.goto(`/give/statement?year=${year}`);
  const statement = page.getByRole('table', { name: `Gifts of ${year}` });
  await expect(statement.getByRole('row').last()).toHaveText(/^Total\s*GH₵ 35\.00$/);
  const assemblies = page.getByRole('navigation', { name: 'Assemblies' });
  await expect(assemblies.getByRole('link')).toHaveText(['Every assembly', /.+/, 'Grace Chapel Tema']);
  await expect(assemblies.getByRole('link', { name: 'Every assembly' })).toHaveAttribute('aria-current', 'page');

  await assemblies.getByRole('link', { name: 'Grace Chapel Tema' }).click();
  await expect(page.getByText('Gifts to Grace Chapel Tema.')).toBeVisible();
  await expect(statement.getByRole('row', { name: `${TAG}-TEMA` })).toContainText('GH₵ 15.00');
  await expect(statement).not.toContainText(`${TAG}-ROOT`);
  await expect(statement.getByRole('row').last()).toHaveText(/^Total\s*GH₵ 15\.00$/);
  // The year's link keeps the assembly.
  await expect(
    page.getByRole('navigation', { name: 'Years' }).getByRole('link', { name: String(year) }),
  ).toHaveAttribute('href', new RegExp(`year=${year}&branch=\\d+$`));
});

test('an envelope staff recorded and linked to the member shows in My gifts and the statement', async ({ page }) => {
  const member = await newMember(page.request);
  const today = new Date().toISOString().slice(0, 10);
  const recorded = await apiCall(page.request, 'admin', 'POST', '/giving/gifts/', {
    fund: 'Welfare',
    amount: 42,
    method: 'cash',
    date: today,
    name: `${TAG} envelope`,
    user_id: member.id,
  });
  expect(recorded.status()).toBe(201);
  const gift = await recorded.json();
  await signInToMy(page, member);
  await page.goto('/my/gifts');
  await expect(page.getByRole('table', { name: 'My gifts, newest first' })).toContainText('GH₵ 42.00');
  await page.goto('/give/statement');
  await expect(page.getByRole('row', { name: gift.reference })).toContainText('GH₵ 42.00');
});

// axe runs as a script in the page: these scans run with JavaScript on.
test.describe('axe', () => {
  test.use({ javaScriptEnabled: true });
  test('my gifts and the statement, filled, in the light and dark themes', async ({ page }) => {
    const member = await newMember(page.request);
    plantGift(member.id, `${TAG}-axe`, 5000);
    // A second assembly: the statement's assembly links are scanned too.
    plantGift(member.id, `${TAG}-axe-tema`, 700, 'grace-chapel-tema');
    await signInToMy(page, member);
    for (const path of ['/my/gifts', '/give/statement']) {
      await page.goto(path);
      await expect(page.getByRole('table')).toContainText('GH₵ 50.00');
      await expectNoAxeViolationsInBothThemes(page, undefined, path);
    }
  });
});
