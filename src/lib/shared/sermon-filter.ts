// The public sermon library's search and filters (docs/PRODUCT.md (Pages and screens, Validation)): case-insensitive substring
// search, category and speaker filters combined with AND, where "all" means no filter.
import type { Sermon } from './content-types';

export const ALL = 'all';

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

/** Fields a search looks in: what a visitor sees on a card, plus series and tags. */
function haystack(sermon: PublicSermon): string {
  return [sermon.title, sermon.speaker, sermon.description, sermon.category, sermon.series ?? '', ...sermon.tags]
    .join('\n')
    .toLowerCase();
}

export function filterSermons<T extends PublicSermon>(sermons: readonly T[], filters: SermonFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  return sermons.filter(
    (sermon) =>
      (filters.category === ALL || sermon.category === filters.category) &&
      (filters.speaker === ALL || sermon.speaker === filters.speaker) &&
      (needle === '' || haystack(sermon).includes(needle)),
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
