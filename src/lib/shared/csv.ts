// CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF rows). Visitors and staff typed many of
// the cells: one starting with = + - @ (or a tab or carriage return) would run as a formula when the file is
// opened, so it gets a leading apostrophe and stays text. Numbers the program computed are left as numbers.
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  const text = value == null ? '' : String(value);
  // A number the program wrote (e.g. a growth of -12.5) is a number, not something a person typed.
  const typed = typeof value !== 'number';
  const safe = typed && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
