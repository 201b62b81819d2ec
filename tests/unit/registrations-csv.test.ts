// The registrations CSV: every cell quoted, quotes doubled, and a cell a spreadsheet would run as a formula
// (a visitor typed it) kept as text with a leading apostrophe.
import { describe, expect, it } from 'vitest';
import { registrationsCsv } from '../../src/islands/admin/features/events/registrations-csv';
import { csvCell } from '../../src/lib/shared/csv';

describe('registrations CSV', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Ama "Maa" Mensah')).toBe('"Ama ""Maa"" Mensah"');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
  });

  it('keeps formula-leading cells as text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("http://x")`)).toBe(`"'${start}HYPERLINK(""http://x"")"`);
    }
    expect(csvCell('Kofi')).toBe('"Kofi"');
  });

  it('writes a header and one CRLF row per registration', () => {
    const csv = registrationsCsv([
      {
        id: 1,
        name: '=cmd|calc',
        email: 'k@example.org',
        phone: null,
        seats: 2,
        status: 'checked_in',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(csv).toBe(
      '"Name","Email","Phone","Seats","Status","Registered at"\r\n' +
        '"\'=cmd|calc","k@example.org","","2","Checked in","2026-11-20T10:00:00.000Z"\r\n',
    );
  });
});
