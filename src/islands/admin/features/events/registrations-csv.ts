// An event's registrations as CSV (RFC 4180: every cell quoted, quotes doubled, CRLF rows) for a spreadsheet.
// A visitor typed the names: a cell starting with = + - @ or a tab or carriage return would run as a formula
// when the file is opened, so it gets a leading apostrophe and stays text.
import type { RegistrationAnswer } from '../../../../lib/shared/registration-api';

const HEADER = ['Name', 'Email', 'Phone', 'Seats', 'Status', 'Registered at'];
const STATUS_LABELS: Record<RegistrationAnswer['status'], string> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  checked_in: 'Checked in',
};

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function registrationsCsv(rows: readonly RegistrationAnswer[]): string {
  const lines = [
    HEADER,
    ...rows.map((r) => [r.name, r.email, r.phone ?? '', String(r.seats), STATUS_LABELS[r.status], r.createdAt]),
  ];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export { STATUS_LABELS as REGISTRATION_STATUS_LABELS };
