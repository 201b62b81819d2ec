// The public and sign-in forms with JavaScript off (issue 11): real <form method="post"> elements whose native
// constraints block a bad submit, and whose posts come back to the page with its message (CSS :target).
import { expectNoSeriousAxeViolationsInBothThemes } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { CONTACT_SUCCESS } from '../../src/lib/shared/messages/contact-options';

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 60_000 });

// A required field's label ends with an aria-hidden '*'.
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const invalid = (page: Page, label: string) => field(page, label).evaluate((el) => el.matches(':invalid'));

test.describe('contact form', () => {
  test('native validation blocks an empty or malformed submit', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send Message' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).not.toHaveAttribute('novalidate', /.*/);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await invalid(page, 'Name')).toBe(true);
    expect(await invalid(page, 'Message')).toBe(true);
    // The thank-you is there but hidden until the post comes back to #message-sent.
    await expect(page.getByText(CONTACT_SUCCESS)).toBeHidden();

    // The pattern attribute works as Chromium compiles it (the v flag): a bad phone number is refused, a good
    // one passes; the email needs a dot in its domain, as the spec says.
    await field(page, 'Name').fill('A');
    expect(await invalid(page, 'Name')).toBe(true); // minlength 2, as the spec
    await page.getByPlaceholder('24 555 0192').fill('abc');
    expect(await page.getByPlaceholder('24 555 0192').evaluate((el) => el.matches(':invalid'))).toBe(true);
    await page.getByPlaceholder('24 555 0192').fill('(024) 555-0192');
    expect(await page.getByPlaceholder('24 555 0192').evaluate((el) => el.matches(':invalid'))).toBe(false);
    await field(page, 'Email').fill('ama@example');
    expect(await invalid(page, 'Email')).toBe(true);
    await field(page, 'Email').fill('ama@example.com');
    expect(await invalid(page, 'Email')).toBe(false);
  });

  test('the honeypot is out of sight and out of the tab order', async ({ page }) => {
    await page.goto('/contact');
    const bait = page.locator('input[name="website"]');
    await expect(bait).toHaveAttribute('tabindex', '-1');
    await expect(bait).toHaveAttribute('autocomplete', 'off');
    await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
  });

  test('a valid message lands on /contact#message-sent with the thank-you', async ({ page }) => {
    await page.goto('/contact');
    await field(page, 'Name').fill('Ama Owusu');
    await field(page, 'Email').fill('ama@example.com');
    await page.getByPlaceholder('24 555 0192').fill('024 555 0192');
    await field(page, 'Subject').fill('Visiting on Sunday');
    await field(page, 'Inquiry Type').selectOption('services');
    await page.getByLabel('Worship', { exact: true }).check();
    await page.getByLabel('Youth Ministry', { exact: true }).check();
    await field(page, 'Message').fill('We would love to join you for worship this Sunday morning.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#message-sent$/);
    await expect(page.getByRole('status').filter({ hasText: CONTACT_SUCCESS })).toBeVisible();
  });
});

test.describe('contact form phone', () => {
  test('the picked country goes with the number, so the server keeps the country code (issue 28, 1)', async ({
    page,
  }) => {
    await page.goto('/contact');
    await field(page, 'Name').fill('Ama Owusu');
    await field(page, 'Email').fill('ama@example.com');
    await page.getByRole('combobox', { name: 'Country code' }).selectOption('GB');
    await page.getByPlaceholder('24 555 0192').fill('07700 900123');
    await field(page, 'Subject').fill('Visiting from London');
    await field(page, 'Message').fill('We will be in Accra next month and would love to visit.');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/contact/'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const body = new URLSearchParams((await posted).postData() ?? '');
    expect([body.get('phone'), body.get('phoneCountry')]).toEqual(['07700 900123', 'GB']);
    await expect(page).toHaveURL(/\/contact#message-sent$/);
  });
});

test.describe('sign-in forms', () => {
  test('login says the portal needs JavaScript, and its post does not pretend', async ({ page }) => {
    await page.goto('/login');
    // A browser without JavaScript shows <noscript>; Playwright's switch only stops scripts, so read the markup.
    expect(await page.locator('noscript').textContent()).toContain('The staff portal needs JavaScript.');
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(page).toHaveURL(/\/login$/); // required fields block the empty post
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('whatever1');
    await button.click();
    await expect(page).toHaveURL(/\/login\?no-script$/);
    await expect(page.getByRole('alert')).toContainText('The staff portal needs JavaScript.');
    // The password was not put in the address.
    expect(page.url()).not.toContain('whatever1');
  });

  test('forgot password posts to the API and comes back with the neutral answer', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByText('Check your email')).toBeHidden();
    await page.getByLabel('Email').fill('ama@example');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password#reset-requested$/);
    await expect(page.getByRole('status')).toContainText('If an account exists for that email');
  });

  test('reset password says it needs JavaScript', async ({ page }) => {
    await page.goto('/reset-password?token=abc');
    expect(await page.locator('noscript').textContent()).toContain('Choosing a new password needs JavaScript.');
  });
});

// axe runs as a script in the page, so these scans run with JavaScript on, on the pages as the posts leave them.
test.describe('the landing messages', () => {
  test.use({ javaScriptEnabled: true });
  test('pass axe in the light and dark themes', async ({ page }) => {
    for (const [path, text] of [
      ['/contact#message-sent', CONTACT_SUCCESS],
      ['/forgot-password#reset-requested', 'If an account exists for that email'],
      ['/login?no-script', 'The staff portal needs JavaScript.'],
    ]) {
      await page.goto(path);
      await expect(page.getByText(text).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolationsInBothThemes(page, { label: path });
    }
  });
});
