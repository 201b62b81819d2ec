// What visitors send besides a contact message: a prayer request and an event registration. Their options
// and field rules, zod-free so the public forms' islands (and their native constraints) use them without
// loading zod; the zod schemas in schemas.ts check the same limits on submit and in the API.
import { EMAIL_PATTERN, PHONE_RULES } from '../messages';

export const PRAYER_CATEGORIES = ['health', 'family', 'guidance', 'gratitude', 'ministry', 'personal'] as const;
export const PRAYER_STATUSES = ['active', 'ongoing', 'answered', 'closed'] as const;
export const PRAYER_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type PrayerCategory = (typeof PRAYER_CATEGORIES)[number];
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];
export type PrayerPriority = (typeof PRAYER_PRIORITIES)[number];

export const PRAYER_TEXT_MAX = 2000;

/** The public prayer request form. */
export const prayerFieldRules = {
  name: { required: true, minLength: 2, maxLength: 100 },
  email: { pattern: EMAIL_PATTERN },
  phone: PHONE_RULES,
  title: { required: true, minLength: 3, maxLength: 120 },
  description: { required: true, minLength: 10, maxLength: PRAYER_TEXT_MAX },
} as const;

export const MAX_SEATS = 10;

/** The public event registration form. */
export const registrationFieldRules = {
  name: { required: true, minLength: 2, maxLength: 100 },
  email: { required: true, pattern: EMAIL_PATTERN },
  phone: PHONE_RULES,
} as const;

export const SEATS_MESSAGE = `Seats must be a whole number from 1 to ${MAX_SEATS}`;
