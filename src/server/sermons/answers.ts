// A sermon as the API answers it.
import type { Selectable } from 'kysely';
import type { SermonAnswer } from '../../lib/shared/live/api';
import type { SermonsTable } from '../db/schema';
import { readTags } from '../db/tags';

export type SermonRow = Selectable<SermonsTable>;

/** The row as the API answers it: the Sermon entity, unset optional fields left out, plus notes. */
export function toSermonAnswer(row: SermonRow): SermonAnswer {
  return {
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    date: row.date,
    category: row.category,
    duration: row.duration,
    description: row.description,
    ...(row.thumbnail ? { thumbnail: row.thumbnail } : {}),
    ...(row.audio_url ? { audioUrl: row.audio_url } : {}),
    ...(row.video_url ? { videoUrl: row.video_url } : {}),
    ...(row.series ? { series: row.series } : {}),
    views: Number(row.views),
    likes: Number(row.likes),
    comments: Number(row.comments),
    status: row.status,
    tags: readTags(row.tags),
    notes: row.notes,
  };
}
