// The spec's validation messages, patterns and field limits (docs/PRODUCT.md (Validation)) without zod: the kit's Field and the
// public contact form import these from here, so a browser bundle does not pay ~100 KB for the zod
// runtime just to read a few strings. schemas.ts re-exports them, so every text is still written once.

import { MIN_INITIAL_PASSWORD_LENGTH } from './constants';
import { MESSAGE_MAX } from './messages/contact-options';
import { LOCAL_PHONE_PATTERN, PHONE_MAX_LENGTH, PHONE_RULES } from './phone';

export const messages = {
  required: (label: string) => `${label} is required`,
  minLength: (n: number) => `Minimum ${n} characters required`,
  maxLength: (n: number) => `Maximum ${n} characters allowed`,
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  pattern: 'Invalid format',
  date: 'Please enter a valid date',
} as const;

/** Text, an @, then a domain with a dot, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The one phone rule (phone.ts): its patterns are the HTML `pattern` and the typing check of every phone field.
export { PHONE_PATTERN, LOCAL_PHONE_PATTERN, PHONE_MAX_LENGTH, PHONE_RULES, PHONE_HINT } from './phone';
/** Calendar date as the API stores it. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Clock time as the API stores it: 24-hour HH:MM. */
export const TIME_24H_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A link the site can follow: an absolute http(s) URL or a site-relative path ("/audio/x.mp3", not "//host"). */
export const LINK_PATTERN = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

/** Field limits of the sermon and event forms; src/lib/shared/live/api.ts builds the API's zod from these. */
export const contentFieldRules = {
  title: { required: true, minLength: 3, maxLength: 200 },
  speaker: { required: true, maxLength: 100 },
  category: { required: true, maxLength: 50 },
  duration: { maxLength: 30 },
  description: { maxLength: 2000 },
  series: { maxLength: 100 },
  notes: { maxLength: 20000 },
  location: { required: true, maxLength: 200 },
  organizer: { maxLength: 100 },
  link: { maxLength: 500, pattern: LINK_PATTERN },
  tag: { maxLength: 30 },
  tags: { maxItems: 20 },
} as const;

/** Field-level rules of the login form (shown as the person types). */
export const loginFieldRules = {
  username: { required: true, minLength: 3 },
  password: { required: true, minLength: 6 },
} as const;

/** docs/PRODUCT.md (Errors): the login banner's text for a failed sign-in, by the API's status. */
export const LOGIN_MESSAGES = {
  401: 'Invalid username or password. Please try again.',
  423: 'Account is temporarily locked. Please try again later.',
  403: 'Access denied. You do not have permission to access the admin panel.',
  fallback: 'Login failed. Please check your connection and try again.',
} as const;

/** Suspension reasons when staff give none: from the detail dialog, and from the table's row action. */
export const DEFAULT_SUSPEND_REASON = 'No reason provided';
export const LIST_SUSPEND_REASON = 'Manual suspension';

/** Letters, digits and @ . + - _. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@+-]+$/;

/**
 * Field rules of a new account (Add User) and of a new password (Add User, the reset page); schemas.ts builds
 * userCreateSchema's and passwordResetConfirmSchema's zod from these, so the users screen needs no zod for them.
 */
export const accountFieldRules = {
  username: { required: true, minLength: 3, maxLength: 150, pattern: USERNAME_PATTERN },
  password: { required: true, minLength: MIN_INITIAL_PASSWORD_LENGTH, maxLength: 256 },
} as const;

/** Suspend's optional reason (the detail dialog's field); suspendSchema is built from it. */
export const suspendFieldRules = {
  reason: { maxLength: 500 },
} as const;

/** Field rules of the profile and user forms, shown as the person types; schemas.ts builds its zod from these. */
export const personFieldRules = {
  first_name: { required: true, minLength: 2, maxLength: 50 },
  last_name: { required: true, minLength: 2, maxLength: 50 },
  email: { required: true, pattern: EMAIL_PATTERN },
  phone_number: PHONE_RULES,
  address: { maxLength: 200 },
} as const;

/** Field rules of the public contact form (the same limits its zod schema checks on submit). */
export const contactFieldRules = {
  name: { required: true, minLength: 2 },
  email: { required: true, pattern: EMAIL_PATTERN },
  // Beside the country picker: a national number is read in the picked country.
  phone: { pattern: LOCAL_PHONE_PATTERN, maxLength: PHONE_MAX_LENGTH },
  subject: { required: true, minLength: 5 },
  message: { required: true, minLength: 20, maxLength: MESSAGE_MAX },
} as const;

/** The API's answer to a used, expired or unknown reset token; the reset page offers a new link on it. */
/** A branch_id or parentId that names no branch the caller can see (docs/API.md, Branches). */
export const BRANCH_UNKNOWN = 'That branch does not exist.';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
