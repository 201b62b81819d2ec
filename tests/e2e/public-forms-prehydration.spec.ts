// A visitor on a slow phone types before the form's script arrives (issue 11): the island's chunk is held
// back, the visitor types into a field, tabs on and types more; once the chunk arrives and the island
// hydrates, everything typed is still there, the spec's message shows for the field already left, and the
// focus stays where the visitor is.
import { expect, test, type Page } from '@playwright/test';
import { COUNTRIES } from '../../src/lib/shared/countries';

test.describe.configure({ timeout: 60_000 });

/** Holds the island's own JS chunk (e.g. /_astro/ContactForm.xxxx.js) until the returned release is called. */
async function holdIsland(page: Page, component: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[^/]*\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

// Astro drops the island's ssr attribute once it has hydrated.
const island = (page: Page, component: string) => page.locator(`astro-island[component-url*="/${component}."]`);

async function expectNotHydrated(page: Page, component: string) {
  await expect(island(page, component)).toHaveAttribute('ssr', '');
}
async function expectHydrated(page: Page, component: string) {
  await expect(island(page, component)).not.toHaveAttribute('ssr', '');
}

// A required field's label ends with an aria-hidden '*'.
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

test('/contact: what was typed before hydration stays, and the Name left at "A" is checked', async ({ page }) => {
  const release = await holdIsland(page, 'ContactForm');
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Send Message' });
  await form.scrollIntoViewIfNeeded();
  await field(page, 'Name').click();
  await page.keyboard.type('A');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ama@example.com');
  await field(page, 'Subject').click();
  await page.keyboard.type('Visiting on Sunday');
  await form.getByLabel('Youth Ministry', { exact: true }).check();
  await field(page, 'Message').click();
  await page.keyboard.type('We would love to');
  await expectNotHydrated(page, 'ContactForm');
  // Before the script, the browser's own check already marks the short name.
  expect(await field(page, 'Name').evaluate((el) => el.matches(':user-invalid'))).toBe(true);

  release();
  await expectHydrated(page, 'ContactForm');
  await expect(form.getByText('Minimum 2 characters required')).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('A');
  await expect(field(page, 'Email')).toHaveValue('ama@example.com');
  await expect(field(page, 'Subject')).toHaveValue('Visiting on Sunday');
  await expect(form.getByLabel('Youth Ministry', { exact: true })).toBeChecked();
  await expect(form.getByText('(1/3 selected)')).toBeVisible();
  await expect(field(page, 'Message')).toBeFocused();
  // The visitor goes on typing where they were; nothing typed earlier is lost on the re-render.
  await page.keyboard.type(' worship with you.');
  await expect(field(page, 'Message')).toHaveValue('We would love to worship with you.');
  await expect(field(page, 'Name')).toHaveValue('A');
  // Once hydrated the spec's messages replace the browser's.
  await expect(form).toHaveAttribute('novalidate', '');
});

test('/contact: the phone country picker works before hydration, and the island keeps the choice', async ({ page }) => {
  const release = await holdIsland(page, 'ContactForm');
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Send Message' });
  await form.scrollIntoViewIfNeeded();
  // Until the script runs the picker is the browser's own select: the first tap opens it, a choice sticks.
  const native = form.getByRole('combobox', { name: 'Country code' });
  await expect(native).toHaveValue('GH');
  await expect(native.locator('option')).toHaveCount(COUNTRIES.length);
  await native.selectOption({ label: '🇰🇪 +254 Kenya' });
  await native.focus();
  await expectNotHydrated(page, 'ContactForm');

  release();
  await expectHydrated(page, 'ContactForm');
  const picker = form.getByRole('button', { name: 'Country code: Kenya +254' });
  await expect(picker).toBeVisible();
  await expect(picker).toBeFocused();
  await expect(native).toHaveCount(0);
  await picker.click();
  await expect(page.getByRole('option', { name: /Kenya/ })).toHaveAttribute('aria-selected', 'true');
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });

  test('/contact: a tap on the picker before hydration is not lost: the island opens its search (issue 27, 9)', async ({
    page,
  }) => {
    const release = await holdIsland(page, 'ContactForm');
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Send Message' });
    await form.scrollIntoViewIfNeeded();
    // The tap lands on the browser's own select (its list opens, and would vanish with it on hydration).
    const native = form.getByRole('combobox', { name: 'Country code' });
    await native.tap();
    await expect(native).toBeFocused();
    await expectNotHydrated(page, 'ContactForm');

    release();
    await expectHydrated(page, 'ContactForm');
    await expect(native).toHaveCount(0);
    // The choosing goes on in the island's list, the search focused.
    const search = page.getByRole('combobox', { name: 'Search countries' });
    await expect(search).toBeFocused();
    await page.keyboard.type('togo');
    await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    const picker = form.getByRole('button', { name: 'Country code: Togo +228' });
    await expect(picker).toBeFocused();
    // The choice is kept: the number goes whole in Togo.
    await page.getByPlaceholder('24 555 0192').fill('90 12 34 56');
    await field(page, 'Name').fill('Kossi Mensah');
    await field(page, 'Email').fill('kossi@example.com');
    await field(page, 'Subject').fill('Visiting from Lome');
    await field(page, 'Message').fill('We will be in Accra next month and would love to visit.');
    await page.route('**/api/v1/contact/', (route) => route.fulfill({ status: 201, json: { id: 1, detail: 'ok' } }));
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/contact/'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ phone: '+22890123456' });
    await expect(picker).toBeVisible();
  });
});

