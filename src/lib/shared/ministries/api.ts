// Ministries as the API takes and answers them (docs/API.md, Ministries): what /ministries shows, what staff manage
// in the portal (description, leader, when and where it meets, members and their roles, join requests) and the
// join form of /ministries. The server's contracts declare these and the screens' types are derived from them.
import { z } from 'zod';
import { EMAIL_PATTERN, branchIdField, messages, optionalPhone, requiredText } from '../schemas';
import { optionalText } from '../households/api';
import { branchQuerySchema } from '../branches/api';
import { MEETING_TIME_MESSAGE, MEETING_TIME_PATTERN, parseMeetingTime } from './meeting-time';

export const MINISTRY_NOT_FOUND = 'Ministry not found.';
export const JOIN_REQUEST_NOT_FOUND = 'Join request not found.';
export const MINISTRY_TEXT = {
  nameTaken: 'A ministry with that name already exists.',
  userNotFound: 'That user does not exist.',
  alreadyMember: 'Already a member of this ministry.',
  notMember: 'That user is not a member of this ministry.',
  contactNeeded: 'Please give an email address or a phone number',
  decided: 'This request has already been decided.',
  noAccount: 'This person has no account yet: create a member account or link an existing one.',
  emailNeeded: 'A new account needs an email address.',
  emailTaken: 'An account with that email already exists: link it instead.',
  linkOrCreate: 'Link an account or create one, not both.',
  nothingToChange: 'Nothing to change.',
} as const;

/** Where a join form's plain post lands (the API's 303): the ministry's card on /ministries, which says thanks. */
export const MINISTRIES_PAGE = '/ministries';
export const joinedFragment = (id: number) => `joined-${id}`;
export const JOIN_THANKS = 'Thank you! Your request to join has been sent. Someone from the ministry will be in touch.';

/** The roles a member may have in a ministry. */
export const MINISTRY_ROLES = ['Member', 'Leader', 'Assistant Leader', 'Secretary'] as const;
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

export const ministryFieldRules = {
  name: { maxLength: 100 },
  description: { maxLength: 2000 },
  meeting: { maxLength: 60 },
  meetingPlace: { maxLength: 150 },
  joinName: { minLength: 2, maxLength: 100 },
  message: { maxLength: 1000 },
} as const;
const rules = ministryFieldRules;

const id = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive()
  .max(2 ** 31 - 1);
/** A meeting time as the API answers it: "HH:MM", 24-hour (meeting-time.ts). */
export const meetingTimeSchema = z.string().regex(MEETING_TIME_PATTERN);
/** A meeting time as staff send it, either clock ("6:30 PM", "18:30"), stored as "HH:MM"; '' or null: none. */
export const meetingTimeInputSchema = optionalText(20)
  .pipe(
    z
      .string()
      .nullable()
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined) return v;
        const time = parseMeetingTime(v);
        if (time === null) ctx.addIssue({ code: 'custom', message: MEETING_TIME_MESSAGE });
        return time ?? z.NEVER;
      }),
  )
  .optional();

const role = z.enum(MINISTRY_ROLES, { error: `Role must be one of ${MINISTRY_ROLES.join(', ')}` });

// ---- Answers ----

/** One ministry on /ministries and GET /ministries/ (anyone). */
export const publicMinistrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  meeting_day: z.string().nullable(),
  meeting_time: meetingTimeSchema.nullable(),
  meeting_place: z.string().nullable(),
});
export type PublicMinistry = z.infer<typeof publicMinistrySchema>;

/** A ministry as staff see it in the list. */
export const ministrySchema = publicMinistrySchema.extend({
  leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  is_public: z.boolean(),
  member_count: z.number().int(),
  pending_requests: z.number().int(),
  /** The branch it belongs to (docs/API.md, Branches). */
  branchId: z.number().int(),
});
export type Ministry = z.infer<typeof ministrySchema>;

export const ministryMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  joined_date: z.string(),
});
export type MinistryMember = z.infer<typeof ministryMemberSchema>;

/** One ministry with its members (GET /ministries/{id}/ for staff). */
export const ministryDetailSchema = ministrySchema.extend({ members: z.array(ministryMemberSchema) });
export type MinistryDetail = z.infer<typeof ministryDetailSchema>;

