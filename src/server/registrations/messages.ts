// What a registration sends (docs/PRODUCT.md (Events and Prayers)): the registrant's confirmation or waitlist
// notice with the event as an iCalendar file and the cancel link, its SMS, and the staff notice. ./service.ts
// queues them in the registration's transaction.
import type { AppDeps } from '../kernel/context';
import { oneLine } from '../notifications/service';
import type { MailMessage } from '../kernel/ports';
import { formatEventWhen } from '../../lib/shared/format';
import { buildCalendar } from '../../lib/shared/events/ics';
import type { EventAnswer, RegistrationStatus } from '../../lib/shared/live/api';
import type { RegistrationInput } from '../../lib/shared/schemas';
import { signature } from '../settings/church';
import type { ChurchContact } from '../../lib/shared/settings/api';

export function staffNotice(event: EventAnswer, input: RegistrationInput, status: RegistrationStatus) {
  return {
    kind: 'registration' as const,
    subject: `New registration (${status}): ${event.title}`,
    text: [
      `${input.name} registered ${input.seats} seat${input.seats === 1 ? '' : 's'} for ${event.title} (${formatEventWhen(event)}).`,
      `Status: ${status}`,
      `Email: ${input.email}`,
      `Phone: ${input.phone ?? 'not given'}`,
      '',
      'Open Events > Manage Registrations in the staff portal to see everyone registered.',
    ].join('\n'),
    replyTo: input.email,
  };
}

/** One or two SMS: the event and when; the cancel link is in the email. */
export function confirmationSms(event: EventAnswer, status: 'confirmed' | 'waitlisted') {
  // The short month keeps it within two SMS.
  const when = formatEventWhen(event, 'short');
  return oneLine(
    status === 'confirmed'
      ? `Your registration for ${event.title} (${when}) is confirmed. Details and the cancel link are in your email.`
      : `${event.title} (${when}) is full for now: you are on the waitlist. We will email you if a place opens.`,
  );
}

export function calendarOf(deps: AppDeps, event: EventAnswer): string {
  const host = new URL(deps.config.siteUrl).host;
  return buildCalendar([event], { name: host, host, origin: deps.config.siteUrl, now: new Date(deps.now()) });
}

/** The registrant's confirmation (or waitlist notice) with the event as an iCalendar file and the cancel link. */
export function confirmation(
  deps: AppDeps,
  event: EventAnswer,
  person: { name: string; email: string; seats: number },
  status: 'confirmed' | 'waitlisted',
  token: string,
  church: ChurchContact,
): MailMessage {
  const cancel = `${deps.config.siteUrl}/events/cancel?token=${token}`;
  const seats = `${person.seats} seat${person.seats === 1 ? '' : 's'}`;
  return {
    to: oneLine(person.email),
    subject: oneLine(
      status === 'confirmed' ? `Registration confirmed: ${event.title}` : `You are on the waitlist: ${event.title}`,
    ),
    text:
      [
        `Dear ${oneLine(person.name)},`,
        '',
        status === 'confirmed'
          ? `Your registration for ${event.title} is confirmed (${seats}).`
          : `${event.title} is full for now, so your registration (${seats}) is on the waitlist. We will email you if a place opens for you.`,
        '',
        `When: ${formatEventWhen(event)}`,
        `Where: ${event.location}`,
        '',
        'The event is attached as a calendar file.',
        `If you cannot come, please cancel here so someone else can have your place: ${cancel}`,
      ].join('\n') + signature(church),
    attachments: [{ filename: 'event.ics', content: calendarOf(deps, event), contentType: 'text/calendar' }],
  };
}
