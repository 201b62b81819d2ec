// The Activity Trends chart: one series of the report's timeframe as bars, drawn in SVG (no chart library: a
// few rectangles), with the same figures as a table. Screen readers read the table; the "Show table" toggle
// shows it to everyone.
import { useId, useState } from 'react';
import type { TimeframePoint } from '../../../../lib/shared/analytics/api';
import { Button } from '../../../ui';
import { axisTop, YAxis } from '../../../ui/chart-axis';

export type TrendSeries = 'users' | 'events' | 'engagement';
export const SERIES_LABELS: Record<TrendSeries, string> = {
  users: 'Active users',
  events: 'Event registrations',
  engagement: 'Engagement (audio plays per sermon view, %)',
};

const WIDTH = 640;
const HEIGHT = 200;
const AXIS = 28; // room for the x labels below
const LEFT = 36; // room for the y labels

export function TrendChart({ points, series }: { points: readonly TimeframePoint[]; series: TrendSeries }) {
  const [showTable, setShowTable] = useState(false);
  const captionId = useId();
  const values = points.map((p) => p[series]);
  const top = axisTop(Math.max(0, ...values), series === 'engagement');
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - AXIS;
  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  // At most about eight x labels, so they never overlap.
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  const total = values.reduce((sum, v) => sum + v, 0);
  const peak = points[values.indexOf(Math.max(...values))];
  const summary =
    series === 'engagement'
      ? `${SERIES_LABELS[series]} over ${points.length} periods`
      : `${SERIES_LABELS[series]}: ${total.toLocaleString('en-US')} over ${points.length} periods${peak && total ? `, highest ${peak.label}` : ''}`;

  return (
    <figure className="flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-muted">
        {summary}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-primary-strong"
        aria-hidden="true"
        data-testid="trend-chart"
      >
        <YAxis top={top} left={LEFT} width={WIDTH} plotHeight={plotHeight} />
        {points.map((p, i) => {
          const h = top ? (p[series] / top) * plotHeight : 0;
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          return (
            <g key={p.start}>
              <rect x={x} y={plotHeight - h} width={barWidth} height={h} rx="2" fill="currentColor">
                <title>{`${p.label}: ${p[series].toLocaleString('en-US')}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted text-[11px]">
                  {p.label.replace('Week of ', '')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <div>
        <Button variant="outline" size="sm" aria-expanded={showTable} onClick={() => setShowTable(!showTable)}>
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      </div>
      {/* Focusable when shown, so a keyboard can scroll a long table. */}
      <div
        className={showTable ? 'max-h-72 overflow-auto' : 'sr-only'}
        tabIndex={showTable ? 0 : undefined}
        role={showTable ? 'region' : undefined}
        aria-label={showTable ? `${SERIES_LABELS[series]} table` : undefined}
      >
        <table className="w-full text-left text-sm" aria-describedby={captionId}>
          <caption className="sr-only">{SERIES_LABELS[series]} by period</caption>
          <thead>
            <tr className="border-b border-border text-muted">
              <th scope="col" className="py-1 pr-4 font-medium">
                Period
              </th>
              <th scope="col" className="py-1 font-medium">
                {SERIES_LABELS[series]}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start} className="border-b border-border/50">
                <th scope="row" className="py-1 pr-4 font-normal text-text">
                  {p.label}
                </th>
                <td className="py-1 text-text tabular-nums">{p[series].toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