test('/login: the username left too short is kept and checked; the password typed is kept', async ({ page }) => {
  const release = await holdIsland(page, 'LoginForm');
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  // Before the script the Sign In button is not a dead end.
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await page.getByLabel('Username').click();
  await page.keyboard.type('A');
  await page.keyboard.press('Tab');
  await page.keyboard.type('secret1');
  await expectNotHydrated(page, 'LoginForm');

  release();
  await expectHydrated(page, 'LoginForm');
  await expect(page.getByText('Minimum 3 characters required')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('A');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toHaveValue('secret1');
  await expect(password).toBeFocused();
  // Both fields hold text, so the hydrated button is enabled (the spec's rule).
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('/forgot-password: an email left incomplete is kept and checked', async ({ page }) => {
  const release = await holdIsland(page, 'ForgotPassword');
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').click();
  await page.keyboard.type('ama@example');
  await page.keyboard.press('Tab');
  await expectNotHydrated(page, 'ForgotPassword');

  release();
  await expectHydrated(page, 'ForgotPassword');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('ama@example');
});

test('/forgot-password: a submit before hydration is checked by the browser, then by the spec', async ({ page }) => {
  const release = await holdIsland(page, 'ForgotPassword');
  await page.goto('/forgot-password', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  // The browser's own check kept the empty form from leaving.
  await expect(page).toHaveURL(/\/forgot-password$/);
  expect(await page.getByLabel('Email').evaluate((el) => el.matches(':user-invalid'))).toBe(true);

  release();
  await expectHydrated(page, 'ForgotPassword');
  await expect(page.getByText('Email is required')).toBeVisible();
});

test('/prayers: the request typed and the choices made before hydration stay; Name left at "A" is checked', async ({
  page,
}) => {
  const release = await holdIsland(page, 'PrayerRequestForm');
  await page.goto('/prayers', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Send a Prayer Request' });
  await form.scrollIntoViewIfNeeded();
  await field(page, 'Name').click();
  await page.keyboard.type('A');
  await page.keyboard.press('Tab');
  await field(page, 'Title').click();
  await page.keyboard.type('Peace at home');
  await form.getByLabel(/Keep private/).check();
  await form.getByLabel(/This is urgent/).check();
  await field(page, 'Prayer Request').click();
  await page.keyboard.type('Please pray for');
  await expectNotHydrated(page, 'PrayerRequestForm');

  release();
  await expectHydrated(page, 'PrayerRequestForm');
  await expect(form.getByText('Minimum 2 characters required')).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('A');
  await expect(field(page, 'Title')).toHaveValue('Peace at home');
  await expect(form.getByLabel(/Keep private/)).toBeChecked();
  await expect(form.getByLabel(/This is urgent/)).toBeChecked();
  await page.keyboard.type(' my family.');
  await expect(field(page, 'Prayer Request')).toHaveValue('Please pray for my family.');
});
