// Display formatting shared by the public pages and the portal (docs/PRODUCT.md (Constants)): dates en-US,
// times 12-hour, counts from 1000 as one-decimal k, names and initials.

/** Parses an ISO date (YYYY-MM-DD) as a calendar date, not a UTC instant, so it never shifts a day. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
}

export function formatDate(value: string | Date | null | undefined, style: 'long' | 'short' = 'long'): string {
  if (!value) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "19:30" -> "7:30 PM"; anything unparseable is returned as given. */
export function formatTime12(time: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const hours = Number(m[1]);
  if (hours > 23) return time;
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${m[2]} ${suffix}`;
}

/** An event's days as its card shows them: "December 19, 2026", or "December 19, 2026 - December 20, 2026". */
export function formatDateRange(startDate: string, endDate: string, style: 'long' | 'short' = 'long'): string {
  const start = formatDate(startDate, style);
  return !endDate || endDate === startDate ? start : `${start} - ${formatDate(endDate, style)}`;
}

/** An event's hours as its card shows them: "10:00 AM - 1:00 PM", or "10:00 AM" without an end. */
export function formatTimeRange(startTime: string, endTime?: string | null): string {
  return endTime ? `${formatTime12(startTime)} - ${formatTime12(endTime)}` : formatTime12(startTime);
}

/** When an event is, in one line for mails and SMS: "December 19, 2026, 10:00 AM - 1:00 PM". */
export function formatEventWhen(
  event: { startDate: string; endDate: string; startTime: string; endTime?: string | null },
  style: 'long' | 'short' = 'long',
): string {
  return `${formatDateRange(event.startDate, event.endDate, style)}, ${formatTimeRange(event.startTime, event.endTime)}`;
}

/** 999 -> "999", 1000 -> "1.0k", 15234 -> "15.2k". */
export function formatCount(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** Registered over capacity as a rounded percent; the bar width is capped at 100. */
export function percentFull(registered: number, capacity: number): number {
  return capacity > 0 ? Math.round((registered / capacity) * 100) : 0;
}
export function barWidth(percent: number): number {
  return Math.max(0, Math.min(100, percent));
}

/** "1990-03-04" and 36 -> "March 4, 1990 (36 years)": a date with the whole years the API counted since it
 * (a User's age or years_as_member); '' without a date. */
export function dateWithYears(
  date: string | null,
  years: number | null,
  unit: (n: number) => string = (n) => `${n} ${n === 1 ? 'year' : 'years'}`,
): string {
  if (!date) return '';
  return years === null ? formatDate(date) : `${formatDate(date)} (${unit(years)})`;
}

interface Named {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
}

/** First and last name joined, falling back to the username. */
export function fullName(user: Named): string {
  const name = [user.first_name, user.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || user.username || '';
}

/** First letters of first and last name, else the username's first letter, else 'U'. */
export function initials(user: Named): string {
  const first = user.first_name?.trim()?.[0] ?? '';
  const last = user.last_name?.trim()?.[0] ?? '';
  const fromName = `${first}${last}`.toUpperCase();
  if (fromName) return fromName;
  return user.username?.trim()?.[0]?.toUpperCase() || 'U';
}

/** "+233 30 123 4567" -> "tel:+233301234567": a phone number as a link a phone can dial. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
