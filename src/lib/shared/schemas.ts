// Validation rules of docs/PRODUCT.md (Validation) as zod schemas: the forms and the API routes use these same
// schemas, so a rule and its message are written once. Messages are the spec's texts.
import { z } from 'zod';
import { ROLES } from './permissions';

// Messages and patterns live in the zod-free messages.ts (browser bundles import them without zod).
import { messages, EMAIL_PATTERN, PHONE_PATTERN, ISO_DATE_PATTERN } from './messages';
export { messages, EMAIL_PATTERN, PHONE_PATTERN, ISO_DATE_PATTERN };
import { GHANA_CALLING_CODE, OPTIONAL_PHONE_PATTERN, PHONE_MAX_LENGTH, normalisePhone } from './phone';
import { findCountry } from './countries';
export { loginFieldRules, DEFAULT_SUSPEND_REASON, LIST_SUSPEND_REASON } from './messages';
import {
  BRANCH_UNKNOWN,
  accountFieldRules as account,
  contactFieldRules as contact,
  personFieldRules as person,
  suspendFieldRules,
} from './messages';
import {
  MAX_SEATS,
  PRAYER_CATEGORIES,
  SEATS_MESSAGE,
  prayerFieldRules as prayer,
  registrationFieldRules as registration,
} from './visitors/rules';

/** A required, trimmed text field with the spec's messages. */
export function requiredText(label: string, opts: { min?: number; max?: number } = {}) {
  let schema = z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label));
  if (opts.min) schema = schema.min(opts.min, messages.minLength(opts.min));
  if (opts.max) schema = schema.max(opts.max, messages.maxLength(opts.max));
  return schema;
}

export const emailField = (label = 'Email') => requiredText(label, { max: 254 }).regex(EMAIL_PATTERN, messages.email);

/** An optional text where an empty string means "not set" (stored as null). */
const optionalText = (inner: z.ZodType<string>) =>
  z
    .union([z.literal(''), z.null(), inner])
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * A phone by the one rule (phone.ts), answered as E.164 ("+233245550100"); an empty one is none (null). Not a
 * union with '' as optionalText is: a union would hide the phone's message behind "Invalid input".
 */
export const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, messages.maxLength(PHONE_MAX_LENGTH))
  // The pattern first, as a check forms can read (forms.ts: the HTML pattern); the refine adds what a pattern
  // cannot say (E.164's length once the trunk 0 goes). Either refusal is the one phone message.
  .regex(OPTIONAL_PHONE_PATTERN, { error: messages.phone, abort: true })
  .refine((value) => value === '' || normalisePhone(value) !== null, messages.phone)
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? normalisePhone(value) : null));

/**
 * A real calendar day (no 30 February: Date.parse would roll it over) from 1900 to today. Birth,
 * membership and baptism dates all lie in the past; a day of slack covers time zones ahead of UTC.
 */
export function isPlausiblePastDate(value: string, nowMs = Date.now()): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && date.getTime() <= nowMs + 24 * 60 * 60 * 1000;
}

const isoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'Please enter a valid date')
  .refine((v) => isPlausiblePastDate(v), 'Please enter a valid date');

export const roleSchema = z.enum(ROLES, { error: 'Role must be one of MEMBER, PASTOR, ADMIN, SUPERADMIN' });

// ---- Sign-in and password reset ----

export const loginSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(150),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailField() });
/** A new password (Add User's, the reset page's): at least MIN_INITIAL_PASSWORD_LENGTH characters. */
const newPassword = z
  .string({ error: messages.required('Password') })
  .min(account.password.minLength, messages.minLength(account.password.minLength))
  .max(account.password.maxLength, messages.maxLength(account.password.maxLength));

export const passwordResetConfirmSchema = z.strictObject({
  token: z.string().min(1, messages.required('Token')).max(512),
  password: newPassword,
});

export const refreshSchema = z.strictObject({ refresh: z.string().min(1).max(4096) });
export const logoutSchema = z.strictObject({ refresh_token: z.string().max(4096).optional() });

// ---- Profiles and users ----

export const notificationFlagsSchema = z.strictObject({
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  push_notifications: z.boolean(),
  event_reminders: z.boolean(),
  prayer_request_notifications: z.boolean(),
});

const personFields = {
  first_name: requiredText('First Name', { min: person.first_name.minLength, max: person.first_name.maxLength }),
  last_name: requiredText('Last Name', { min: person.last_name.minLength, max: person.last_name.maxLength }),
  email: emailField(),
  phone_number: optionalPhone,
  address: optionalText(z.string().trim().max(person.address.maxLength, messages.maxLength(person.address.maxLength))),
  date_of_birth: optionalText(isoDate),
};

/** A branch's id in a body: a whole number; whether it names a branch the caller sees is the server's 400. */
export const branchIdField = z
  .number({ error: BRANCH_UNKNOWN })
  .int(BRANCH_UNKNOWN)
  .positive(BRANCH_UNKNOWN)
  .max(2 ** 31 - 1, BRANCH_UNKNOWN);

