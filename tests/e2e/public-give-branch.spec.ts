// /give with a branch (issue 30), JavaScript off: with the demo's three branches the giver chooses their
// assembly; a gift to an assembly whose branch has a Paystack subaccount code goes to the fake Paystack
// (tests/e2e/paystack-server.ts) with that `subaccount` on the initialize call, which its checkout page shows; a
// gift to the church itself carries none. The code is set through the API and taken off at the end, with the
// gifts. A member signed in to /my finds their account's assembly chosen.
import { expect, test } from '@playwright/test';
import { apiCall, createUser } from './portal-helpers';
import { signInToMy, type Member } from './my-helpers';
import { removeGifts } from './giving-helpers';

test.use({ javaScriptEnabled: false });

test('a gift to an assembly settles to its Paystack subaccount', async ({ page }) => {
  const branches = (await (await apiCall(page.request, 'superadmin', 'GET', '/branches/')).json()) as {
    id: number;
    name: string;
    parentId: number | null;
  }[];
  const kasoa = branches.find((b) => b.name === 'Grace Chapel Kasoa')!;
  const root = branches.find((b) => b.parentId === null)!;
  const setCode = async (code: string | null) =>
    expect(
      (
        await apiCall(page.request, 'superadmin', 'PATCH', `/branches/${kasoa.id}/`, { paystackSubaccount: code })
      ).status(),
    ).toBe(200);
  await setCode('ACCT_kasoae2e');
  try {
    await page.goto('/give');
    const assembly = page.getByLabel(/^Assembly/);
    // Nobody is signed in: the church itself is chosen until the giver picks their assembly.
    await expect(assembly).toHaveValue(String(root.id));
    await assembly.selectOption({ label: 'Grace Chapel Kasoa' });
    await page.getByLabel(/^Fund/).selectOption({ label: 'Offering' });
    await page.getByLabel(/^Amount in cedis/).fill('12');
    await page.getByLabel(/^Name/).fill('Kofi Kasoa');
    await page.getByLabel(/^Email/).fill('kofi.kasoa@example.org');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pay GHS 12.00' })).toBeVisible();
    await expect(page.getByText('Settles to ACCT_kasoae2e')).toBeVisible();

    await page.goto('/give');
    await page.getByLabel(/^Amount in cedis/).fill('13');
    await page.getByLabel(/^Name/).fill('Kofi Root');
    await page.getByLabel(/^Email/).fill('kofi.root@example.org');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pay GHS 13.00' })).toBeVisible();
    await expect(page.getByText('Settles to the main account')).toBeVisible();
  } finally {
    await setCode(null);
    removeGifts('Kofi ');
  }
});

test('a member signed in to /my finds their own assembly chosen', async ({ page }) => {
  const branches = (await (await apiCall(page.request, 'superadmin', 'GET', '/branches/')).json()) as {
    id: number;
    name: string;
  }[];
  const tema = branches.find((b) => b.name === 'Grace Chapel Tema')!;
  const member = (await createUser(page.request, { role: 'MEMBER', branch_id: tema.id })) as unknown as Member;
  await signInToMy(page, member);
  await page.goto('/give');
  await expect(page.getByLabel(/^Assembly/)).toHaveValue(String(tema.id));
});
