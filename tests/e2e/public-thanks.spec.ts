// The thank-you after a contact message or prayer request, on a phone's 360 x 740 (issue 28, item 5): with and
// without JavaScript it is in the viewport, not under the sticky header, and has the focus, so the visitor does
// not face an emptied form and think nothing was sent.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONTACT_SUCCESS } from '../../src/lib/shared/messages/contact-options';
import { PRAYER_THANKS } from '../../src/lib/shared/prayers/wall';

test.use({ viewport: { width: 360, height: 740 } });

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

async function open(page: Page, path: string, formName: string, hydrated: boolean) {
  await page.goto(path);
  const form = page.getByRole('form', { name: formName });
  await form.scrollIntoViewIfNeeded();
  // client:visible: wait until React has hydrated the form (the submit handler is then attached).
  if (hydrated) await expect(form.locator('xpath=ancestor::astro-island[not(@ssr)]')).toHaveCount(1);
  return form;
}

async function sendContact(page: Page, hydrated: boolean) {
  const form = await open(page, '/contact', 'Send Message', hydrated);
  await field(page, 'Name').fill('Ama Owusu');
  await field(page, 'Email').fill('ama@example.com');
  await field(page, 'Subject').fill('Visiting on Sunday');
  await field(page, 'Message').fill('We would love to join you for worship this Sunday morning.');
  await form.getByRole('button', { name: 'Send Message' }).click();
}

async function sendPrayer(page: Page, hydrated: boolean) {
  const form = await open(page, '/prayers', 'Send a Prayer Request', hydrated);
  await field(page, 'Name').fill('Kojo Antwi');
  await field(page, 'Category').selectOption('guidance');
  await field(page, 'Title').fill(`Safe travels ${Date.now().toString(36)}`);
  await field(page, 'Prayer Request').fill('I travel to Kumasi on Friday for a new job. Please pray.');
  await form.getByRole('button', { name: 'Send Prayer Request' }).click();
}

/** In the viewport, wholly below the sticky header, and focused. */
async function expectInSight(page: Page, thanks: Locator) {
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  // Once any scrolling has settled.
  await expect(async () => {
    const header = (await page.locator('body > header').boundingBox())!;
    const box = (await thanks.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
  }).toPass({ timeout: 3_000 });
}

test.describe('with JavaScript', () => {
  test('the contact thank-you is in sight and focused', async ({ page }) => {
    await sendContact(page, true);
    await expectInSight(page, page.getByRole('status').filter({ hasText: CONTACT_SUCCESS }));
  });

  test('the prayer request thank-you is in sight and focused', async ({ page }) => {
    await sendPrayer(page, true);
    await expectInSight(page, page.getByRole('status').filter({ hasText: PRAYER_THANKS }));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact post lands on its thank-you, in sight and focused', async ({ page }) => {
    await sendContact(page, false);
    await expect(page).toHaveURL(/\/contact#message-sent$/);
    await expectInSight(page, page.locator('#message-sent'));
  });

  test('the prayer post lands on its thank-you, in sight and focused', async ({ page }) => {
    await sendPrayer(page, false);
    await expect(page).toHaveURL(/\/prayers#request-sent$/);
    await expectInSight(page, page.locator('#request-sent'));
  });
});
