// Events screen logic (docs/PRODUCT.md (Pages and screens)): stat cards, search over title, description, organizer, location
// and tags, category, status and type filters, and each card's derived figures.
import type { ChurchEvent } from '../../../../lib/shared/content-types';
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

export function filterEvents(events: readonly ChurchEvent[], f: EventFilters): ChurchEvent[] {
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
  const withCapacity = events.filter((e) => e.capacity > 0);
  if (!withCapacity.length) return 0;
  return Math.round(sum(withCapacity.map((e) => percentFull(e.registered, e.capacity))) / withCapacity.length);
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
  const percent = percentFull(e.registered, e.capacity);
  const sameDay = !e.endDate || e.endDate === e.startDate;
  return {
    dates: sameDay ? formatDate(e.startDate) : `${formatDate(e.startDate)} - ${formatDate(e.endDate)}`,
    times: e.endTime ? `${formatTime12(e.startTime)} - ${formatTime12(e.endTime)}` : formatTime12(e.startTime),
    registration: e.requiresRegistration ? 'Required' : 'Open',
    attendance: `${e.registered}/${e.capacity}`,
    percent,
    percentLabel: `${percent}% full`,
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
