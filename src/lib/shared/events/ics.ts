// Hand-written iCalendar (RFC 5545) for the public events: CRLF line endings, escaped text, lines
// folded at 75 octets. Accra keeps UTC all year (no daylight saving), so local times are written as UTC.
import type { ChurchEvent } from '../live/types';

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into chunks of at most 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00Z`;

/** What the calendar needs of an event: a ChurchEvent or the API's answer (whose capacity may be null). */
type CalendarEvent = Omit<ChurchEvent, 'capacity'>;

export function buildCalendar(
  events: readonly CalendarEvent[],
  opts: { name: string; host: string; origin: string; now?: Date },
): string {
  const dtstamp = (opts.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(opts.name)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${opts.name} Events`)}`,
    'X-WR-TIMEZONE:Africa/Accra',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${opts.host}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART:${stamp(event.startDate, event.startTime)}`,
      `DTEND:${stamp(event.endDate, event.endTime || event.startTime)}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      `CATEGORIES:${escapeText(event.category)}`,
      `STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
      `URL:${new URL(`/events#${event.id}`, opts.origin).href}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Events a visitor may see: public ones that have not ended or been cancelled. */
export function publicUpcoming<E extends CalendarEvent>(events: readonly E[]): E[] {
  return events.filter((e) => e.isPublic && (e.status === 'upcoming' || e.status === 'ongoing'));
}
