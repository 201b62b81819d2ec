// The weekly attendance trend (docs/PRODUCT.md, Attendance and Analytics): total per week as bars, its text
// equivalent a table of the same figures (ui/chart-axis.tsx BarChart). Shared by the Attendance and Analytics
// screens, so it sits beside the features rather than in one.
import { formatDate } from '../../lib/shared/format';
import type { WeekTotal } from '../../lib/shared/attendance/rules';
import { CELL, DataTable, NUMBER_CELL } from '../ui';
import { axisTop, BarChart } from '../ui/chart-axis';

export function AttendanceChart({ weeks }: { weeks: readonly WeekTotal[] }) {
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `Weekly attendance from ${formatDate(first.week)} to ${formatDate(last.week)}: latest week ${last.total.toLocaleString('en-US')}, first week ${first.total.toLocaleString('en-US')}`
      : 'No attendance in this range';

  return (
    <BarChart
      bars={weeks.map((w) => ({ key: w.week, value: w.total, label: w.week.slice(5) }))}
      top={axisTop(Math.max(0, ...weeks.map((w) => w.total)))}
      left={44}
      maxLabels={6}
      rx={1}
      summary={summary}
      testId="attendance-chart"
      table={(shown) => (
        <div className={shown ? '' : 'sr-only'}>
          <DataTable
            label="Weekly attendance"
            caption="Weekly attendance"
            columns={['Week of', 'Total', 'First-timers', 'Checked in']}
          >
            {weeks.map((w) => (
              <tr key={w.week}>
                <td className={CELL}>{formatDate(w.week)}</td>
                <td className={NUMBER_CELL}>{w.total.toLocaleString('en-US')}</td>
                <td className={NUMBER_CELL}>{w.firstTimers.toLocaleString('en-US')}</td>
                <td className={NUMBER_CELL}>{w.checkedIn.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    />
  );
}
