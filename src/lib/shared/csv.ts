// CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF rows). Visitors and staff typed many of
// the cells: one starting with = + - @ (or a tab or carriage return) would run as a formula when the file is
// opened, so it gets a leading apostrophe and stays text.
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  const text = value == null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
