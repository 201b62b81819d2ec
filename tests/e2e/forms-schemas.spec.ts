// Every form's native constraints are its API schema's (issue 29): with JavaScript off, each field of /give,
// /contact, /prayers, /welcome, an event's registration, a ministry's join form, the /my forms (the headcount's too)
// and the /checkin station's forms carries exactly the required, minlength, maxlength, pattern, min and max that
// fieldRules reads from the schema the API checks that post with, and its label's required mark says the same. A
// limit written into a page by hand that differs from the schema fails here.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ZodType } from 'zod';
import { fieldRules, type FieldRules } from '../../src/lib/shared/forms';
import { htmlPattern } from '../../src/islands/ui/native-constraints';
import { contactSchema, prayerRequestSchema, registrationSchema } from '../../src/lib/shared/schemas';
import { giftBodySchema } from '../../src/lib/shared/giving/api';
import { joinFormSchema } from '../../src/lib/shared/ministries/api';
import {
  memberCodeRequestSchema,
  memberEmailChangeSchema,
  memberHouseholdUpdateSchema,
  memberPersonSchema,
  memberRemovalSchema,
  memberUpdateSchema,
} from '../../src/lib/shared/members/api';
import { headcountSchema } from '../../src/lib/shared/attendance/api';
import { firstTimerCardSchema } from '../../src/lib/shared/first-timers/api';
import {
  SECURITY_CODE_LENGTH,
  checkinSchema,
  checkoutSchema,
  lookupSchema,
  pairSchema,
} from '../../src/lib/shared/checkin/api';
import { newMember, signInToMy, type Member } from './my-helpers';
import { createUser } from './portal-helpers';

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 90_000 });

