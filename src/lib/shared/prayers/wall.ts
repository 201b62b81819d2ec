// What the public /prayers page, its request form and the portal share about prayer requests without zod
// (the page ships no schema up front): the labels, the thank-you, who the wall names, the follow-up rule.
import { PRAYER_TEXT_MAX, type PrayerCategory } from '../visitors/rules';

export const PRAYER_CATEGORY_LABELS: Record<PrayerCategory, string> = {
  health: 'Health',
  family: 'Family',
  guidance: 'Guidance',
  gratitude: 'Gratitude',
  ministry: 'Ministry',
  personal: 'Personal',
};

/** The thank-you after a request is sent (the island's, and the no-JavaScript #request-sent element's). */
export const PRAYER_THANKS = 'Thank you. Your prayer request has reached our prayer team, and we are praying with you.';

/** The first word of a name: all the prayer wall ever shows of who asked. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * docs/PRODUCT.md (States): a request nobody has touched for this many days is flagged for follow-up (the default;
 * staff set the period in Settings).
 */
export const FOLLOW_UP_DAYS = 30;
const DAY_MS = 86_400_000;

/** Not answered or closed, and its last update is more than `days` old. */
export function needsFollowUp(
  prayer: { status: string; lastUpdated: string },
  nowMs = Date.now(),
  days = FOLLOW_UP_DAYS,
): boolean {
  if (prayer.status === 'answered' || prayer.status === 'closed') return false;
  return nowMs - Date.parse(prayer.lastUpdated) > days * DAY_MS;
}

/** The longest staff update (Add Update), as long as a request. */
export const UPDATE_TEXT_MAX = PRAYER_TEXT_MAX;
