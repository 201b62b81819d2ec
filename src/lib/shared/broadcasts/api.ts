// Send Notifications (docs/API.md, Broadcasts) as the API takes and answers it: the schemas check the limits of
// ./rules.ts. A request key chosen when the compose dialog opens makes a double click one send.
import { z } from 'zod';
import { ROLES } from '../permissions';
import { requiredText } from '../schemas';
import { broadcastChannelsSchema } from '../outbox/api';
import { broadcastFieldRules } from './rules';

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
  channels: broadcastChannelsSchema.default(['email']),
});
export type BroadcastInput = z.infer<typeof broadcastSchema>;

export const audiencesSchema = z.object({
  all: z.number().int(),
  roles: z.array(z.object({ role: z.enum(ROLES), label: z.string(), count: z.number().int() })),
  ministries: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  /** The members each group would reach by SMS (a phone number an SMS can go to, SMS notifications on). */
  sms: z.object({
    all: z.number().int(),
    roles: z.record(z.enum(ROLES), z.number().int()),
    /** By ministry id; a ministry nobody of can be texted is absent. */
    ministries: z.record(z.string(), z.number().int()),
  }),
});
export type Audiences = z.infer<typeof audiencesSchema>;

export const broadcastResultSchema = z.object({
  id: z.number().int(),
  /** The members reached by at least one of the channels. */
  recipients: z.number().int(),
  /** The messages queued in the outbox, one per member and channel: channels.email + channels.sms. */
  sent: z.number().int(),
  /** The members queued an email (in Bcc batches), and those queued an SMS. */
  channels: z.object({ email: z.number().int(), sms: z.number().int() }),
  /** True when this request key had already been sent: nothing went out again. */
  repeated: z.boolean(),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;