/** A member's own ministry (the members' door). */
export const memberMinistrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  meeting_day: z.string().nullable(),
  meeting_time: meetingTimeSchema.nullable(),
  meeting_place: z.string().nullable(),
});
export type MemberMinistry = z.infer<typeof memberMinistrySchema>;

export const joinRequestSchema = z.object({
  id: z.number().int(),
  ministry_id: z.number().int(),
  ministry_name: z.string(),
  /** The account that asked, or the account accepting linked the request to; null for a visitor without one. */
  user_id: z.number().int().nullable(),
  /**
   * The account the request is for: the one that asked or was linked, or, while a visitor's request waits, the
   * account found by its email or phone (what Accept adds); null when none is known.
   */
  account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** What a visitor is told after asking to join (POST /ministries/{id}/join/). */
export const joinReceiptSchema = z.object({ id: z.number().int(), detail: z.string() });

// ---- What staff and visitors send ----

const ministryFields = {
  name: requiredText('Name', { max: rules.name.maxLength }),
  description: z.string().trim().max(rules.description.maxLength, messages.maxLength(rules.description.maxLength)),
  leader_user_id: id.nullable(),
  meeting_day: optionalText(rules.meeting.maxLength),
  meeting_time: meetingTimeInputSchema,
  meeting_place: optionalText(rules.meetingPlace.maxLength),
  is_public: z.boolean({ error: 'Must be true or false' }),
};

export const ministryCreateSchema = z.strictObject({
  ...ministryFields,
  description: ministryFields.description.default(''),
  leader_user_id: ministryFields.leader_user_id.optional(),
  is_public: ministryFields.is_public.default(true),
  /** Default: the creator's branch. */
  branchId: branchIdField.optional(),
});
export type MinistryCreate = z.infer<typeof ministryCreateSchema>;

export const ministryUpdateSchema = z
  .strictObject({
    name: ministryFields.name.optional(),
    description: ministryFields.description.optional(),
    leader_user_id: ministryFields.leader_user_id.optional(),
    meeting_day: ministryFields.meeting_day,
    meeting_time: ministryFields.meeting_time,
    meeting_place: ministryFields.meeting_place,
    is_public: ministryFields.is_public.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), MINISTRY_TEXT.nothingToChange);
export type MinistryUpdate = z.infer<typeof ministryUpdateSchema>;

export const ministryMemberAddSchema = z.strictObject({ user_id: id, role: role.default('Member') });
export type MinistryMemberAdd = z.infer<typeof ministryMemberAddSchema>;

export const ministryMemberChangeSchema = z.strictObject({ role });

/**
 * POST /ministries/join-requests/{rid}/accept/ (optional): whom a visitor's request adds. `user_id` links an
 * existing account; `create_account` makes a MEMBER account from the request (its name, phone and email, or the
 * `email` given here). Without either, the request's own account or the one found by its email or phone joins.
 */
export const joinAcceptSchema = z
  .strictObject({
    user_id: id.optional(),
    create_account: z.boolean({ error: 'Must be true or false' }).optional(),
    email: optionalText(254).pipe(z.string().regex(EMAIL_PATTERN, messages.email).nullable().optional()),
  })
  .refine((v) => !(v.user_id && v.create_account), { message: MINISTRY_TEXT.linkOrCreate, path: ['user_id'] });
export type JoinAccept = z.input<typeof joinAcceptSchema>;

export const joinRequestListQuerySchema = branchQuerySchema.extend({
  status: z.enum(JOIN_REQUEST_STATUSES, { error: 'status must be pending, accepted or declined' }).default('pending'),
});

/** The join form of /ministries: a name and an email or a phone (JSON or an HTML form post). */
export const joinFormSchema = z
  .object({
    name: requiredText('Name', { min: rules.joinName.minLength, max: rules.joinName.maxLength }),
    email: optionalText(254).pipe(z.string().regex(EMAIL_PATTERN, messages.email).nullable().optional()),
    phone: optionalPhone,
    message: optionalText(rules.message.maxLength),
  })
  .refine((v) => v.email || v.phone, { message: MINISTRY_TEXT.contactNeeded, path: ['email'] });
export type JoinFormInput = z.infer<typeof joinFormSchema>;
