// Prayers screen logic (docs/PRODUCT.md (Pages and screens)): stat cards, search over title, requester, description and tags,
// category, status and priority filters.
import { formatCount } from '../../../../lib/shared/format';
import type { BadgeVariant } from '../../../ui/Badge';
import type { PrayerPriority, PrayerRequest, PrayerStatus } from './sample';
import { ALL, matchesFilter, matchesSearch, sum } from '../../../../lib/shared/filters';

export interface PrayerFilters {
  search: string;
  category: string;
  status: string;
  priority: string;
}

export const EMPTY_PRAYER_FILTERS: PrayerFilters = { search: '', category: ALL, status: ALL, priority: ALL };

export function filterPrayers(prayers: readonly PrayerRequest[], f: PrayerFilters): PrayerRequest[] {
  return prayers.filter(
    (p) =>
      matchesSearch(f.search, [p.title, p.requester, p.description, p.tags]) &&
      matchesFilter(p.category, f.category) &&
      matchesFilter(p.status, f.status) &&
      matchesFilter(p.priority, f.priority),
  );
}

export function prayerStats(prayers: readonly PrayerRequest[]) {
  return [
    { label: 'Total Prayers', value: String(prayers.length) },
    { label: 'Active Prayers', value: String(prayers.filter((p) => p.status === 'active').length) },
    { label: 'Answered', value: String(prayers.filter((p) => p.status === 'answered').length) },
    { label: 'Total Supporters', value: formatCount(sum(prayers.map((p) => p.supporters))) },
  ];
}

export const PRAYER_STATUS_BADGE: Record<PrayerStatus, BadgeVariant> = {
  active: 'info',
  ongoing: 'warning',
  answered: 'success',
  closed: 'neutral',
};

export const PRAYER_PRIORITY_BADGE: Record<PrayerPriority, BadgeVariant> = {
  urgent: 'error',
  high: 'warning',
  medium: 'info',
  low: 'neutral',
};
