// The public sermon library's search and filters (docs/PRODUCT.md (Pages and screens, Validation)): case-insensitive substring
// search, category and speaker filters combined with AND, where "all" means no filter.
import type { Sermon } from '../live/types';
import { ALL, matchesFilter, matchesSearch } from '../filters';

/** What the public library needs of a sermon (admin-only fields stay out of the page's island props). */
export type PublicSermon = Pick<
  Sermon,
  | 'id'
  | 'title'
  | 'speaker'
  | 'date'
  | 'category'
  | 'duration'
  | 'description'
  | 'audioUrl'
  | 'series'
  | 'tags'
  | 'views'
>;

export function toPublicSermon(s: Sermon): PublicSermon {
  const { id, title, speaker, date, category, duration, description, audioUrl, series, tags, views } = s;
  // Absent optional fields stay absent: each undefined key would still cost bytes in the island props.
  return {
    id,
    title,
    speaker,
    date,
    category,
    duration,
    description,
    tags,
    views,
    ...(audioUrl && { audioUrl }),
    ...(series && { series }),
  };
}

export interface SermonFilters {
  search: string;
  category: string;
  speaker: string;
}

export const EMPTY_FILTERS: SermonFilters = { search: '', category: ALL, speaker: ALL };

/** The search looks in what a visitor sees on a card, plus series and tags. */
export function filterSermons<T extends PublicSermon>(sermons: readonly T[], filters: SermonFilters): T[] {
  return sermons.filter(
    (s) =>
      matchesFilter(s.category, filters.category) &&
      matchesFilter(s.speaker, filters.speaker) &&
      matchesSearch(filters.search, [s.title, s.speaker, s.description, s.category, s.series, s.tags]),
  );
}

export function isFiltered(filters: SermonFilters): boolean {
  return filters.search.trim() !== '' || filters.category !== ALL || filters.speaker !== ALL;
}

/** Distinct, sorted values of one field, for a filter's options. */
export function optionsOf(sermons: readonly PublicSermon[], key: 'category' | 'speaker'): string[] {
  return [...new Set(sermons.map((s) => s[key]))].sort((a, b) => a.localeCompare(b));
}

/** The newest sermon by date (ties: first listed), or undefined for an empty list. */
export function latestSermon<T extends PublicSermon>(sermons: readonly T[]): T | undefined {
  return sermons.reduce<T | undefined>((latest, s) => (!latest || s.date > latest.date ? s : latest), undefined);
}
