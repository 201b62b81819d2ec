// Send Notifications (docs/API.md, Broadcasts): an email from the staff to a group of members, by role or by
// ministry. The field rules are zod-free so the compose dialog's native constraints use them; the schema checks
// the same limits in the API. A request key chosen when the dialog opens makes a double click one send.
import { z } from 'zod';
import { ROLES, type Role } from './permissions';
import { requiredText } from './schemas';

export const broadcastFieldRules = {
  subject: { required: true, minLength: 3, maxLength: 150 },
  message: { required: true, minLength: 10, maxLength: 5000 },
} as const;

/** Who receives it: every member, those of one role, or those of one ministry. */
export type Audience = { group: 'all' } | { group: 'role'; role: Role } | { group: 'ministry'; ministry: number };

export const audienceSchema = z.discriminatedUnion(
  'group',
  [
    z.strictObject({ group: z.literal('all') }),
    z.strictObject({ group: z.literal('role'), role: z.enum(ROLES, { error: 'Choose a role' }) }),
    z.strictObject({
      group: z.literal('ministry'),
      ministry: z.number({ error: 'Choose a ministry' }).int().positive('Choose a ministry'),
    }),
  ],
  { error: 'Choose who receives it' },
);

export const broadcastSchema = z.strictObject({
  requestKey: z.string({ error: 'requestKey is required' }).regex(/^[A-Za-z0-9-]{8,64}$/, 'requestKey is invalid'),
  audience: audienceSchema,
  subject: requiredText('Subject', {
    min: broadcastFieldRules.subject.minLength,
    max: broadcastFieldRules.subject.maxLength,
  }),
  message: requiredText('Message', {
    min: broadcastFieldRules.message.minLength,
    max: broadcastFieldRules.message.maxLength,
  }),
});
export type BroadcastInput = z.infer<typeof broadcastSchema>;

export const audiencesSchema = z.object({
  all: z.number().int(),
  roles: z.array(z.object({ role: z.enum(ROLES), label: z.string(), count: z.number().int() })),
  ministries: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
});
export type Audiences = z.infer<typeof audiencesSchema>;

export const broadcastResultSchema = z.object({
  id: z.number().int(),
  recipients: z.number().int(),
  sent: z.number().int(),
  /** True when this request key had already been sent: nothing went out again. */
  repeated: z.boolean(),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;

/** The email's text: the message, then who sent it and how to stop these emails (the dialog previews exactly this). */
export function broadcastText(message: string, senderName: string): string {
  return (
    `${message.trim()}\n\n-- \n` +
    `Sent by ${senderName} through the church's staff portal.\n` +
    'You receive this because email notifications are on in your profile; turn them off there to stop these emails.\n'
  );
}
