// Site settings as the API takes and answers them (docs/API.md, Settings). First: who receives the emails about
// what visitors send (contact messages, prayer requests, registrations).
import { z } from 'zod';
import { EMAIL_PATTERN, messages } from './messages';

export const MAX_RECIPIENTS = 20;

export const notificationSettingsSchema = z.object({
  /** The list staff set; empty when none is set. */
  recipients: z.array(z.string()),
  /** Whether a list is set (otherwise the administrators receive the emails). */
  configured: z.boolean(),
  /** Who receives them now. */
  effective: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsChangeSchema = z.strictObject({
  recipients: z
    .array(z.string({ error: messages.email }).trim().max(254, messages.email).regex(EMAIL_PATTERN, messages.email), {
      error: 'recipients must be a list of email addresses',
    })
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`)
    .transform((list) => [...new Set(list.map((e) => e.toLowerCase()))]),
});
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChangeSchema>;
