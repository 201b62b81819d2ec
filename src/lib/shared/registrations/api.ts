// Event registrations as the API takes and answers them (docs/API.md, Registrations). The public form's schema
// is registrationSchema (schemas.ts); the server's route contracts declare these and the portal's types are
// derived from them.
import { z } from 'zod';
import { REGISTRATION_STATUSES } from '../live/api';

export const REGISTRATION_NOT_FOUND = 'Registration not found.';
export const REGISTRATION_CLOSED = {
  notTaken: 'This event does not take registrations.',
  cancelled: 'This event has been cancelled.',
  ended: 'This event has ended.',
} as const;
export const ONLY_CONFIRMED_CHECK_IN = 'Only a confirmed registration can be checked in.';
export const ALREADY_CANCELLED = 'This registration is already cancelled.';
export const ONLY_OPEN_CANCEL = 'A registration that is checked in can no longer be cancelled.';
export const PAST_EVENT_CANCEL = 'A registration for an event that has ended can no longer be cancelled.';

/**
 * Whether a member may still cancel their registration at /my: open (confirmed or waitlisted), for an event not
 * completed whose last day (its end date, else its start) is today or later. Dates are 'YYYY-MM-DD'.
 */
export function openToCancel(
  registration: { status: string },
  event: { status: string; startDate: string; endDate?: string | null },
  today: string,
): boolean {
  return (
    (registration.status === 'confirmed' || registration.status === 'waitlisted') &&
    event.status !== 'completed' &&
    (event.endDate || event.startDate) >= today
  );
}
export const CANCEL_LINK_INVALID = 'This cancel link is invalid or the registration is already cancelled.';

/** An event's figures: seats taken (confirmed or checked in), seats waiting, and its capacity (null: no limit). */
export const eventFiguresSchema = z.object({
  registered: z.number().int(),
  waitlist: z.number().int(),
  capacity: z.number().int().nullable(),
});
export type EventFigures = z.infer<typeof eventFiguresSchema>;

/** What a registrant is told (POST /events/{id}/registrations/). */
export const registrationReceiptSchema = z.object({
  id: z.number().int(),
  status: z.enum(['confirmed', 'waitlisted']),
  seats: z.number().int(),
  /** The event's figures with this registration, for the page's card (absent from the honeypot's decoy). */
  event: eventFiguresSchema.optional(),
});
export type RegistrationReceipt = z.infer<typeof registrationReceiptSchema>;

/** What staff see of each registration (GET /events/{id}/registrations/), in the order they arrived. */
export const registrationAnswerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  seats: z.number().int(),
  status: z.enum(REGISTRATION_STATUSES),
  createdAt: z.string(),
});
export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;

export const registrationChangeSchema = z.strictObject({
  status: z.enum(['cancelled', 'checked_in'], { error: 'status must be cancelled or checked_in' }),
});

export const cancelTokenSchema = z.object({
  token: z.string({ error: CANCEL_LINK_INVALID }).trim().min(1, CANCEL_LINK_INVALID).max(200, CANCEL_LINK_INVALID),
});
