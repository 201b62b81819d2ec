// Children's check-in as the API takes and answers it (docs/API.md, Children's check-in): stations, the lookup by
// a guardian's phone, a check-in and its security code, pickup, who is in the building. The server's contracts
// declare these and the /checkin page and the portal derive their types from them.
import { z } from 'zod';
import { PHONE_MAX_LENGTH, normalisePhone } from '../phone';
import { branchIdField, messages, requiredText } from '../schemas';

/** A pairing code's alphabet and length: no 0/O, 1/I/L, 5/S, 2/Z or 8/B to misread on a small screen. */
export const PAIRING_ALPHABET = 'ACDEFHJKMNPQRTUVWXY34679';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_TTL_MS = 24 * 3600_000;
/** A security code: 4 characters a volunteer reads aloud without confusion, never the same twice on one day. */
export const SECURITY_ALPHABET = 'ACDEFHJKLMNPRTUVWXY3479';
export const SECURITY_CODE_LENGTH = 4;
/** Under this age an account in a household is a child. */
export const CHILD_AGE_LIMIT = 18;

/**
 * Who is a child (the one rule: the check-in's SQL in src/server/checkin/children.ts and the household answers use
 * it): a household person of relationship child, or an account born after this date (under CHILD_AGE_LIMIT).
 */
export function adultBornBy(nowMs: number): string {
  const d = new Date(nowMs);
  d.setUTCFullYear(d.getUTCFullYear() - CHILD_AGE_LIMIT);
  return d.toISOString().slice(0, 10);
}
/** Whether an account of this birth date is a child at `nowMs` (no birth date: not known to be one). */
export const isChildAccount = (dateOfBirth: string | null, nowMs: number) =>
  dateOfBirth !== null && dateOfBirth > adultBornBy(nowMs);

export const CHECKIN_TEXT = {
  stationNotFound: 'Station not found.',
  pairingInvalid: 'That pairing code is not valid or has expired. Ask an administrator for a new one.',
  stationUnpaired: 'This device is not a paired station (or it was unpaired). Enter a new pairing code.',
  stationsDenied: 'Only administrators can add or remove check-in stations',
  checkinDenied: 'Only staff and paired stations can check children in',
  printer: 'Enter the printer as host:port, such as 192.168.1.50:9100.',
  phone: 'Enter the parent’s phone, such as 024 555 0100.',
  noHousehold:
    'No household has an account with that phone. A first-timer family: add them as first-timers, then an administrator adds their household and children.',
  noChildren: 'Tick at least one child.',
  unknownChild: 'A child ticked is not in this household.',
  alreadyIn: (names: string) => `Already checked in to this service today: ${names}.`,
  codeNotFound: 'No check-in today has that code.',
  alreadyCollected: (names: string) => `Already collected: ${names}.`,
  serviceNotFound: 'Service not found.',
  checkinNotFound: 'Check-in not found.',
  codesExhausted: 'No security code is left for today.',
  crossSite: 'Check-in works only from the church’s own website.',
} as const;

export const checkinFieldRules = {
  name: { maxLength: 100 },
  printer: { maxLength: 255 },
  guardianName: { maxLength: 100 },
  allergies: { maxLength: 300 },
  notes: { maxLength: 1000 },
} as const;
const rules = checkinFieldRules;

/** 'host:port', a port from 1 to 65535. */
const printer = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(rules.printer.maxLength, messages.maxLength(rules.printer.maxLength))
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, CHECKIN_TEXT.printer)
      .refine((v) => Number(v.split(':')[1]) >= 1 && Number(v.split(':')[1]) <= 65535, CHECKIN_TEXT.printer),
  ])
  .transform((v) => v || null)
  .optional();

const wholeNumber = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive('Must be a whole number')
  .max(2 ** 31 - 1);

// ---- Stations ----

export const stationCreateSchema = z.strictObject({
  name: requiredText('Name', { max: rules.name.maxLength }),
  branchId: branchIdField.optional(),
  printer,
});
export type StationCreate = z.infer<typeof stationCreateSchema>;

export const stationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  branchId: z.number().int(),
  printer: z.string().nullable(),
  paired: z.boolean(),
  /** When the pairing code runs out, while it has not been used. */
  pairingExpiresAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});
export type Station = z.infer<typeof stationSchema>;

