// The Network dashboard's rows and their CSV (docs/PRODUCT.md (Network dashboard)): one row per branch just below
// the one looked at, then its total (the branch's own summary, which counts it and everything below it).
import { toCsv } from '../../../../lib/shared/csv';
import { showCedis } from '../../../../lib/shared/giving/money';
import type { BranchSummary } from './api';

export const NETWORK_TEXT = {
  title: 'Network Dashboard',
  noAttendance: 'No attendance recorded yet',
  total: 'Total',
} as const;

export function networkColumns(giving: boolean): string[] {
  return [
    'Branch',
    'Members',
    'Households',
    "Last week's attendance",
    '4-week average',
    ...(giving ? ['Giving, last 30 days (GH₵)'] : []),
  ];
}

/** A summary's cells after the branch's name; giving (cedis) as "GH₵ 1,234.00" on screen, a number in the CSV. */
export function figures(s: BranchSummary, giving: boolean, csv = false): (string | number)[] {
  const given = s.giving?.last30Days ?? 0;
  return [
    s.members,
    s.households,
    s.attendance.lastWeek,
    Math.round(s.attendance.averageLast4Weeks * 10) / 10,
    ...(giving ? [csv ? given : showCedis(given)] : []),
  ];
}

/** Whether any branch shown has attendance: until then the dashboard says none is recorded. */
export const hasAttendance = (rows: readonly BranchSummary[]) =>
  rows.some((s) => s.attendance.lastWeek > 0 || s.attendance.averageLast4Weeks > 0);

export function networkCsv(children: readonly BranchSummary[], total: BranchSummary, giving: boolean): string {
  return toCsv([
    networkColumns(giving),
    ...children.map((s) => [s.branch.name, ...figures(s, giving, true)]),
    [`${NETWORK_TEXT.total} (${total.branch.name})`, ...figures(total, giving, true)],
  ]);
}
