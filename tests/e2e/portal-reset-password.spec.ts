// The page a password-reset email links to. The mailer writes the link to the server log, which a test
// cannot read, so the test puts a known token in the server's database the way the API stores it (a
// SHA-256 of the token) and then follows the link as the person would.
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { apiLogin, createUser, PASSWORD } from './portal-helpers';
import { expectNoAxeViolations } from './axe';

function plantResetToken(userId: number, expiresInMs = 60 * 60 * 1000): string {
  const token = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const db = new DatabaseSync(`${process.env.E2E_DATA_DIR}/church.db`);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const now = Date.now();
    db.prepare(
      'INSERT INTO password_reset_tokens (user_id, token_hash, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, NULL)',
    ).run(
      userId,
      createHash('sha256').update(token).digest('hex'),
      new Date(now).toISOString(),
      new Date(now + expiresInMs).toISOString(),
    );
  } finally {
    db.close();
  }
  return token;
}

test('a reset link sets a new password once; the old password stops working', async ({ page }) => {
  // Web access, so that signing in with the new password can be checked.
  const user = await createUser(page.request, { role: 'PASTOR', can_access_web: true });
  const token = plantResetToken(user.id);
  await page.goto(`/reset-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token leaves the address bar.
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('short');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Minimum 8 characters required')).toBeVisible();

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-pass-2026');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Fresh-pass-2025');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Fresh-pass-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been reset. You can now sign in.')).toBeVisible();

  await apiLogin(page.request, user.username, 'Fresh-pass-2026');
  const old = await page.request.post('/api/v1/auth/login/', {
    data: { username: user.username, password: PASSWORD },
    headers: { 'X-Platform': 'web' },
  });
  expect(old.status()).toBe(401);

  // The same link a second time is refused and offers a new one; the password stays as set.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass-2026');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Another-pass-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  await apiLogin(page.request, user.username, 'Fresh-pass-2026');
});

test('an expired link is refused', async ({ page }) => {
  const user = await createUser(page.request);
  const token = plantResetToken(user.id, -1000);
  await page.goto(`/reset-password?token=${token}`);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-pass-2026');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Fresh-pass-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
});

test('without a token the page says the link is invalid and offers a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('axe: reset-password page', async ({ page }) => {
  await page.goto('/reset-password?token=whatever');
  await expect(page.getByRole('button', { name: 'Set New Password' })).toBeVisible();
  await expectNoAxeViolations(page);
});
