// Site settings as the API takes and answers them (docs/API.md, Settings): who receives the emails about what
// visitors send, per kind (contact messages, prayer requests, registrations) with one list for all as the
// default; the prayer follow-up period; and the church's contact details that signs the emails it sends.
import { z } from 'zod';
import { EMAIL_PATTERN, messages } from '../messages';
import { FOLLOW_UP_DAYS } from '../prayers/wall';
import { welcomeWordsSchema } from '../first-timers/api';
import { valuesOf } from '../labels';

export const MAX_RECIPIENTS = 20;
export const RECIPIENT_KIND_LABELS = {
  message: 'Contact messages',
  prayer: 'Prayer requests',
  registration: 'Event registrations',
};
export const RECIPIENT_KINDS = valuesOf(RECIPIENT_KIND_LABELS);
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
/** The church's phone as people write it: an optional +, then digits, spaces, hyphens or parentheses. */
export const CHURCH_PHONE_PATTERN = /^\+?[\d\s\-()]{7,20}$/;
export const FOLLOW_UP_LIMITS = { min: 1, max: 365 } as const;
export const FOLLOW_UP_MESSAGE = `Enter a whole number of days from ${FOLLOW_UP_LIMITS.min} to ${FOLLOW_UP_LIMITS.max}`;

const recipientListSchema = z.object({
  /** The list staff set; empty when none is set. */
  recipients: z.array(z.string()),
  /** Whether a list is set (otherwise the default list, or the administrators, receive the emails). */
  configured: z.boolean(),
  /** Who receives them now. */
  effective: z.array(z.string()),
});

export const notificationSettingsSchema = recipientListSchema.extend({
  byKind: z.object({ message: recipientListSchema, prayer: recipientListSchema, registration: recipientListSchema }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type RecipientList = z.infer<typeof recipientListSchema>;

const emails = z
  .array(z.string({ error: messages.email }).trim().max(254, messages.email).regex(EMAIL_PATTERN, messages.email), {
    error: 'recipients must be a list of email addresses',
  })
  .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`)
  .transform((list) => [...new Set(list.map((e) => e.toLowerCase()))]);

export const notificationSettingsChangeSchema = z.strictObject({
  /** The default list, for every kind without its own. */
  recipients: emails,
  /** A kind's own list; an empty list (or none) means the default. */
  byKind: z
    .strictObject({ message: emails.optional(), prayer: emails.optional(), registration: emails.optional() })
    .optional(),
});
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChangeSchema>;

export const churchContactSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
});
export type ChurchContact = z.infer<typeof churchContactSchema>;

export const generalSettingsSchema = z.object({
  /** Requests untouched this many days are flagged for follow-up. */
  followUpDays: z.number().int(),
  /** Signs the emails the church sends to visitors and members. */
  church: churchContactSchema,
  /** The words of the welcome a first-timer's card sends ({name}, {church} filled in). */
  welcome: z.object({ sms: z.string(), email: z.string() }),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.maxLength(max));

export const generalSettingsChangeSchema = z.strictObject({
  followUpDays: z
    .number({ error: FOLLOW_UP_MESSAGE })
    .int(FOLLOW_UP_MESSAGE)
    .min(FOLLOW_UP_LIMITS.min, FOLLOW_UP_MESSAGE)
    .max(FOLLOW_UP_LIMITS.max, FOLLOW_UP_MESSAGE),
  church: z.strictObject({
    name: text('Church name', 120),
    email: text('Email', 254).regex(EMAIL_PATTERN, messages.email),
    phone: z.string().trim().max(40).regex(CHURCH_PHONE_PATTERN, messages.phone).or(z.literal('')),
    address: z.string().trim().max(300, messages.maxLength(300)),
  }),
  /** Left out: the words stay as they are. */
  welcome: welcomeWordsSchema.optional(),
});
export type GeneralSettingsChange = z.infer<typeof generalSettingsChangeSchema>;

export { FOLLOW_UP_DAYS as DEFAULT_FOLLOW_UP_DAYS };
