// Events screen logic (docs/PRODUCT.md (Pages and screens)): stat cards, search over title, description, organizer, location
// and tags, category, status and type filters, and each card's derived figures.
import type { ChurchEvent as StoredEvent } from '../../../../lib/shared/live/types';
import type { EventAnswer } from '../../../../lib/shared/live/api';
import { startingValues, tagsFromText, tagsToText } from '../../content-form';

/** An event as the screen shows it: the API's answer, whose capacity is null for "no limit". */
type ChurchEvent = Omit<StoredEvent, 'capacity'> & { capacity: number | null };
import { barWidth, formatCount, formatDate, formatTime12, percentFull } from '../../../../lib/shared/format';
import type { BadgeVariant } from '../../../ui/Badge';
import { ALL, matchesFilter, matchesSearch, sum } from '../../../../lib/shared/filters';

export interface EventFilters {
  search: string;
  category: string;
  status: string;
  type: string;
}

export const EMPTY_EVENT_FILTERS: EventFilters = { search: '', category: ALL, status: ALL, type: ALL };

export function filterEvents<E extends ChurchEvent>(events: readonly E[], f: EventFilters): E[] {
  return events.filter(
    (e) =>
      matchesSearch(f.search, [e.title, e.description, e.organizer, e.location, e.tags]) &&
      matchesFilter(e.category, f.category) &&
      matchesFilter(e.status, f.status) &&
      matchesFilter(e.type, f.type),
  );
}

/** Average percent full over events that have a capacity, rounded. */
export function averageCapacity(events: readonly ChurchEvent[]): number {
  const withCapacity = events.filter((e) => (e.capacity ?? 0) > 0);
  if (!withCapacity.length) return 0;
  return Math.round(sum(withCapacity.map((e) => percentFull(e.registered, e.capacity ?? 0))) / withCapacity.length);
}

export function eventStats(events: readonly ChurchEvent[]) {
  return [
    { label: 'Total Events', value: String(events.length) },
    { label: 'Upcoming', value: String(events.filter((e) => e.status === 'upcoming').length) },
    { label: 'Registrations', value: formatCount(sum(events.map((e) => e.registered))) },
    { label: 'Avg Capacity', value: `${averageCapacity(events)}%` },
  ];
}

/** What an event card shows beyond the raw fields. */
export function eventCardFigures(e: ChurchEvent) {
  const percent = percentFull(e.registered, e.capacity ?? 0);
  // null is the API's "no limit"; a stored 0 keeps the old figures (0% full).
  const limited = e.capacity !== null;
  const sameDay = !e.endDate || e.endDate === e.startDate;
  return {
    dates: sameDay ? formatDate(e.startDate) : `${formatDate(e.startDate)} - ${formatDate(e.endDate)}`,
    times: e.endTime ? `${formatTime12(e.startTime)} - ${formatTime12(e.endTime)}` : formatTime12(e.startTime),
    registration: e.requiresRegistration ? 'Required' : 'Open',
    attendance: limited ? `${e.registered}/${e.capacity}` : `${e.registered} (no limit)`,
    percent,
    percentLabel: limited ? `${percent}% full` : 'No capacity limit',
    bar: barWidth(percent),
    waitlist: `${e.waitlist} on waitlist`,
  };
}

export const EVENT_STATUS_BADGE: Record<ChurchEvent['status'], BadgeVariant> = {
  upcoming: 'info',
  ongoing: 'success',
  completed: 'neutral',
  cancelled: 'error',
};

// ---- The Create/Edit form ----

/** The event form's values as its controls hold them (capacity as typed, tags as one comma-separated line). */
export interface EventFormValues {
  title: string;
  description: string;
  category: ChurchEvent['category'];
  type: ChurchEvent['type'];
  status: ChurchEvent['status'];
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  organizer: string;
  capacity: string;
  requiresRegistration: boolean;
  isPublic: boolean;
  tags: string;
  imageUrl: string;
}

/** Create Event starts as a public one-time worship event on `today`; Edit starts from the event. */
export function eventFormValues(e: EventAnswer | null, today: string): EventFormValues {
  const blank: Omit<EventFormValues, 'capacity' | 'tags'> = {
    title: '',
    description: '',
    category: 'worship',
    type: 'one-time',
    status: 'upcoming',
    startDate: today,
    startTime: '',
    endDate: '',
    endTime: '',
    location: '',
    organizer: '',
    requiresRegistration: false,
    isPublic: true,
    imageUrl: '',
  };
  return {
    ...startingValues(e, blank),
    capacity: e?.capacity ? String(e.capacity) : '',
    tags: tagsToText(e?.tags ?? []),
  };
}

/** The body of POST /events/ or PATCH /events/{id}/ before the shared schema checks it: an empty capacity is
 * null (no limit), anything else a number (the schema says when it is not a positive whole one). */
export function eventPayload(v: EventFormValues) {
  const capacity = v.capacity.trim();
  return { ...v, capacity: capacity === '' ? null : Number(capacity), tags: tagsFromText(v.tags) };
}

// ---- The calendar ----

export interface CalendarMonth {
  year: number;
  /** 0 (January) to 11. */
  month: number;
}

export interface CalendarDay {
  /** YYYY-MM-DD */
  date: string;
  day: number;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export const monthOf = (iso: string): CalendarMonth => ({
  year: Number(iso.slice(0, 4)),
  month: Number(iso.slice(5, 7)) - 1,
});

export function shiftMonth(m: CalendarMonth, delta: number): CalendarMonth {
  const d = new Date(Date.UTC(m.year, m.month + delta, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

export function monthTitle(m: CalendarMonth): string {
  return new Date(Date.UTC(m.year, m.month, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The month as whole weeks, Sunday first: the days before the 1st and after the last come from the
 * neighbouring months (inMonth false), so every row has 7 days and there are 4 to 6 rows. */
export function monthGrid(m: CalendarMonth): CalendarDay[][] {
  const first = new Date(Date.UTC(m.year, m.month, 1));
  const daysInMonth = new Date(Date.UTC(m.year, m.month + 1, 0)).getUTCDate();
  const lead = first.getUTCDay();
  const rows = Math.ceil((lead + daysInMonth) / 7);
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < rows; w++) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      const d = new Date(Date.UTC(m.year, m.month, 1 - lead + w * 7 + i));
      week.push({ date: isoOf(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === m.month });
    }
    weeks.push(week);
  }
  return weeks;
}

/** The events on a day: those from their start date to their end date (the start date when none), by time. */
export function eventsOn<E extends ChurchEvent>(events: readonly E[], date: string): E[] {
  return events
    .filter((e) => e.startDate <= date && date <= (e.endDate || e.startDate))
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}
