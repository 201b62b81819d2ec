// The staff inbox and the settings screen end to end: a message a visitor sends shows in Messages with the
// sidebar's unread count; opening it marks it read and lowers the count; archive and delete (an admin) work;
// a pastor's Delete is off with the reason; what the visitor wrote is text. The notification recipients are set
// on the settings screen. axe on the inbox, its dialog and the settings screen, in both themes.
import { expect, test, type Page } from '@playwright/test';
import { openScreen, scanDialogInBothThemes, scanScreenInBothThemes } from './admin-content-helpers';
import { createUser, signedIn } from './portal-helpers';
import { expectNoAxeViolationsInBothThemes } from './axe';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const stamp = Date.now();
const SUBJECT = `Visiting with my family ${stamp}`;

async function sendMessage(page: Page, name: string, subject = SUBJECT) {
  const res = await page.request.post('/api/v1/contact/', {
    data: {
      name,
      email: 'visitor@example.org',
      preferredContact: 'email',
      subject,
      inquiryType: 'services',
      phone: '+44 7700 900123',
      services: ['youth', 'bible-study'],
      message: 'We are visiting Accra for a month and would love to join you on Sunday.',
    },
  });
  expect(res.status()).toBe(201);
}

const badge = (page: Page) => page.getByRole('navigation').getByRole('link', { name: /Messages/ });
const unreadCount = async (page: Page) => {
  const text = (await badge(page).textContent()) ?? '';
  return Number(/(\d+)\s*unread/.exec(text)?.[1] ?? 0);
};

test('a visitor message reaches the inbox: unread count, read, archive, delete, text only', async ({ page }) => {
  await sendMessage(page, '<script>alert("hi")</script> Ama');
  await openScreen(page, '/admin/messages');
  await expect(badge(page)).toContainText('unread');
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);
  await page.locator('main').getByRole('searchbox').fill(String(stamp));
  const card = page.getByRole('list', { name: 'Messages' }).locator(':scope > li').first();
  await expect(card.getByText('Unread')).toBeVisible();
  await expect(card.getByText('<script>alert("hi")</script> Ama', { exact: false })).toBeVisible();
  await card.getByRole('button', { name: SUBJECT, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: SUBJECT });
  await expect(dialog.getByText('<script>alert("hi")</script> Ama').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Reply by Email' })).toHaveAttribute(
    'href',
    /^mailto:visitor%40example\.org\?subject=Re%3A/,
  );
  await expect.poll(() => unreadCount(page)).toBe(before - 1);
  // The phone whole, as it would be dialled; the interests by the labels the form showed (issue 28, 1 and 15).
  await expect(dialog.getByRole('link', { name: '+44 770 090 0123' })).toHaveAttribute('href', 'tel:+447700900123');
  await expect(dialog.getByText('Youth Ministry, Bible Study')).toBeVisible();

  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(dialog.getByRole('button', { name: 'Move to Inbox' })).toBeVisible();
  await dialog
    .getByRole('button', { name: 'Close' })
    .first()
    .click()
    .catch(() => page.keyboard.press('Escape'));
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Archived' }).click();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(SUBJECT)).toBeVisible();

  await page.getByRole('list', { name: 'Messages' }).getByRole('button', { name: SUBJECT, exact: true }).click();
  page.once('dialog', (confirm) => void confirm.accept());
  await page.getByRole('dialog', { name: SUBJECT }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Message from <script>alert("hi")</script> Ama deleted`)).toBeVisible();
});

test('a pastor reads messages but Delete is off with the reason', async ({ page }) => {
  await sendMessage(page, 'Kwesi Pastor-test');
  const pastor = await createUser(page.request, { role: 'PASTOR', can_access_web: true });
  await signedIn(page, pastor.username, '/admin/messages');
  await page.locator('main').getByRole('searchbox').fill('Kwesi Pastor-test');
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: SUBJECT, exact: true })
    .first()
    .click();
  const del = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription('Only Administrator and above can delete messages.');
});

test('the settings screen sets the recipients, per kind, the follow-up period and the church details', async ({
  page,
}) => {
  await openScreen(page, '/admin/settings');
  const box = page.getByRole('textbox', { name: /^Default list/ });
  const save = page.getByRole('button', { name: 'Save recipients' });
  await box.fill('office@example.org\nnot-an-email');
  await save.click();
  await expect(page.getByRole('alert')).toContainText('not-an-email: Please enter a valid email address');
  await box.fill('office@example.org\npastor@example.org');
  await page.getByRole('textbox', { name: 'Prayer requests' }).fill('prayer-team@example.org');
  await save.click();
  await expect(page.locator('#receiving-default')).toHaveText('Receiving now: office@example.org, pastor@example.org');
  await expect(page.locator('#receiving-prayer')).toHaveText('Receiving now: prayer-team@example.org');
  await expect(page.locator('#receiving-message')).toHaveText('Receiving now: office@example.org, pastor@example.org');

  const days = page.getByRole('spinbutton', { name: /follow-up after/ });
  await days.fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter a whole number of days from 1 to 365')).toBeVisible();
  await days.fill('14');
  await page.getByRole('textbox', { name: 'Church name' }).fill('Grace Chapel Ridge');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Default list/ })).toHaveValue(
    'office@example.org\npastor@example.org',
  );
  await expect(page.getByRole('textbox', { name: 'Prayer requests' })).toHaveValue('prayer-team@example.org');
  await expect(page.getByRole('spinbutton', { name: /follow-up after/ })).toHaveValue('14');
  await expect(page.getByRole('textbox', { name: 'Church name' })).toHaveValue('Grace Chapel Ridge');
  await page.getByRole('textbox', { name: /^Default list/ }).fill('');
  await page.getByRole('textbox', { name: 'Prayer requests' }).fill('');
  await page.getByRole('button', { name: 'Save recipients' }).click();
  await expect(page.locator('#receiving-default')).not.toContainText('office@example.org');
});

test('axe: the inbox, a message and the settings screen in the light and dark themes', async ({ page }) => {
  await sendMessage(page, 'Axe Visitor', `Axe check ${stamp}`);
  await openScreen(page, '/admin/messages');
  await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
  await scanScreenInBothThemes(page);
  await page
    .getByRole('list', { name: 'Messages' })
    .getByRole('button', { name: `Axe check ${stamp}`, exact: true })
    .click();
  // Opening marks it read: its buttons are off until that is done.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Mark Unread' })).toBeEnabled();
  await scanDialogInBothThemes(page);
  await page.keyboard.press('Escape');
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('textbox', { name: /^Default list/ })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'main');
});
