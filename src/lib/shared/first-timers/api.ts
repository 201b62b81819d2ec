// First-timers as the API takes and answers them (docs/API.md, First-timers): the visitor card of /welcome, the
// follow-up board's statuses, a staff change (move, assign, note) and the welcome's words in the settings. The
// server's contracts declare these and the screens' types are derived from them.
import { z } from 'zod';
import { EMAIL_PATTERN, messages, optionalPhone, requiredText } from '../schemas';
import { valuesOf } from '../labels';

export const FIRST_TIMER_STATUS_LABELS = {
  new: 'New',
  contacted: 'Contacted',
  visited: 'Visited',
  joined: 'Joined',
  'not-interested': 'Not interested',
};
export const FIRST_TIMER_STATUSES = valuesOf(FIRST_TIMER_STATUS_LABELS);
export type FirstTimerStatus = (typeof FIRST_TIMER_STATUSES)[number];
/** Still being followed up: a card in one of these, assigned and untouched this long, reminds its assignee. */
export const OPEN_STATUSES: readonly FirstTimerStatus[] = ['new', 'contacted', 'visited'];
export const REMINDER_AFTER_DAYS = 3;

export const HEARD_FROM_LABELS = {
  friend: 'A friend',
  family: 'Family',
  'social-media': 'Social media',
  'radio-tv': 'Radio or TV',
  'passing-by': 'Passing by',
  event: 'An event',
  other: 'Other',
};
export const HEARD_FROM = valuesOf(HEARD_FROM_LABELS);

export const FIRST_TIMER_TEXT = {
  needContact: 'Please give a phone number or an email address so we can welcome you.',
  notFound: 'First-timer card not found.',
  service: 'Choose one of the services.',
  assignee: 'Choose a staff member of this branch.',
  heardFrom: 'Choose how you heard about us.',
  alreadyAccount: 'An account was already made from this card.',
  denied: 'Only pastors and above can follow up first-timers',
  accountDenied: 'Only administrators can make an account from a card',
} as const;

export const firstTimerFieldRules = {
  name: { required: true, minLength: 2, maxLength: 100 },
  email: { pattern: EMAIL_PATTERN, maxLength: 254 },
  prayer: { maxLength: 2000 },
  note: { maxLength: 2000 },
} as const;
const rules = firstTimerFieldRules;

/** Where /welcome lands after a card is posted without JavaScript (the page shows it by CSS :target). */
export const WELCOME_SENT = { page: '/welcome', fragment: 'card-sent' } as const;
export const WELCOME_THANKS = 'Thank you! We are glad you came, and we will be in touch soon.';

const optionalEmail = z
  .union([z.literal(''), z.null(), z.string().trim().max(rules.email.maxLength).regex(EMAIL_PATTERN, messages.email)])
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

// ---- Bodies ----

export const firstTimerCardSchema = z.object({
  name: requiredText('Name', { min: rules.name.minLength, max: rules.name.maxLength }),
  phone: optionalPhone,
  email: optionalEmail,
  // A form post sends '' for "none chosen"; anything else must be a service's id.
  serviceId: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: FIRST_TIMER_TEXT.service }).int().positive()])
    .optional()
    .transform((v) => (v === '' || v == null ? null : v)),
  heardFrom: z
    .union([z.literal(''), z.null(), z.enum(HEARD_FROM, { error: FIRST_TIMER_TEXT.heardFrom })])
    .optional()
    .transform((v) => v || null),
  wantsVisit: z.boolean().default(false),
  prayer: z
    .string()
    .trim()
    .max(rules.prayer.maxLength, messages.maxLength(rules.prayer.maxLength))
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type FirstTimerCardInput = z.infer<typeof firstTimerCardSchema>;

export const firstTimerChangeSchema = z.strictObject({
  status: z.enum(FIRST_TIMER_STATUSES, { error: 'Choose one of the statuses.' }).optional(),
  assignedTo: z.number({ error: FIRST_TIMER_TEXT.assignee }).int().positive().nullable().optional(),
  note: z.string().trim().min(1, messages.required('Note')).max(rules.note.maxLength).optional(),
});
export type FirstTimerChange = z.infer<typeof firstTimerChangeSchema>;

export const firstTimerListQuery = z.object({
  status: z.enum(FIRST_TIMER_STATUSES, { error: 'Choose one of the statuses.' }).optional(),
});

// ---- Answers ----

export const firstTimerNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  createdAt: z.string(),
});

export const firstTimerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  service: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  heardFrom: z.string().nullable(),
  wantsVisit: z.boolean(),
  prayer: z.string().nullable(),
  status: z.enum(FIRST_TIMER_STATUSES),
  assignedTo: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  branchId: z.number().int(),
  accountId: z.number().int().nullable(),
  notes: z.array(firstTimerNoteSchema),
  createdAt: z.string(),
});
export type FirstTimer = z.infer<typeof firstTimerSchema>;

// ---- The welcome's words (settings) ----

export const WELCOME_LIMITS = { sms: 300, email: 2000 } as const;
/** `{name}` becomes the first-timer's name and `{church}` the church's. */
export const DEFAULT_WELCOME = {
  sms: 'Dear {name}, thank you for worshipping with {church} today. You are welcome here; we look forward to seeing you again.',
  email:
    'Dear {name},\n\nThank you for worshipping with us at {church}. It was a joy to have you, and we would love to see you again.\n\nIf there is anything we can pray about or help with, simply reply to this email.',
} as const;
export const welcomeWordsSchema = z.strictObject({
  sms: requiredText('Welcome SMS', { max: WELCOME_LIMITS.sms }),
  email: requiredText('Welcome email', { max: WELCOME_LIMITS.email }),
});
export type WelcomeWords = z.infer<typeof welcomeWordsSchema>;

export function fillWelcome(words: string, values: { name: string; church: string }): string {
  return words.replaceAll('{name}', values.name).replaceAll('{church}', values.church || 'our church');
}
