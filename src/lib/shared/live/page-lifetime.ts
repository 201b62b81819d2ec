// How long the route cache may keep an on-demand public page (src/lib/content/live-content.ts). Writes through
// the API purge the pages at once; the lifetime bounds what no write announces: a scheduled sermon goes public
// when its date comes (UTC midnight, docs/PRODUCT.md (States)) and an event leaves "upcoming" when its day is
// over, so no page may be kept past the next UTC midnight. The cap bounds writes made by another server
// instance, which this one does not hear of.

/** At most five minutes. */
export const PAGE_MAX_AGE_SECONDS = 300;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole seconds from `nowMs` to the next UTC midnight, rounded down, at least 1. */
export function secondsToNextUtcMidnight(nowMs: number): number {
  const next = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.floor((next - nowMs) / 1000));
}

/** The route cache's max-age for a page rendered at `nowMs`. */
export function pageMaxAge(nowMs: number): number {
  return Math.min(PAGE_MAX_AGE_SECONDS, secondsToNextUtcMidnight(nowMs));
}
