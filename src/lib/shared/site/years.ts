// How long the church has served: from the About timeline's first year to today's year (issue 28), so the figure
// never goes stale. The copy writes `{years}` where the number goes (src/content/home/home.yaml,
// src/content/about/about.yaml). Home and About are prerendered, so "today" is the build's date: a yearly rebuild
// (any deploy) brings the figure up to date.
export const YEARS_PLACEHOLDER = '{years}';

/** Whole calendar years since the earliest year of the timeline (2017 to 2026 is 9). */
export function yearsServing(timeline: readonly { year: number }[], today: Date): number {
  const first = Math.min(...timeline.map((item) => item.year));
  return Math.max(0, today.getFullYear() - first);
}

/** The text with every `{years}` replaced by the figure. */
export const withYears = (text: string, years: number) => text.replaceAll(YEARS_PLACEHOLDER, String(years));
