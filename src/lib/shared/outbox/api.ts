// The outbox as staff see it (GET /outbox/, ADMIN and above): every email and SMS the product sends, queued,
// sent or failed, with its attempts and the last error. The screen imports the types only.
import { z } from 'zod';
import { branchQuerySchema } from '../branches/api';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
/** `logged`: handed to the server log because no mail server (SMTP_URL) or SMS provider (SMS_PROVIDER) is set up,
 * so nobody received it; not "sent". */
export const OUTBOX_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** An email address, or an SMS number written 233XXXXXXXXX. */
  to: z.string(),
  /** An email's subject; null for an SMS. */
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** GET /outbox/?status=&channel=&q= (q: part of the recipient or subject). */
export const outboxQuerySchema = branchQuerySchema.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  q: z.string().trim().max(100).optional(),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** The channels a broadcast goes out on (POST /broadcasts/ `channels`; email alone by default). */
export const broadcastChannelsSchema = z
  .array(z.enum(OUTBOX_CHANNELS))
  .min(1, 'Choose email, SMS or both.')
  .refine((list) => new Set(list).size === list.length, 'Each channel once.');