/** PATCH /auth/profile/: the own-profile fields plus the five notification flags. */
export const profileUpdateSchema = z
  .strictObject({ ...personFields })
  .extend(notificationFlagsSchema.shape)
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The Edit Profile dialog's fields (all shown, first and last name and email required). */
export const profileFormSchema = z.strictObject({
  first_name: personFields.first_name,
  last_name: personFields.last_name,
  email: personFields.email,
  phone_number: personFields.phone_number,
  address: personFields.address,
});

/** PATCH /auth/users/{id}/: fields staff may edit on another account (role and status have their own actions). */
export const userUpdateSchema = z
  .strictObject({
    ...personFields,
    member_since: optionalText(isoDate),
    baptism_date: optionalText(isoDate),
    // Moving the account to another branch of the caller's scope (docs/API.md, Branches).
    branch_id: branchIdField,
  })
  .partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const usernameSchema = requiredText('Username', {
  min: account.username.minLength,
  max: account.username.maxLength,
}).regex(account.username.pattern, 'Letters, digits and @ . + - _ only');

/** POST /auth/users/: a new account with its initial password. */
export const userCreateSchema = z.strictObject({
  username: usernameSchema,
  password: newPassword,
  role: roleSchema,
  ...personFields,
  member_since: optionalText(isoDate),
  baptism_date: optionalText(isoDate),
  can_access_web: z.boolean().optional(),
  /** Default: the creator's branch. */
  branch_id: branchIdField.optional(),
  // The rest of the User entity's settable fields (docs/API.md: creation takes the User fields).
  is_active: z.boolean().optional(),
  is_suspended: z.boolean().optional(),
  suspension_reason: z
    .string()
    .trim()
    .max(suspendFieldRules.reason.maxLength, messages.maxLength(suspendFieldRules.reason.maxLength))
    .nullable()
    .optional(),
  ...notificationFlagsSchema.partial().shape,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const promoteRoleSchema = z.strictObject({ role: roleSchema });
export const suspendSchema = z.strictObject({
  reason: z.string().trim().max(suspendFieldRules.reason.maxLength).optional(),
});
/** The body of calls that take none (grant or revoke web access, reactivate): {} or nothing at all. */
export const emptyBodySchema = z.strictObject({});

// ---- Public contact form ----

export const PREFERRED_CONTACT = ['email', 'phone', 'either'] as const;
export const INQUIRY_TYPES = ['general', 'services', 'prayer', 'support', 'volunteer', 'other'] as const;
export const SERVICE_INTERESTS = ['worship', 'bible-study', 'youth', 'children', 'community', 'music'] as const;

export const contactSchema = z
  .object({
    name: requiredText('Name', { min: contact.name.minLength }),
    email: emailField(),
    phone: optionalText(
      z
        .string()
        .trim()
        .max(PHONE_MAX_LENGTH, messages.maxLength(PHONE_MAX_LENGTH))
        .regex(contact.phone.pattern, messages.phone),
    ),
    // The picker's country (ISO code) as the form posts it without JavaScript; the island sends the whole number.
    phoneCountry: z.string().trim().max(2).optional(),
    preferredContact: z.enum(PREFERRED_CONTACT, { error: messages.required('Preferred Contact Method') }),
    subject: requiredText('Subject', { min: contact.subject.minLength }),
    inquiryType: z.enum(INQUIRY_TYPES, { error: messages.required('Inquiry Type') }),
    message: requiredText('Message', { min: contact.message.minLength, max: contact.message.maxLength }),
    services: z.array(z.enum(SERVICE_INTERESTS)).default([]),
  })
  // The whole number is stored: a national one is read in the picked country (Ghana when none).
  .transform(({ phoneCountry, ...input }, ctx) => {
    if (!input.phone) return input;
    const callingCode = findCountry(phoneCountry)?.dialCode.slice(1) ?? GHANA_CALLING_CODE;
    const phone = normalisePhone(input.phone, callingCode);
    if (phone === null) ctx.addIssue({ code: 'custom', path: ['phone'], message: messages.phone });
    return { ...input, phone: phone ?? input.phone };
  });
export type ContactInput = z.infer<typeof contactSchema>;

// ---- Public prayer request and event registration (visitors/rules.ts) ----

export const prayerRequestSchema = z.object({
  name: requiredText('Name', { min: prayer.name.minLength, max: prayer.name.maxLength }),
  email: optionalText(z.string().trim().max(254).regex(EMAIL_PATTERN, messages.email)),
  phone: optionalPhone,
  title: requiredText('Title', { min: prayer.title.minLength, max: prayer.title.maxLength }),
  description: requiredText('Prayer Request', { min: prayer.description.minLength, max: prayer.description.maxLength }),
  category: z.enum(PRAYER_CATEGORIES, { error: messages.required('Category') }),
  isPublic: z.boolean().default(false),
  urgent: z.boolean().default(false),
});
export type PrayerRequestInput = z.infer<typeof prayerRequestSchema>;

export const registrationSchema = z.object({
  name: requiredText('Name', { min: registration.name.minLength, max: registration.name.maxLength }),
  email: emailField(),
  phone: optionalPhone,
  seats: z.number({ error: SEATS_MESSAGE }).int(SEATS_MESSAGE).min(1, SEATS_MESSAGE).max(MAX_SEATS, SEATS_MESSAGE),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** Field errors as the API answers them: {"field": ["message"]}. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const message = issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    (out[key] ??= []).push(message);
  }
  return out;
}
