// The church's regular services as the API takes and answers them (docs/API.md, Services and attendance): a name,
// a day of the week (0 = Sunday), a start time 'HH:MM' and a language, belonging to a branch. The server's
// contracts declare these and the screens' types are derived from them.
import { z } from 'zod';
import { branchIdField, messages, requiredText } from '../schemas';

export const SERVICE_NOT_FOUND = 'Service not found.';
export const SERVICE_TEXT = {
  day: 'Choose a day of the week.',
  time: 'Enter a time as HH:MM, such as 09:30.',
} as const;

export const DAYS_OF_WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const serviceFieldRules = {
  name: { maxLength: 100 },
  language: { maxLength: 50 },
} as const;
const rules = serviceFieldRules;

/** '7:00' or '07:00' to '23:59'; answered as 'HH:MM' so times sort as text. */
const startTime = z
  .string({ error: SERVICE_TEXT.time })
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, SERVICE_TEXT.time)
  .transform((v) => v.padStart(5, '0'));

const dayOfWeek = z
  .number({ error: SERVICE_TEXT.day })
  .int(SERVICE_TEXT.day)
  .min(0, SERVICE_TEXT.day)
  .max(6, SERVICE_TEXT.day);

const language = z
  .union([
    z.literal(''),
    z.null(),
    z.string().trim().max(rules.language.maxLength, messages.maxLength(rules.language.maxLength)),
  ])
  .transform((v) => v || null)
  .optional();

// ---- Answers ----

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  branchId: z.number().int(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  language: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

// ---- Bodies ----

export const serviceCreateSchema = z.strictObject({
  name: requiredText('Name', { max: rules.name.maxLength }),
  dayOfWeek,
  startTime,
  branchId: branchIdField.optional(),
  language,
});
export type ServiceCreate = z.infer<typeof serviceCreateSchema>;

export const serviceUpdateSchema = serviceCreateSchema.partial();
export type ServiceUpdate = z.infer<typeof serviceUpdateSchema>;

/** `GET /services/?branch=`: that branch and those below it. */
export const serviceListQuery = z.object({
  branch: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

/** "Sunday 9:30 AM" */
export function serviceWhen(service: Pick<Service, 'dayOfWeek' | 'startTime'>): string {
  const [h, m] = service.startTime.split(':').map(Number);
  const hour = h % 12 || 12;
  return `${DAYS_OF_WEEK[service.dayOfWeek]} ${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
