// The time windows the staff figures compare (docs/PRODUCT.md (Analytics)): an analytics range and the period
// before it, this calendar month and the last, and the chart's buckets. Days are UTC 'YYYY-MM-DD' strings; a
// window is [start, end), so `created_at >= start and created_at < end` selects it on ISO timestamps in SQLite
// and PostgreSQL alike.
import { ANALYTICS_RANGES } from '../constants';

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value'];
export const RANGE_VALUES = ANALYTICS_RANGES.map((r) => r.value) as [AnalyticsRange, ...AnalyticsRange[]];
export const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export interface Window {
  start: string;
  end: string;
}
export interface Bucket extends Window {
  label: string;
}

const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** The range ending with today (today included) and the same number of days just before it. */
export function rangeWindows(range: AnalyticsRange, nowMs: number): { current: Window; previous: Window } {
  const days = RANGE_DAYS[range];
  const end = addDays(dayOf(nowMs), 1);
  const start = addDays(end, -days);
  return { current: { start, end }, previous: { start: addDays(start, -days), end: start } };
}

/** This calendar month (UTC) so far and the whole month before it. */
export function monthWindows(nowMs: number): { current: Window; previous: Window } {
  const now = new Date(nowMs);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const first = (year: number, month: number) => dayOf(Date.UTC(year, month, 1));
  return {
    current: { start: first(y, m), end: first(y, m + 1) },
    previous: { start: first(y, m - 1), end: first(y, m) },
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const short = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;

/**
 * The chart's points over a window: a day each for 7 and 30 days, a week each for 90 days (the last one
 * shorter when the days do not divide), a calendar month each for a year (the first one partial).
 */
export function buckets(range: AnalyticsRange, window: Window): Bucket[] {
  const out: Bucket[] = [];
  if (range === '1y') {
    let start = window.start;
    while (start < window.end) {
      const next = dayOf(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1));
      const end = next < window.end ? next : window.end;
      out.push({ label: `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`, start, end });
      start = end;
    }
    return out;
  }
  const step = range === '90d' ? 7 : 1;
  for (let start = window.start; start < window.end; start = addDays(start, step)) {
    const stepEnd = addDays(start, step);
    const end = stepEnd < window.end ? stepEnd : window.end;
    out.push({ label: step === 1 ? short(start) : `Week of ${short(start)}`, start, end });
  }
  return out;
}

/** The index of the bucket holding `day` ('YYYY-MM-DD…'), or -1. Buckets are sorted and contiguous. */
export function bucketIndex(list: readonly Window[], day: string): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (day < list[mid].start) hi = mid - 1;
    else if (day >= list[mid].end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * Change from `previous` to `current` in percent, one decimal: 0 when both are 0, null when only the previous is
 * (a rise from nothing has no percentage; the screens say "new").
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** `part` of `whole` in percent, rounded, at most 100; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((Math.min(part, whole) / whole) * 100) : 0;
}
