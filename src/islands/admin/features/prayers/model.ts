// Prayers screen logic (docs/PRODUCT.md (Pages and screens)): stat cards, search over title, requester,
// description and tags, category, status, priority and follow-up filters, and the badges' colours. The requests
// come from the API (GET /prayers/); needsFollowUp is the server's (src/lib/shared/prayers/wall.ts's FOLLOW_UP_DAYS rule).
import { formatCount } from '../../../../lib/shared/format';
import type { BadgeVariant } from '../../../ui/Badge';
import type { PrayerAnswer } from '../../../../lib/shared/prayers/api';
import type { PrayerPriority, PrayerStatus } from '../../../../lib/shared/visitors/rules';
import { ALL, matchesFilter, matchesSearch, sum } from '../../../../lib/shared/filters';

export type PrayerRequest = PrayerAnswer;

/** The props of a dialog that sends one change to a request (Add Update, Manage Prayer). */
export interface PrayerFormProps<T> {
  prayer: PrayerRequest;
  onClose: () => void;
  onSave: (input: T) => Promise<unknown>;
}

export interface PrayerFilters {
  search: string;
  category: string;
  status: string;
  priority: string;
  followUp: string;
}

/** The follow-up filter's one choice besides "all". */
export const NEEDS_FOLLOW_UP = 'needs-follow-up';
export const FOLLOW_UP_OPTIONS = [
  { value: ALL, label: 'All Requests' },
  { value: NEEDS_FOLLOW_UP, label: 'Needs Follow-up' },
];

export const EMPTY_PRAYER_FILTERS: PrayerFilters = {
  search: '',
  category: ALL,
  status: ALL,
  priority: ALL,
  followUp: ALL,
};

export function filterPrayers(prayers: readonly PrayerRequest[], f: PrayerFilters): PrayerRequest[] {
  return prayers.filter(
    (p) =>
      matchesSearch(f.search, [p.title, p.requester, p.description, p.tags]) &&
      matchesFilter(p.category, f.category) &&
      matchesFilter(p.status, f.status) &&
      matchesFilter(p.priority, f.priority) &&
      (f.followUp !== NEEDS_FOLLOW_UP || p.needsFollowUp),
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

/** Where the request stands with the public prayer wall, as the detail dialog says it. */
export function wallState(p: Pick<PrayerRequest, 'isPublic' | 'approved' | 'status'>): string {
  if (!p.isPublic) return 'Private: never on the wall';
  if (!p.approved) return 'Awaiting approval';
  return p.status === 'closed' ? 'Approved, but closed requests leave the wall' : 'On the prayer wall';
}
