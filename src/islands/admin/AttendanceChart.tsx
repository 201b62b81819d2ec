// The weekly attendance trend (docs/PRODUCT.md, Attendance and Analytics): total per week as bars in SVG, its text
// equivalent a table of the same figures (always there for screen readers; "Show table" shows it to everyone).
// Shared by the Attendance and Analytics screens, so it sits beside the features rather than in one.
import { useId, useState } from 'react';
import { formatDate } from '../../lib/shared/format';
import type { WeekTotal } from '../../lib/shared/attendance/rules';
import { Button, CELL, DataTable, NUMBER_CELL } from '../ui';
import { axisTop, YAxis } from '../ui/chart-axis';

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 28;
const LEFT = 44;

export function AttendanceChart({ weeks }: { weeks: readonly WeekTotal[] }) {
  const [showTable, setShowTable] = useState(false);
  const captionId = useId();
  const top = axisTop(Math.max(0, ...weeks.map((w) => w.total)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - AXIS;
  const slot = plotWidth / Math.max(1, weeks.length);
  const barWidth = Math.max(2, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(weeks.length / 6));
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `Weekly attendance from ${formatDate(first.week)} to ${formatDate(last.week)}: latest week ${last.total.toLocaleString('en-US')}, first week ${first.total.toLocaleString('en-US')}`
      : 'No attendance in this range';

  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-muted">
        {summary}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-primary-strong"
        aria-hidden="true"
        data-testid="attendance-chart"
      >
        <YAxis top={top} left={LEFT} width={WIDTH} plotHeight={plotHeight} />
        {weeks.map((w, i) => {
          const h = top ? (w.total / top) * plotHeight : 0;
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={w.week}>
              <rect x={x} y={plotHeight - h} width={barWidth} height={h} rx="1" fill="currentColor" />
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted text-[11px]">
                  {w.week.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={showTable}
        onClick={() => setShowTable((s) => !s)}
      >
        {showTable ? 'Hide table' : 'Show table'}
      </Button>
      <div className={showTable ? '' : 'sr-only'}>
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
    </figure>
  );
}
