// Attendance as the API takes and answers it (docs/API.md, Services and attendance): the ushers' headcount of a
// service and date, named check-ins (staff's and the members' own by the day's code), the reports and the
// absentees. The server's contracts declare these and the screens' types are derived from them.
import { z } from 'zod';
import { ISO_DATE_PATTERN, requiredText } from '../schemas';
import { broadcastChannelsSchema } from '../outbox/api';
import { broadcastFieldRules as rules } from '../broadcasts/rules';
import { type WeekTotal, ABSENT_MAX_WEEKS, ATTENDANCE_MAX_LIMIT, ATTENDANCE_TEXT, MAX_COUNT } from './rules';

export * from './rules';

/** A whole number 0 to 100,000; a form's text "12" is taken as 12, anything else is the one message. */
const count = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: ATTENDANCE_TEXT.count })
    .int(ATTENDANCE_TEXT.count)
    .min(0, ATTENDANCE_TEXT.count)
    .max(MAX_COUNT, ATTENDANCE_TEXT.count),
);

/** A real calendar day 'YYYY-MM-DD' (no 30 February). */
export const dayField = z
  .string({ error: ATTENDANCE_TEXT.date })
  .regex(ISO_DATE_PATTERN, ATTENDANCE_TEXT.date)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, ATTENDANCE_TEXT.date);

const anId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int(message)
      .positive(message)
      .max(2 ** 31 - 1, message),
  );

// ---- Bodies ----

export const headcountSchema = z.strictObject({
  serviceId: anId(ATTENDANCE_TEXT.service),
  date: dayField,
  men: count,
  women: count,
  children: count,
  firstTimers: count.optional(),
});
export type HeadcountInput = z.infer<typeof headcountSchema>;

export const checkinSchema = z.strictObject({
  serviceId: anId(ATTENDANCE_TEXT.service),
  date: dayField,
  userId: anId(ATTENDANCE_TEXT.person),
});
export type CheckinInput = z.infer<typeof checkinSchema>;

/** A member's own check-in from the QR code's link (/my/checkin). */
export const memberCheckinSchema = z.strictObject({
  serviceId: anId(ATTENDANCE_TEXT.service),
  code: z.string({ error: ATTENDANCE_TEXT.code }).trim().min(1, ATTENDANCE_TEXT.code).max(32, ATTENDANCE_TEXT.code),
});
export type MemberCheckinInput = z.infer<typeof memberCheckinSchema>;

export const FOLLOWUP_KINDS = ['visited', 'called'] as const;
export const followupSchema = z.strictObject({
  kind: z.enum(FOLLOWUP_KINDS, { error: 'Choose visited or called.' }),
  note: z.string().trim().max(500).optional(),
});
export type FollowupInput = z.infer<typeof followupSchema>;

/** A message to chosen absentees, through the broadcasts' outbox and consent rules. */
export const absentMessageSchema = z.strictObject({
  requestKey: z.string({ error: 'requestKey is required' }).regex(/^[A-Za-z0-9-]{8,64}$/, 'requestKey is invalid'),
  userIds: z
    .array(anId(ATTENDANCE_TEXT.person), { error: 'Choose at least one person.' })
    .min(1, 'Choose at least one person.')
    .max(5000),
  subject: requiredText('Subject', { min: rules.subject.minLength, max: rules.subject.maxLength }),
  message: requiredText('Message', { min: rules.message.minLength, max: rules.message.maxLength }),
  channels: broadcastChannelsSchema.default(['sms']),
});
export type AbsentMessageInput = z.infer<typeof absentMessageSchema>;

// ---- Queries ----

const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
  .optional();
/** GET /attendance/weekly/: the range and filters of the list. */
export const weeklyQuery = z.object({
  from: dayField.optional(),
  to: dayField.optional(),
  branch: optionalId,
  service: optionalId,
});
export type WeeklyQuery = z.infer<typeof weeklyQuery>;

export const attendanceQuery = weeklyQuery.extend({
  format: z.enum(['json', 'csv']).optional(),
  /** The newest rows only (a whole network's year is 170,000 of them). */
  limit: z.coerce
    .number({ error: ATTENDANCE_TEXT.limit })
    .int(ATTENDANCE_TEXT.limit)
    .min(1, ATTENDANCE_TEXT.limit)
    .max(ATTENDANCE_MAX_LIMIT, ATTENDANCE_TEXT.limit)
    .optional(),
});
export type AttendanceQuery = z.infer<typeof attendanceQuery>;

export const codeQuery = z.object({
  serviceId: z.coerce
    .number({ error: ATTENDANCE_TEXT.service })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const absentQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(ABSENT_MAX_WEEKS).default(3),
  branch: optionalId,
});

// ---- Answers ----

/** The counts a service's date has, and a week sums (rules.ts weeklyTotals). */
const countsShape = {
  men: z.number().int(),
  women: z.number().int(),
  children: z.number().int(),
  total: z.number().int(),
  firstTimers: z.number().int(),
  checkedIn: z.number().int(),
};

export const attendanceRowSchema = z.object({
  serviceId: z.number().int(),
  service: z.string(),
  branchId: z.number().int(),
  date: z.string(),
  ...countsShape,
});
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

/** A week of GET /attendance/weekly/: its Sunday and the sums of its rows. */
export const attendanceWeekSchema = z.object({
  week: z.string(),
  ...countsShape,
}) satisfies z.ZodType<WeekTotal>;
export type AttendanceWeek = z.infer<typeof attendanceWeekSchema>;

/** POST /attendance/'s answer: the row, and whether it replaced one (also told by 200 rather than 201). */
export const headcountAnswerSchema = attendanceRowSchema.extend({ replaced: z.boolean() });
export type HeadcountAnswer = z.infer<typeof headcountAnswerSchema>;

export const checkinCodeSchema = z.object({ code: z.string(), url: z.string(), qrSvg: z.string(), date: z.string() });
export type CheckinCode = z.infer<typeof checkinCodeSchema>;

export const checkinAnswerSchema = z.object({
  serviceId: z.number().int(),
  date: z.string(),
  userId: z.number().int(),
  /** False when the person was already checked in for that service and date (nothing changed). */
  created: z.boolean(),
});

export const memberCheckinAnswerSchema = z.object({
  serviceId: z.number().int(),
  service: z.string(),
  date: z.string(),
  userId: z.number().int(),
  created: z.boolean(),
});

export const followupAnswerSchema = z.object({
  kind: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  by: z.string().nullable(),
});
export type Followup = z.infer<typeof followupAnswerSchema>;

export const absenteeSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  lastSeen: z.string(),
  phone: z.string().nullable(),
  /** Weeks of the 8 before the last N with a check-in. */
  weeksCame: z.number().int(),
  /** What staff did about them, newest first. */
  followups: z.array(followupAnswerSchema),
});
export type Absentee = z.infer<typeof absenteeSchema>;
