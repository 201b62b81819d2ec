// Prayer requests as the API takes and answers them (docs/API.md, Prayers): the staff answer with everything
// (contact details included), the prayer wall's answer with the requester's first name only, and the staff
// changes. The server's route contracts declare these schemas and the portal's types are derived from them.
// The new-request form's schema is prayerRequestSchema (schemas.ts).
import { z } from 'zod';
import { PRAYER_CATEGORIES, PRAYER_PRIORITIES, PRAYER_STATUSES } from '../visitors/rules';
import { messages } from '../messages';
import { FOLLOW_UP_DAYS, UPDATE_TEXT_MAX } from './wall';
import { enumOf, tagListSchema as tags } from '../fields';

export const PRAYER_NOT_FOUND = 'Prayer request not found.';
export const ASSIGNEE_INVALID = 'Choose a staff member to assign.';

const flag = z.boolean({ error: messages.pattern });

export const prayerUpdateSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string(),
  createdAt: z.string(),
  isPublic: z.boolean(),
});
export type PrayerUpdate = z.infer<typeof prayerUpdateSchema>;

/** What staff see (GET /prayers/, GET /prayers/{id}/ and every staff change's answer). */
export const prayerAnswerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  requester: z.string().describe('The full name as the visitor gave it'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  category: z.enum(PRAYER_CATEGORIES),
  priority: z.enum(PRAYER_PRIORITIES),
  status: z.enum(PRAYER_STATUSES),
  description: z.string(),
  dateRequested: z.string(),
  lastUpdated: z.string(),
  isPublic: z.boolean().describe('The visitor chose to share it on the prayer wall'),
  approved: z.boolean().describe('Staff approved it for the wall (shown only when isPublic too)'),
  assignedTo: z.string().nullable(),
  assignedToId: z.number().int().nullable(),
  supporters: z.number().int(),
  updates: z.array(prayerUpdateSchema),
  tags: z.array(z.string()),
  source: z.string().describe("'prayer-form', 'contact' (a prayer inquiry) or 'demo'"),
  needsFollowUp: z
    .boolean()
    .describe(
      `Not answered or closed and untouched for the follow-up period (Settings; ${FOLLOW_UP_DAYS} days unless changed)`,
    ),
});
export type PrayerAnswer = z.infer<typeof prayerAnswerSchema>;

/** One card of the public prayer wall: never an email, a phone or a surname. */
export const prayerWallItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(PRAYER_CATEGORIES),
  status: z.enum(PRAYER_STATUSES),
  dateRequested: z.string(),
  supporters: z.number().int(),
  requester: z.string().describe('First name only'),
  updates: z.array(prayerUpdateSchema.omit({ isPublic: true })).describe('Public staff updates, oldest first'),
});
export type PrayerWallItem = z.infer<typeof prayerWallItemSchema>;

/** PATCH /prayers/{id}/ (Manage Prayer and Approve for the wall): only the fields sent change. */
export const prayerChangeSchema = z
  .strictObject({
    status: enumOf('Status', PRAYER_STATUSES),
    priority: enumOf('Priority', PRAYER_PRIORITIES),
    approved: flag,
    isPublic: flag,
    assignedTo: z.union([z.null(), z.number().int()], { error: ASSIGNEE_INVALID }).describe('A staff user id, or null'),
    tags,
  })
  .partial();
export type PrayerChange = z.infer<typeof prayerChangeSchema>;

/** POST /prayers/{id}/updates/ (Add Update). */
export const prayerNoteSchema = z.strictObject({
  text: z
    .string({ error: messages.required('Update') })
    .trim()
    .min(1, messages.required('Update'))
    .max(UPDATE_TEXT_MAX, messages.maxLength(UPDATE_TEXT_MAX)),
  isPublic: flag.optional(),
});
export type PrayerNote = z.input<typeof prayerNoteSchema>;

export const supportersSchema = z.object({ supporters: z.number().int() });

/** POST /prayers/'s answer. */
export const prayerCreatedSchema = z.object({
  id: z.number().int(),
  status: z.enum(PRAYER_STATUSES),
  approved: z.boolean(),
});
