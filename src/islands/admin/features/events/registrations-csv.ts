// An event's registrations as CSV for a spreadsheet (lib/shared/csv.ts quotes the cells and defuses formulas).
import type { RegistrationAnswer } from '../../../../lib/shared/registrations/api';
import { toCsv } from '../../../../lib/shared/csv';

const HEADER = ['Name', 'Email', 'Phone', 'Seats', 'Status', 'Registered at'];
const STATUS_LABELS: Record<RegistrationAnswer['status'], string> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  checked_in: 'Checked in',
};

export function registrationsCsv(rows: readonly RegistrationAnswer[]): string {
  return toCsv([HEADER, ...rows.map((r) => [r.name, r.email, r.phone, r.seats, STATUS_LABELS[r.status], r.createdAt])]);
}

export { STATUS_LABELS as REGISTRATION_STATUS_LABELS };
