// A prayer request as staff see it in the API, with its updates and whether it needs following up.
import type { Selectable } from 'kysely';
import type { PrayerAnswer, PrayerUpdate } from '../../lib/shared/prayers/api';
import { needsFollowUp } from '../../lib/shared/prayers/wall';
import type { PrayerCategory, PrayerPriority, PrayerStatus } from '../../lib/shared/visitors/rules';
import type { PrayerRequestsTable, PrayerUpdatesTable } from '../db/schema';
import { readTags } from '../db/tags';

export type PrayerRow = Selectable<PrayerRequestsTable>;
export type UpdateRow = Selectable<PrayerUpdatesTable>;

const toPrayerUpdateAnswer = (row: UpdateRow): PrayerUpdate => ({
  id: Number(row.id),
  text: row.text,
  author: row.author_name,
  createdAt: row.created_at,
  isPublic: Boolean(row.is_public),
});

export function toPrayerAnswer(
  row: PrayerRow,
  updates: UpdateRow[],
  nowMs: number,
  followUpAfter: number,
): PrayerAnswer {
  const prayer = {
    id: Number(row.id),
    title: row.title,
    requester: row.requester,
    email: row.email,
    phone: row.phone,
    category: row.category as PrayerCategory,
    priority: row.priority as PrayerPriority,
    status: row.status as PrayerStatus,
    description: row.description,
    dateRequested: row.date_requested,
    lastUpdated: row.last_updated,
    isPublic: Boolean(row.is_public),
    approved: Boolean(row.approved),
    assignedTo: row.assigned_to,
    assignedToId: row.assigned_to_id === null ? null : Number(row.assigned_to_id),
    supporters: Number(row.supporters),
    updates: updates.map(toPrayerUpdateAnswer),
    tags: readTags(row.tags),
    source: row.source,
  };
  return { ...prayer, needsFollowUp: needsFollowUp(prayer, nowMs, followUpAfter) };
}
