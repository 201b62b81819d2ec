// A registration as staff see it in the API.
import type { Selectable } from 'kysely';
import type { RegistrationAnswer } from '../../lib/shared/registrations/api';
import type { EventRegistrationsTable } from '../db/schema';

export type RegistrationRow = Selectable<EventRegistrationsTable>;

export function toRegistrationAnswer(row: RegistrationRow): RegistrationAnswer {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    seats: Number(row.seats),
    status: row.status,
    createdAt: row.created_at,
  };
}
