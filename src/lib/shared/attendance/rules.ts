// Attendance's numbers, texts and calendar arithmetic (docs/API.md, Services and attendance), zod-free so the
// portal's headcount form, chart and dashboard card use them without loading zod; ./api.ts builds its schemas
// from them.

export const MAX_COUNT = 100_000;
/** 100000 → "100,000", without toLocaleString: at module load that would load ICU's number data (20-30 ms of the
 * server's start) for two sentences. */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
/** The weeks before the last N that absentees are judged on, and how many of them they came. */
export const ABSENT_LOOKBACK_WEEKS = 8;
export const ABSENT_MIN_WEEKS = 3;
export const ABSENT_MAX_WEEKS = 26;

/** How many rows of services and dates the Attendance screen lists (it asks for one more to know there are more). */
export const ATTENDANCE_SHOWN = 300;
/** The most rows GET /attendance/?limit= may ask for. */
export const ATTENDANCE_MAX_LIMIT = 10_000;

export const ATTENDANCE_TEXT = {
  count: `Enter a whole number from 0 to ${withCommas(MAX_COUNT)}.`,
  date: 'Enter a date as YYYY-MM-DD.',
  future: 'The date cannot be in the future.',
  service: 'Choose a service.',
  person: 'Choose a person.',
  code: 'This check-in code is not today’s code of that service. Scan the code on the screen again.',
  saved: 'Headcount saved.',
  replaced: 'Headcount saved. It replaced the one already entered for that service and date.',
  queued: 'You are offline. The headcount is kept on this device and will be sent when the connection is back.',
  checkedIn: 'You are checked in. Welcome!',
  alreadyIn: 'You were already checked in. Welcome!',
  marked: 'Marked present.',
  alreadyMarked: 'Already marked present: nothing changed.',
  limit: `The limit is a whole number from 1 to ${withCommas(ATTENDANCE_MAX_LIMIT)}.`,
} as const;

export const headcountTotal = (r: { men: number; women: number; children: number }) => r.men + r.women + r.children;

/** The Sunday that starts the week of a date ('YYYY-MM-DD', read as a calendar day). */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/** A week's sums (GET /attendance/weekly/): the week is named by its Sunday, as weekOf has it. */
export interface WeekTotal {
  week: string;
  men: number;
  women: number;
  children: number;
  total: number;
  firstTimers: number;
  checkedIn: number;
}

/** Rows of days (or of services and dates) summed by week, oldest first. */
export function weeklyTotals(rows: readonly (Omit<WeekTotal, 'week'> & { date: string })[]): WeekTotal[] {
  const weeks = new Map<string, WeekTotal>();
  for (const r of rows) {
    const week = weekOf(r.date);
    const w = weeks.get(week) ?? { week, men: 0, women: 0, children: 0, total: 0, firstTimers: 0, checkedIn: 0 };
    w.men += r.men;
    w.women += r.women;
    w.children += r.children;
    w.total += r.total;
    w.firstTimers += r.firstTimers;
    w.checkedIn += r.checkedIn;
    weeks.set(week, w);
  }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

/** The CSV's header row. */
export const ATTENDANCE_CSV_HEADER = [
  'Date',
  'Service',
  'Men',
  'Women',
  'Children',
  'Total',
  'First-timers',
  'Checked in',
] as const;

/** A calendar day N days from another (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's calendar day at the church (UTC: Ghana keeps UTC all year). */
export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Where a member's own check-in form posts, and the page the QR code opens. */
export const CHECKIN_PAGE = '/my/checkin';
