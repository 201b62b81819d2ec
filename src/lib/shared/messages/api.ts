// Contact messages as the staff inbox reads and changes them (docs/API.md, Messages). The contact form's own
// schema is contactSchema (schemas.ts); the server's route contracts declare these and the portal's types are
// derived from them.
import { z } from 'zod';
import { INQUIRY_TYPES, PREFERRED_CONTACT } from '../schemas';

export const MESSAGE_NOT_FOUND = 'Message not found.';
export const MESSAGE_CHANGE_EMPTY = 'Say what to change: read or archived.';

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  preferredContact: z.enum(PREFERRED_CONTACT),
  subject: z.string(),
  inquiryType: z.enum(INQUIRY_TYPES),
  services: z.array(z.string()),
  message: z.string(),
  read: z.boolean(),
  archived: z.boolean(),
  /** The private prayer request a prayer inquiry became, if it still exists. */
  prayerRequestId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const messageChangeSchema = z
  .strictObject({
    read: z.boolean({ error: 'read must be true or false' }).optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((change) => change.read !== undefined || change.archived !== undefined, { error: MESSAGE_CHANGE_EMPTY });
export type MessageChange = z.infer<typeof messageChangeSchema>;

/** POST /contact/'s answer to a script (a form post gets a 303 back to /contact#message-sent). */
export const contactReceivedSchema = z.object({ id: z.number().int(), detail: z.string() });

/** The sidebar's badge: unread messages that are not archived. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
