// An event as the API answers it, with the seats its registrations take and wait for.
import type { Selectable } from 'kysely';
import type { EventAnswer } from '../../lib/shared/live/api';
import type { EventsTable } from '../db/schema';
import { readTags } from '../db/tags';

export type EventRow = Selectable<EventsTable> & {
  registered: number | string | null;
  waitlist: number | string | null;
};

/** The row as the API answers it: the ChurchEvent entity (capacity null for no limit), imageUrl left out when unset. */
export function toEventAnswer(row: EventRow): EventAnswer {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    type: row.type,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    location: row.location,
    capacity: row.capacity === null ? null : Number(row.capacity),
    registered: Number(row.registered ?? 0),
    waitlist: Number(row.waitlist ?? 0),
    organizer: row.organizer,
    isPublic: Boolean(row.is_public),
    requiresRegistration: Boolean(row.requires_registration),
    tags: readTags(row.tags),
    ...(row.image_url ? { imageUrl: row.image_url } : {}),
    branchId: Number(row.branch_id),
  };
}
