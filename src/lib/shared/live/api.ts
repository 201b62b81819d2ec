// Sermons and events as the API takes and answers them (docs/API.md): the server's route contracts declare these
// schemas, the portal's forms can run the same ones, and the types below are derived from them. Answers have the
// fields of content-types.ts's Sermon and ChurchEvent (optional ones absent when unset) plus a sermon's notes; an
// event's capacity is null for "no limit". Text is stored exactly as sent (trimmed): HTML stays text, and pages
// escape it when they show it.
import { z } from 'zod';
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES, SERMON_STATUSES, type Sermon } from './types';
import { ISO_DATE_PATTERN, TIME_24H_PATTERN, contentFieldRules as rules, messages } from '../messages';
import { branchIdField, requiredText } from '../schemas';
import { enumOf, tagListSchema as tags } from '../fields';

/** A real calendar day written YYYY-MM-DD (no 30 February), any year from 1900 to 2999. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y < 3000 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const calendarDate = (label: string) =>
  requiredText(label).refine(isCalendarDate, messages.date).describe('YYYY-MM-DD');

const clockTime = (label: string) =>
  requiredText(label).regex(TIME_24H_PATTERN, messages.pattern).describe('24-hour HH:MM');

const text = (max: number) => z.string({ error: messages.pattern }).trim().max(max, messages.maxLength(max));

/** Optional text: null or '' clears it. */
const optionalText = (max: number) =>
  z.union([z.null(), text(max)], { error: messages.pattern }).transform((v) => v ?? '');

/** An absolute http(s) URL or a site-relative path; null or '' clears it. */
const optionalLink = z
  .union([z.null(), z.literal(''), text(rules.link.maxLength).regex(rules.link.pattern, messages.pattern)], {
    error: messages.pattern,
  })
  .transform((v) => v || null);

const count = z.number().int().min(0);

// ---- Sermons ----

const sermonFields = {
  title: requiredText('Title', { min: rules.title.minLength, max: rules.title.maxLength }),
  speaker: requiredText('Speaker', { max: rules.speaker.maxLength }),
  date: calendarDate('Date'),
  category: requiredText('Category', { max: rules.category.maxLength }),
  status: enumOf('Status', SERMON_STATUSES),
  description: optionalText(rules.description.maxLength).optional(),
  duration: optionalText(rules.duration.maxLength).optional(),
  series: optionalText(rules.series.maxLength).optional(),
  tags: tags.optional(),
  videoUrl: optionalLink.optional(),
  thumbnail: optionalLink.optional(),
  notes: optionalText(rules.notes.maxLength).optional(),
};

/** POST /sermons/. Views, likes, comments and the audio come from elsewhere, never from this form. */
export const sermonCreateSchema = z.strictObject(sermonFields);
export type SermonCreate = z.infer<typeof sermonCreateSchema>;

/** PATCH /sermons/{id}/: any of the same fields; only those sent change. */
export const sermonUpdateSchema = z.strictObject(sermonFields).partial();
export type SermonUpdate = z.infer<typeof sermonUpdateSchema>;

export const sermonAnswerSchema = z.object({
  id: z.string().describe('The slug of its page, /sermons/{id}'),
  title: z.string(),
  speaker: z.string(),
  date: z.string(),
  category: z.string(),
  duration: z.string(),
  description: z.string(),
  thumbnail: z.string().optional(),
  audioUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  series: z.string().optional(),
  views: count,
  likes: count,
  comments: count,
  status: z.enum(SERMON_STATUSES),
  tags: z.array(z.string()),
  notes: z.string().describe('Markdown shown on the sermon page'),
});
export type SermonAnswer = z.infer<typeof sermonAnswerSchema>;
/** Checked by the compiler: the answer is a content-types.ts Sermon (plus notes), so pages and the portal can take it as one. */
export const SERMON_ANSWER_IS_SERMON: SermonAnswer extends Sermon ? true : false = true;

// ---- Events ----

const capacity = z
  .union([z.null(), z.number().int(messages.pattern).positive('Capacity must be a positive whole number')], {
    error: 'Capacity must be a positive whole number or null',
  })
  .describe('null for no limit');

const eventFields = {
  title: requiredText('Title', { min: rules.title.minLength, max: rules.title.maxLength }),
  category: enumOf('Category', EVENT_CATEGORIES),
  type: enumOf('Type', EVENT_TYPES),
  startDate: calendarDate('Start Date'),
  startTime: clockTime('Start Time'),
  location: requiredText('Location', { max: rules.location.maxLength }),
  status: enumOf('Status', EVENT_STATUSES).optional(),
  endDate: z.union([z.null(), z.literal(''), calendarDate('End Date')], { error: messages.date }).optional(),
  endTime: z.union([z.null(), z.literal(''), clockTime('End Time')], { error: messages.pattern }).optional(),
  description: optionalText(rules.description.maxLength).optional(),
  organizer: optionalText(rules.organizer.maxLength).optional(),
  capacity: capacity.optional(),
  isPublic: z.boolean({ error: messages.pattern }).optional(),
  requiresRegistration: z.boolean({ error: messages.pattern }).optional(),
  tags: tags.optional(),
  imageUrl: optionalLink.optional(),
};

export const END_BEFORE_START = 'End date must not be before the start date';

/** True when both dates are known and the end comes first (also checked against the stored event on PATCH). */
export const endsBeforeStart = (e: { startDate?: string | null; endDate?: string | null }) =>
  Boolean(e.startDate && e.endDate && e.endDate < e.startDate);

/**
 * POST /events/. The end date defaults to the start date; registered and waitlist are counted, never sent. The
 * branch defaults to the creator's (docs/API.md, Branches); a move is not an edit, so PATCH does not take it.
 */
export const eventCreateSchema = z
  .strictObject({ ...eventFields, branchId: branchIdField.optional() })
  .refine((e) => !endsBeforeStart(e), { path: ['endDate'], message: END_BEFORE_START });
export type EventCreate = z.infer<typeof eventCreateSchema>;

/** PATCH /events/{id}/: any of the same fields; only those sent change. */
export const eventUpdateSchema = z
  .strictObject(eventFields)
  .partial()
  .refine((e) => !endsBeforeStart(e), { path: ['endDate'], message: END_BEFORE_START });
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const eventAnswerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  type: z.enum(EVENT_TYPES),
  status: z.enum(EVENT_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string().describe('HH:MM, or empty when not given'),
  location: z.string(),
  capacity: z.number().int().nullable().describe('null for no limit'),
  registered: count.describe('Seats of confirmed and checked-in registrations'),
  waitlist: count.describe('Seats of waitlisted registrations'),
  organizer: z.string(),
  isPublic: z.boolean(),
  requiresRegistration: z.boolean(),
  tags: z.array(z.string()),
  imageUrl: z.string().optional(),
  /** The branch it belongs to (docs/API.md, Branches). */
  branchId: z.number().int(),
});
export type EventAnswer = z.infer<typeof eventAnswerSchema>;

/** How a registration stands: confirmed and checked-in seats count as registered, waitlisted ones as waitlist. */
export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled', 'checked_in'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
