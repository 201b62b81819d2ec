// @vitest-environment happy-dom
// The Attendance screen over a mocked API (issue 31, "Scale"): the weekly trend and its table come from
// GET /attendance/weekly/, the rows from GET /attendance/ with one more than the screen lists, and when there are
// more the screen says so and how to narrow them; a single church's few rows show as before, without the note.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import AttendanceScreen from '../../src/islands/admin/features/attendance/AttendanceScreen';
import { listAttendance, listWeeks } from '../../src/islands/admin/features/attendance/api';
import { ATTENDANCE_SHOWN, addDays } from '../../src/lib/shared/attendance/rules';
import type { AttendanceRow, AttendanceWeek } from '../../src/lib/shared/attendance/api';
import { formatDate } from '../../src/lib/shared/format';

vi.mock('../../src/islands/admin/features/attendance/api', () => ({
  listServices: vi.fn(async () => [{ id: 1, name: 'First Service', branchId: 1 }]),
  listBranches: vi.fn(async () => [{ id: 1, name: 'Grace Chapel' }]),
  listAttendance: vi.fn(),
  listWeeks: vi.fn(),
  exportAttendanceCsv: vi.fn(),
  getCode: vi.fn(async () => ({ code: 'ABCDEFGH', url: 'http://x/my/checkin', qrSvg: '<svg></svg>', date: '' })),
  postHeadcount: vi.fn(),
  searchPeople: vi.fn(async () => []),
  markPresent: vi.fn(),
}));

const row = (i: number): AttendanceRow => ({
  serviceId: 1 + (i % 3),
  service: `Service ${1 + (i % 3)}`,
  branchId: 1,
  date: addDays('2026-11-22', -7 * Math.floor(i / 3)),
  men: 10,
  women: 20,
  children: 5,
  total: 35,
  firstTimers: 1,
  checkedIn: 4,
});
const weeks: AttendanceWeek[] = [
  { week: '2026-11-15', men: 3000, women: 6000, children: 1500, total: 10_500, firstTimers: 300, checkedIn: 1200 },
  { week: '2026-11-22', men: 3100, women: 6100, children: 1600, total: 10_800, firstTimers: 310, checkedIn: 1250 },
];

beforeEach(() => {
  vi.mocked(listWeeks).mockReset();
  vi.mocked(listWeeks).mockResolvedValue(weeks);
  vi.mocked(listAttendance).mockReset();
});
afterEach(cleanup);

describe('AttendanceScreen', () => {
  it('draws the weeks the server summed, lists the newest rows and says when there are more', async () => {
    vi.mocked(listAttendance).mockImplementation(async (_query, limit) =>
      Array.from({ length: limit }, (_, i) => row(i)),
    );
    renderWithQuery(<AttendanceScreen />);
    expect(await screen.findByTestId('attendance-more')).toHaveProperty(
      'textContent',
      `Showing the newest ${ATTENDANCE_SHOWN} services and dates of this range. Narrow it by branch, service or dates to see the others; the weekly trend above and the CSV hold them all.`,
    );
    expect(vi.mocked(listAttendance).mock.calls[0][1]).toBe(ATTENDANCE_SHOWN + 1);
    expect(screen.getAllByTestId('attendance-row')).toHaveLength(ATTENDANCE_SHOWN);
    const table = screen.getByRole('table', { name: 'Weekly attendance' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([`${formatDate('2026-11-15')}10,5003001,200`, `${formatDate('2026-11-22')}10,8003101,250`]);
    // The weeks and the rows are asked with the same filters.
    expect(vi.mocked(listWeeks).mock.calls[0][0]).toEqual(vi.mocked(listAttendance).mock.calls[0][0]);
  });

  it('shows a single church’s few rows without the note', async () => {
    vi.mocked(listAttendance).mockResolvedValue([row(0), row(1), row(2)]);
    renderWithQuery(<AttendanceScreen />);
    expect(await screen.findAllByTestId('attendance-row')).toHaveLength(3);
    expect(screen.queryByTestId('attendance-more')).toBeNull();
  });
});