export const stationCreatedSchema = z.object({ id: z.number().int(), pairingCode: z.string() });

export const pairSchema = z.strictObject({
  pairingCode: z
    .string({ error: CHECKIN_TEXT.pairingInvalid })
    .trim()
    .max(20, CHECKIN_TEXT.pairingInvalid)
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, '')),
});

/** What a paired station knows of itself (GET /stations/me/). */
export const stationSelfSchema = z.object({ id: z.number().int(), name: z.string(), branchId: z.number().int() });

// ---- Check-in ----

/** A child's id: 'p12' (a household person) or 'u5' (an account under 18). */
export const childIdSchema = z.string().regex(/^[pu][1-9]\d{0,9}$/, CHECKIN_TEXT.unknownChild);

export const lookupSchema = z.strictObject({
  phone: z
    .string({ error: CHECKIN_TEXT.phone })
    .trim()
    .min(1, CHECKIN_TEXT.phone)
    .max(PHONE_MAX_LENGTH, CHECKIN_TEXT.phone)
    .refine((v) => normalisePhone(v) !== null, CHECKIN_TEXT.phone)
    .transform((v) => normalisePhone(v) as string),
  /** The service whose check-ins `checkedIn` reports; today's first service of the branch when not given. */
  serviceId: wholeNumber.optional(),
});

export const childSchema = z.object({
  id: childIdSchema,
  name: z.string(),
  age: z.number().int().nullable(),
  allergies: z.string().nullable(),
  checkedIn: z.boolean(),
});
export type Child = z.infer<typeof childSchema>;

export const lookupAnswerSchema = z.object({
  household: z.object({ id: z.number().int(), name: z.string() }),
  children: z.array(childSchema),
});
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;

export const checkinSchema = z.strictObject({
  serviceId: wholeNumber,
  childIds: z.array(childIdSchema, { error: CHECKIN_TEXT.noChildren }).min(1, CHECKIN_TEXT.noChildren).max(20),
  guardianName: z
    .union([z.literal(''), z.null(), z.string().trim().max(rules.guardianName.maxLength)])
    .transform((v) => v || null)
    .optional(),
});
export type CheckinBody = z.infer<typeof checkinSchema>;

export const checkedChildSchema = z.object({ id: childIdSchema, name: z.string() });

export const checkinAnswerSchema = z.object({
  id: z.number().int(),
  securityCode: z.string(),
  children: z.array(checkedChildSchema),
  labelsUrl: z.string(),
  /** The station's printer: null without one, else 'ok' or why it failed (the check-in stands either way). */
  print: z.string().nullable(),
  /** Whether the guardian gets the code by SMS. */
  sms: z.boolean(),
});
export type CheckinAnswer = z.infer<typeof checkinAnswerSchema>;

export const checkoutSchema = z.strictObject({
  securityCode: z
    .string({ error: CHECKIN_TEXT.codeNotFound })
    .trim()
    .max(10, CHECKIN_TEXT.codeNotFound)
    .transform((v) => v.toUpperCase()),
});
export const checkoutAnswerSchema = z.object({ children: z.array(checkedChildSchema) });

export const presentQuery = z.object({
  serviceId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
    .optional(),
});

export const presentChildSchema = z.object({
  id: childIdSchema,
  name: z.string(),
  allergies: z.string().nullable(),
  securityCode: z.string(),
  guardianName: z.string().nullable(),
  checkedInAt: z.string(),
});
export const presentAnswerSchema = z.object({
  service: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  children: z.array(presentChildSchema),
});
export type PresentAnswer = z.infer<typeof presentAnswerSchema>;

/** A child's allergies and notes as staff (and parents, for allergies) write them; '' clears. */
export const allergiesField = z
  .union([
    z.literal(''),
    z.null(),
    z.string().trim().max(rules.allergies.maxLength, messages.maxLength(rules.allergies.maxLength)),
  ])
  .transform((v) => v || null)
  .optional();
export const notesField = z
  .union([
    z.literal(''),
    z.null(),
    z.string().trim().max(rules.notes.maxLength, messages.maxLength(rules.notes.maxLength)),
  ])
  .transform((v) => v || null)
  .optional();

/** A day as the check-ins keep it: the UTC date (Ghana keeps UTC all year). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
