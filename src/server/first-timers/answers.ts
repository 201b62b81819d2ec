// A first-timer's card as the API answers it (docs/API.md, First-timers), with its service, assignee and notes,
// read for many cards in three queries whatever their number.
import type { Kysely, Selectable } from 'kysely';
import type { FirstTimer, FirstTimerStatus } from '../../lib/shared/first-timers/api';
import { fullName } from '../../lib/shared/format';
import type { DB, FirstTimersTable } from '../db/schema';

export type CardRow = Selectable<FirstTimersTable>;

export async function toFirstTimerAnswers(db: Kysely<DB>, rows: CardRow[]): Promise<FirstTimer[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.id));
  const serviceIds = [...new Set(rows.map((r) => r.service_id).filter((v): v is number => v != null))];
  const staffIds = [...new Set(rows.map((r) => r.assigned_to).filter((v): v is number => v != null))];
  const [services, staff, notes] = await Promise.all([
    serviceIds.length
      ? db.selectFrom('services').select(['id', 'name']).where('id', 'in', serviceIds).execute()
      : Promise.resolve([]),
    staffIds.length
      ? db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'username'])
          .where('id', 'in', staffIds)
          .execute()
      : Promise.resolve([]),
    db.selectFrom('first_timer_notes').selectAll().where('card_id', 'in', ids).orderBy('id').execute(),
  ]);
  const serviceName = new Map(services.map((s) => [Number(s.id), s.name]));
  const staffName = new Map(staff.map((u) => [Number(u.id), fullName(u)]));
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    phone: row.phone,
    email: row.email,
    service:
      row.service_id == null
        ? null
        : { id: Number(row.service_id), name: serviceName.get(Number(row.service_id)) ?? '' },
    heardFrom: row.heard_from,
    wantsVisit: Boolean(row.wants_visit),
    prayer: row.prayer,
    status: row.status as FirstTimerStatus,
    assignedTo:
      row.assigned_to == null
        ? null
        : { id: Number(row.assigned_to), name: staffName.get(Number(row.assigned_to)) ?? '' },
    branchId: Number(row.branch_id),
    accountId: row.user_id == null ? null : Number(row.user_id),
    notes: notes
      .filter((n) => Number(n.card_id) === Number(row.id))
      .map((n) => ({
        id: Number(n.id),
        text: n.text,
        author: { id: n.author_id == null ? null : Number(n.author_id), name: n.author_name },
        createdAt: n.created_at,
      })),
    createdAt: row.created_at,
  }));
}
