// Attendance as the API takes and answers it (docs/API.md, Services and attendance): the ushers' headcount of a
// service and date, named check-ins (staff's and the members' own by the day's code), the reports and the
// absentees. The server's contracts declare these and the screens' types are derived from them.
import { z } from 'zod';
import { ISO_DATE_PATTERN, requiredText } from '../schemas';
import { broadcastChannelsSchema } from '../outbox/api';
import { broadcastFieldRules as rules } from '../broadcasts/rules';

export const MAX_COUNT = 100_000;
/** The weeks before the last N that absentees are judged on, and how many of them they came. */
export const ABSENT_LOOKBACK_WEEKS = 8;
export const ABSENT_MIN_WEEKS = 3;
export const ABSENT_MAX_WEEKS = 26;

export const ATTENDANCE_TEXT = {
  count: `Enter a whole number from 0 to ${MAX_COUNT.toLocaleString('en-US')}.`,
  date: 'Enter a date as YYYY-MM-DD.',
  future: 'The date cannot be in the future.',
  service: 'Choose a service.',
  person: 'Choose a person.',
  code: 'This check-in code is not today’s code of that service. Scan the code on the screen again.',
  saved: 'Headcount saved.',
  replaced: 'Headcount saved. It replaced the one already entered for that service and date.',
  queued: 'You are offline. The headcount is kept on this device and will be sent when the connection is back.',
  checkedIn: 'You are checked in. Welcome!',
  alreadyIn: 'You were already checked in. Welcome!',
  marked: 'Marked present.',
  alreadyMarked: 'Already marked present: nothing changed.',
} as const;

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
export const attendanceQuery = z.object({
  from: dayField.optional(),
  to: dayField.optional(),
  branch: optionalId,
  service: optionalId,
  format: z.enum(['json', 'csv']).optional(),
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

export const attendanceRowSchema = z.object({
  serviceId: z.number().int(),
  service: z.string(),
  branchId: z.number().int(),
  date: z.string(),
  men: z.number().int(),
  women: z.number().int(),
  children: z.number().int(),
  total: z.number().int(),
  firstTimers: z.number().int(),
  checkedIn: z.number().int(),
});
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

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

// ---- Shared by the screens ----

export const headcountTotal = (r: { men: number; women: number; children: number }) => r.men + r.women + r.children;

/** The Sunday that starts the week of a date ('YYYY-MM-DD', read as a calendar day). */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

export interface WeekTotal {
  week: string;
  total: number;
  firstTimers: number;
  checkedIn: number;
}

/** The rows summed by week, oldest first (the trend chart and its table). */
export function weeklyTotals(rows: readonly AttendanceRow[]): WeekTotal[] {
  const weeks = new Map<string, WeekTotal>();
  for (const r of rows) {
    const week = weekOf(r.date);
    const w = weeks.get(week) ?? { week, total: 0, firstTimers: 0, checkedIn: 0 };
    w.total += r.total;
    w.firstTimers += r.firstTimers;
    w.checkedIn += r.checkedIn;
    weeks.set(week, w);
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

/** The CSV's header row. */
export const ATTENDANCE_CSV_HEADER = [
  'Date',
  'Service',
  'Men',
  'Women',
  'Children',
  'Total',
  'First-timers',
  'Checked in',
] as const;

/** A calendar day N days from another (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's calendar day at the church (UTC: Ghana keeps UTC all year). */
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Where a member's own check-in form posts, and the page the QR code opens. */
export const CHECKIN_PAGE = '/my/checkin';
