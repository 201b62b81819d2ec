// Sermons screen logic (docs/PRODUCT.md (Pages and screens)): stat cards, search over title, speaker, description and tags,
// status and series filters derived from the data.
import type { Sermon, SermonStatus } from '../../../../lib/shared/live/types';
import { MAX_AUDIO_SIZE_BYTES } from '../../../../lib/shared/constants';
import { formatCount } from '../../../../lib/shared/format';
import type { BadgeVariant } from '../../../ui/Badge';
import { ALL, matchesFilter, matchesSearch, sum } from '../../../../lib/shared/filters';
import type { SermonAnswer } from '../../../../lib/shared/live/api';
import { startingValues, tagsFromText, tagsToText } from '../../content-form';

export interface SermonFilters {
  search: string;
  status: string;
  series: string;
}

export const EMPTY_SERMON_FILTERS: SermonFilters = { search: '', status: ALL, series: ALL };

export function filterSermons(sermons: readonly Sermon[], f: SermonFilters): Sermon[] {
  return sermons.filter(
    (s) =>
      matchesSearch(f.search, [s.title, s.speaker, s.description, s.tags]) &&
      matchesFilter(s.status, f.status) &&
      matchesFilter(s.series, f.series),
  );
}

/** The distinct series named in the data, sorted, for the series filter. */
export function seriesOf(sermons: readonly Sermon[]): string[] {
  return [...new Set(sermons.map((s) => s.series).filter((s): s is string => !!s))].sort((a, b) => a.localeCompare(b));
}

export function sermonStats(sermons: readonly Sermon[]) {
  return [
    { label: 'Total Sermons', value: String(sermons.length) },
    { label: 'Published', value: String(sermons.filter((s) => s.status === 'published').length) },
    { label: 'Total Views', value: formatCount(sum(sermons.map((s) => s.views))) },
    { label: 'Total Likes', value: formatCount(sum(sermons.map((s) => s.likes))) },
  ];
}

export const SERMON_STATUS_BADGE: Record<SermonStatus, BadgeVariant> = {
  published: 'success',
  draft: 'neutral',
  scheduled: 'info',
};

/** The public page of a sermon, as an absolute URL for sharing. */
export function sermonShareUrl(id: string, origin: string): string {
  return new URL(`/sermons/${encodeURIComponent(id)}`, origin).href;
}

/** The sermon form's values, every one as its control holds it (tags as one comma-separated line). */
export interface SermonFormValues {
  title: string;
  speaker: string;
  date: string;
  category: string;
  duration: string;
  series: string;
  description: string;
  status: SermonStatus;
  tags: string;
  videoUrl: string;
  thumbnail: string;
  notes: string;
}

/** New Sermon starts as a draft dated `today`; Edit Sermon starts from the sermon as the API answered it. */
export function sermonFormValues(sermon: SermonAnswer | null, today: string): SermonFormValues {
  const blank: Omit<SermonFormValues, 'tags'> = {
    title: '',
    speaker: '',
    date: today,
    category: '',
    duration: '',
    series: '',
    description: '',
    status: 'draft',
    videoUrl: '',
    thumbnail: '',
    notes: '',
  };
  return { ...startingValues(sermon, blank), tags: tagsToText(sermon?.tags ?? []) };
}

/** The body of POST /sermons/ or PATCH /sermons/{id}/ (every field; empty optional text clears it), before
 * the shared schema checks it. */
export function sermonPayload(values: SermonFormValues) {
  return { ...values, tags: tagsFromText(values.tags) };
}

/** What the sermon's audio input takes (the API proves the format from the bytes; this only filters the picker). */
export const AUDIO_ACCEPT = 'audio/mpeg,audio/mp4,.mp3,.m4a';

export const AUDIO_LIMIT_MB = Math.round(MAX_AUDIO_SIZE_BYTES / 1024 / 1024);

/** The audio field's own check before sending: the size limit of docs/PRODUCT.md (Constants). */
export function audioFileProblem(file: { size: number }): string | null {
  return file.size > MAX_AUDIO_SIZE_BYTES ? `The file is too large (at most ${AUDIO_LIMIT_MB} MB).` : null;
}