/** What the page's control says: its constraints and whether its label carries the required mark. */
const constraintsOf = (control: Locator) =>
  control.evaluate((el) => {
    const label = (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '';
    const attr = (name: string) => el.getAttribute(name);
    return {
      required: el.hasAttribute('required'),
      marked: label.endsWith('*'),
      minlength: attr('minlength'),
      maxlength: attr('maxlength'),
      pattern: attr('pattern'),
      min: attr('min'),
      max: attr('max'),
    };
  });

/** What the schema says the control must carry (a select takes no lengths; a page's own pattern may stand). */
function expected(rules: FieldRules, kind: 'text' | 'select') {
  const text = (n: number | undefined) => (n === undefined ? null : String(n));
  return {
    required: Boolean(rules.required),
    marked: Boolean(rules.required),
    ...(kind === 'text' && {
      minlength: text(rules.minLength),
      maxlength: text(rules.maxLength),
      pattern: rules.pattern ? (htmlPattern(rules.pattern) ?? null) : null,
      min: text(rules.min),
      max: text(rules.max),
    }),
  };
}

interface Check {
  control: Locator;
  schema: ZodType;
  field: string;
  kind?: 'text' | 'select';
  /** The page writes a pattern of its own where the schema's check is not a regex (the gift's amount). */
  ownPattern?: boolean;
}

async function expectAgree(checks: Check[]) {
  for (const { control, schema, field, kind = 'text', ownPattern } of checks) {
    const found = await constraintsOf(control);
    const want = expected(fieldRules(schema, field), kind);
    const seen = kind === 'select' ? { required: found.required, marked: found.marked } : found;
    if (ownPattern) (want as { pattern?: string | null }).pattern = found.pattern;
    expect(seen, `${field}`).toEqual(want);
  }
}

// Hidden fields count too (a form in a closed <details>); their names then take in the label's aria-hidden mark.
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (name: string) => new RegExp(`^${literally(name)}( \\*)?$`);
const textbox = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('textbox', { name: typeof name === 'string' ? named(name) : name, includeHidden: true });

test('/give: the gift form is giftBodySchema', async ({ page }) => {
  await page.goto('/give');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Continue to payment' }) });
  await expectAgree([
    { control: form.getByRole('combobox', { name: 'Fund' }), schema: giftBodySchema, field: 'fund', kind: 'select' },
    { control: textbox(form, 'Amount in cedis (GH₵)'), schema: giftBodySchema, field: 'amount', ownPattern: true },
    { control: textbox(form, 'Name'), schema: giftBodySchema, field: 'name' },
    { control: textbox(form, 'Email'), schema: giftBodySchema, field: 'email' },
    { control: textbox(form, 'Phone (optional)'), schema: giftBodySchema, field: 'phone' },
    { control: textbox(form, 'Note (optional)'), schema: giftBodySchema, field: 'note' },
  ]);
});

test('/contact and /prayers: the visitors forms are contactSchema and prayerRequestSchema', async ({ page }) => {
  await page.goto('/contact');
  let form = page.getByRole('form', { name: 'Send Message' });
  await expectAgree(
    ['Name', 'Email', 'Subject', 'Message']
      .map((label) => ({ control: textbox(form, label), schema: contactSchema, field: label.toLowerCase() }))
      .concat([{ control: textbox(form, /^Phone Number/), schema: contactSchema, field: 'phone' }]),
  );

  await page.goto('/prayers');
  form = page.getByRole('form', { name: 'Send a Prayer Request' });
  await expectAgree([
    { control: textbox(form, 'Name'), schema: prayerRequestSchema, field: 'name' },
    { control: textbox(form, 'Email'), schema: prayerRequestSchema, field: 'email' },
    { control: textbox(form, 'Phone Number'), schema: prayerRequestSchema, field: 'phone' },
    { control: textbox(form, 'Title'), schema: prayerRequestSchema, field: 'title' },
    { control: textbox(form, 'Prayer Request'), schema: prayerRequestSchema, field: 'description' },
  ]);
});

test("/events and /ministries: a registration and a ministry's join form are their schemas", async ({ page }) => {
  await page.goto('/events');
  let form = page.getByRole('form', { name: /^(Register for|Join the waitlist for) /, includeHidden: true }).first();
  await expectAgree([
    { control: textbox(form, 'Name'), schema: registrationSchema, field: 'name' },
    { control: textbox(form, 'Email'), schema: registrationSchema, field: 'email' },
    { control: textbox(form, 'Phone Number'), schema: registrationSchema, field: 'phone' },
    {
      control: form.getByRole('spinbutton', { name: named('Seats'), includeHidden: true }),
      schema: registrationSchema,
      field: 'seats',
    },
  ]);

  await page.goto('/ministries');
  form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Send my request', includeHidden: true }) })
    .first();
  await expectAgree([
    { control: textbox(form, 'Name'), schema: joinFormSchema, field: 'name' },
    { control: textbox(form, 'Email'), schema: joinFormSchema, field: 'email' },
    { control: textbox(form, 'Phone'), schema: joinFormSchema, field: 'phone' },
    { control: textbox(form, 'Message (optional)'), schema: joinFormSchema, field: 'message' },
  ]);
});

test('/my: the sign-in, details, email, household and removal forms are the members door schemas', async ({
  page,
  request,
}) => {
  await page.goto('/my');
  // The schema takes an email or a phone (one of them, a refine); the email form asks for the email.
  const signIn = fieldRules(memberCodeRequestSchema, 'email');
  expect(await constraintsOf(textbox(page, 'Email'))).toEqual({
    ...expected(signIn, 'text'),
    required: true,
    marked: true,
  });

  await signInToMy(page, await newMember(request));
  await page.goto('/my/details');
  await expectAgree([
    { control: textbox(page, 'First Name'), schema: memberUpdateSchema, field: 'first_name' },
    { control: textbox(page, 'Last Name'), schema: memberUpdateSchema, field: 'last_name' },
    { control: textbox(page, 'Phone Number'), schema: memberUpdateSchema, field: 'phone_number' },
    { control: textbox(page, 'Address'), schema: memberUpdateSchema, field: 'address' },
    { control: textbox(page, 'New email address'), schema: memberEmailChangeSchema, field: 'email' },
  ]);

  await page.goto('/my/household');
  const add = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add to my household' }) });
  await expectAgree([
    { control: textbox(add, 'Name'), schema: memberPersonSchema, field: 'name' },
    {
      control: add.getByRole('combobox', { name: named('Relationship') }),
      schema: memberPersonSchema,
      field: 'relationship',
    },
    { control: textbox(page, 'Household name'), schema: memberHouseholdUpdateSchema, field: 'name' },
    { control: textbox(page, 'Address'), schema: memberHouseholdUpdateSchema, field: 'address' },
  ]);

  await page.goto('/my/data');
  await expectAgree([{ control: textbox(page, 'Why (optional)'), schema: memberRemovalSchema, field: 'reason' }]);
});

test('/my/headcount: the headcount form is headcountSchema', async ({ page, request }) => {
  await signInToMy(page, (await createUser(request, { role: 'PASTOR' })) as unknown as Member);
  await page.goto('/my/headcount');
  const count = (label: string) => page.getByRole('spinbutton', { name: named(label) });
  await expectAgree([
    {
      control: page.getByRole('combobox', { name: named('Service') }),
      schema: headcountSchema,
      field: 'serviceId',
      kind: 'select',
    },
    { control: page.getByLabel(named('Date')), schema: headcountSchema, field: 'date' },
    { control: count('Men'), schema: headcountSchema, field: 'men' },
    { control: count('Women'), schema: headcountSchema, field: 'women' },
    { control: count('Children'), schema: headcountSchema, field: 'children' },
    { control: count('First-timers'), schema: headcountSchema, field: 'firstTimers' },
  ]);
});

test('/welcome: the visitor card is firstTimerCardSchema', async ({ page }) => {
  await page.goto('/welcome');
  const form = page.getByRole('form', { name: 'Visitor card' });
  const choice = (label: string) => form.getByRole('combobox', { name: named(label) });
  await expectAgree([
    { control: textbox(form, 'Name'), schema: firstTimerCardSchema, field: 'name' },
    { control: textbox(form, 'Phone'), schema: firstTimerCardSchema, field: 'phone' },
    { control: textbox(form, 'Email'), schema: firstTimerCardSchema, field: 'email' },
    { control: choice('Service you attended'), schema: firstTimerCardSchema, field: 'serviceId', kind: 'select' },
    { control: choice('How did you hear about us?'), schema: firstTimerCardSchema, field: 'heardFrom', kind: 'select' },
    { control: textbox(form, 'Prayer request (optional)'), schema: firstTimerCardSchema, field: 'prayer' },
  ]);
});

test("/checkin: the station's pairing, lookup, check-in and pickup fields are their schemas", async ({ page }) => {
  // An unpaired station's page: every form is in the HTML (hidden until the script shows pairing or the work).
  await page.goto('/checkin');
  await expectAgree([
    { control: textbox(page, "Parent's phone"), schema: lookupSchema, field: 'phone' },
    {
      control: page.getByRole('combobox', { name: named('Service'), includeHidden: true }),
      schema: checkinSchema,
      field: 'serviceId',
      kind: 'select',
    },
    { control: textbox(page, 'Who brought them (optional)'), schema: checkinSchema, field: 'guardianName' },
  ]);
  // The codes' schemas take '' (the server answers "not valid" or "not found"); the form asks for one first. A
  // pickup code is as long as the codes the server makes; checkoutSchema takes up to 10 characters on purpose.
  expect(await constraintsOf(textbox(page, 'Pairing code'))).toEqual({
    ...expected(fieldRules(pairSchema, 'pairingCode'), 'text'),
    required: true,
    marked: true,
  });
  expect(await constraintsOf(textbox(page, 'Code the parent shows'))).toEqual({
    ...expected(fieldRules(checkoutSchema, 'securityCode'), 'text'),
    required: true,
    marked: true,
    maxlength: String(SECURITY_CODE_LENGTH),
  });
});
