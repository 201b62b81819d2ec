// A service as the API answers it (docs/API.md, Services and attendance).
import type { Selectable } from 'kysely';
import type { Service } from '../../lib/shared/services/api';
import type { ServicesTable } from '../db/schema';

export function toServiceAnswer(row: Selectable<ServicesTable>): Service {
  return {
    id: Number(row.id),
    name: row.name,
    branchId: Number(row.branch_id),
    dayOfWeek: Number(row.day_of_week),
    startTime: row.start_time,
    language: row.language,
  };
}
