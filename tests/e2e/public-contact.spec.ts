// The contact form: the spec's validation messages (first failing message per field), the phone
// country picker, the interests counter, the POST /contact/ call with the thank-you then a cleared form, the
// API's field messages and its 429 on the fields and banner, and huge pastes.
import { expect, test, type Page } from '@playwright/test';

async function openForm(page: Page, query = '') {
  await page.goto(`/contact${query}`);
  const form = page.getByRole('form', { name: 'Send Message' });
  await form.scrollIntoViewIfNeeded();
  // client:visible: wait until React has hydrated the form (the submit handler is then attached).
  await expect(form.locator('xpath=ancestor::astro-island[not(@ssr)]')).toHaveCount(1);
  return form;
}

// A required field's label ends with an aria-hidden '*'.
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

test('shows the spec messages as the visitor types, first failing message only', async ({ page }) => {
  const form = await openForm(page);
  const name = field(page, 'Name');
  await name.fill('A');
  await name.blur();
  await expect(form.getByText('Minimum 2 characters required')).toBeVisible();
  await name.fill('   ');
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Minimum 2 characters required')).toHaveCount(0);
  await name.fill('Ama Owusu');
  await expect(form.getByText('Name is required')).toHaveCount(0);

  const email = field(page, 'Email');
  await email.fill('ama@');
  await email.blur();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  const phone = page.getByPlaceholder('24 555 0192');
  await phone.fill('abc');
  await phone.blur();
  await expect(form.getByText('Please enter a valid phone number')).toBeVisible();
  await phone.fill('24 555 0192');
  await expect(form.getByText('Please enter a valid phone number')).toHaveCount(0);

  const subject = field(page, 'Subject');
  await subject.fill('Hi');
  await subject.blur();
  await expect(form.getByText('Minimum 5 characters required')).toBeVisible();

  const message = field(page, 'Message');
  await message.fill('Too short');
  await message.blur();
  await expect(form.getByText('Minimum 20 characters required')).toBeVisible();
});

test('submitting an empty form shows each required message and sends nothing', async ({ page }) => {
  const form = await openForm(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v1/contact/')) posts.push(request.url());
  });
  await form.getByRole('button', { name: 'Send Message' }).click();
  for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(field(page, 'Name')).toBeFocused();
  await expect(form.getByText("Thank you for your message! We'll get back to you soon.")).toHaveCount(0);
  expect(posts).toEqual([]);
});

async function fillValid(page: Page) {
  await field(page, 'Name').fill('Ama Owusu');
  await field(page, 'Email').fill('ama@example.com');
  await field(page, 'Subject').fill('Visiting on Sunday');
  await field(page, 'Message').fill('We would love to join you for worship this Sunday morning.');
}

test('a valid message is posted as JSON to POST /contact/, then the thank-you shows and the form clears', async ({
  page,
}) => {
  const form = await openForm(page);
  await field(page, 'Name').fill('Ama Owusu');
  await field(page, 'Email').fill('ama@example.com');
  await page.getByPlaceholder('24 555 0192').fill('024 555 0192');
  await field(page, 'Subject').fill('Visiting on Sunday');
  await field(page, 'Inquiry Type').selectOption('services');
  await form.getByLabel('Worship', { exact: true }).check();
  await field(page, 'Message').fill('We would love to join you for worship this Sunday morning.');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/contact/'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  const body = (await posted).postDataJSON();
  expect(body).toMatchObject({
    name: 'Ama Owusu',
    email: 'ama@example.com',
    subject: 'Visiting on Sunday',
    inquiryType: 'services',
    services: ['worship'],
    website: '',
  });
  await expect(form.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Email')).toHaveValue('');
  await expect(field(page, 'Message')).toHaveValue('');
  await expect(field(page, 'Inquiry Type')).toHaveValue('general');
  await expect(form.getByLabel('Worship', { exact: true })).not.toBeChecked();
  // The cleared form does not greet the visitor with "is required" messages.
  await expect(form.getByText('Name is required')).toHaveCount(0);
});

test("the API's field messages show on their fields; its 429 says how long to wait", async ({ page }) => {
  const form = await openForm(page);
  let answer = {
    status: 400,
    headers: {} as Record<string, string>,
    body: { detail: 'Invalid input.', errors: { email: ['Please enter a valid email address'] } } as object,
  };
  await page.route('**/api/v1/contact/', (route) =>
    route.fulfill({ status: answer.status, headers: answer.headers, json: answer.body }),
  );
  await fillValid(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(field(page, 'Email')).toBeFocused();
  await expect(field(page, 'Name')).toHaveValue('Ama Owusu'); // nothing cleared on a refusal

  answer = {
    status: 429,
    headers: { 'Retry-After': '300' },
    body: { detail: 'Too many submissions from your connection. Please try again later.' },
  };
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please try again in 5 minutes.' })).toBeVisible();
  await expect(form.getByText("Thank you for your message! We'll get back to you soon.")).toHaveCount(0);
});

test('pasting 100,000 characters into Message stays responsive and shows the maximum', async ({ page }) => {
  const form = await openForm(page);
  const message = field(page, 'Message');
  await message.focus();
  const started = Date.now();
  await message.fill('x'.repeat(100_000));
  await expect(form.getByText('Maximum 1000 characters allowed')).toBeVisible();
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(form.getByText('100000/1000 characters')).toBeVisible();
  // Still refused on submit.
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText("Thank you for your message! We'll get back to you soon.")).toHaveCount(0);
});

test('the phone country picker searches by name, dial code and code', async ({ page }) => {
  const form = await openForm(page);
  const picker = form.getByRole('button', { name: /Country code: Ghana \+233/ });
  await expect(picker).toBeVisible();
  await picker.click();
  const search = page.getByRole('combobox', { name: 'Search countries' });
  await search.fill('zzz');
  await expect(page.getByText('No countries found')).toBeVisible();
  await search.fill('+49');
  await expect(page.getByRole('listbox', { name: 'Countries' }).getByRole('option')).toHaveText([/Germany/]);
  await search.fill('ke');
  await page.getByRole('option', { name: /Kenya/ }).click();
  await expect(form.getByRole('button', { name: /Country code: Kenya \+254/ })).toBeVisible();
});

test('interests show the (n/max selected) counter and stop at the maximum', async ({ page }) => {
  const form = await openForm(page);
  await expect(form.getByText('(0/3 selected)')).toBeVisible();
  for (const label of ['Worship', 'Bible Study', 'Youth Ministry'])
    await form.getByLabel(label, { exact: true }).check();
  await expect(form.getByText('(3/3 selected)')).toBeVisible();
  await expect(form.getByLabel('Music Ministry', { exact: true })).toBeDisabled();
  await form.getByLabel('Worship', { exact: true }).uncheck();
  await expect(form.getByText('(2/3 selected)')).toBeVisible();
  await expect(form.getByLabel('Music Ministry', { exact: true })).toBeEnabled();
});

test('/contact?inquiry=prayer preselects the Prayer Request inquiry type', async ({ page }) => {
  await openForm(page, '?inquiry=prayer');
  await expect(field(page, 'Inquiry Type')).toHaveValue('prayer');
});
