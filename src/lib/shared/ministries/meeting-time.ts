// A ministry's meeting time (docs/API.md, Ministries): one type, "HH:MM" on the 24-hour clock, stored and answered as
// such, and one way to show it. Staff may type it either way ("6:30 PM", "6:30pm", "6 pm", "18:30"); it used to be
// kept as typed, and /my read "6:30 PM" as 24-hour text, so an evening meeting showed as 6:30 AM. Zod-free, so
// the pages and the portal's first chunk can format without it.
import { formatTime12 } from '../format';

export const MEETING_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MEETING_TIME_MESSAGE = 'Enter a time such as 6:30 PM or 18:30';
export const MEETING_TIME_EXAMPLE = 'e.g. 6:30 PM';

/** "6:30 PM", "6:30pm", "6 p.m.", "18:30", "9.15" -> "HH:MM"; null when it is not a time of day. */
export function parseMeetingTime(text: string): string | null {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (m[2] === undefined || hours > 23) {
    return null; // "6" alone could be morning or evening
  }
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The field's own check as staff type (the kit's `custom` rule): the message, or null. */
export const meetingTimeProblem = (text: string): string | null =>
  parseMeetingTime(text) === null ? MEETING_TIME_MESSAGE : null;

/** "18:30" -> "6:30 PM"; '' without a time. */
export const formatMeetingTime = (time: string | null | undefined): string => (time ? formatTime12(time) : '');

/** When a ministry meets, as /ministries, /my and the portal show it: "Thursday, 6:30 PM" (either alone, or ''). */
export function meetingWhen(m: { meeting_day: string | null; meeting_time: string | null }): string {
  return [m.meeting_day, formatMeetingTime(m.meeting_time)].filter(Boolean).join(', ');
}
