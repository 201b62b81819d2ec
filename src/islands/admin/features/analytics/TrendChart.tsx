// The Activity Trends chart: one series of the report's timeframe as bars, with the same figures as a table
// (ui/chart-axis.tsx BarChart).
import type { TimeframePoint } from '../../../../lib/shared/analytics/api';
import { axisTop, BarChart } from '../../../ui/chart-axis';

export type TrendSeries = 'users' | 'events' | 'engagement';
export const SERIES_LABELS: Record<TrendSeries, string> = {
  users: 'Active users',
  events: 'Event registrations',
  engagement: 'Engagement (audio plays per sermon view, %)',
};

export function TrendChart({ points, series }: { points: readonly TimeframePoint[]; series: TrendSeries }) {
  const values = points.map((p) => p[series]);
  const total = values.reduce((sum, v) => sum + v, 0);
  const peak = points[values.indexOf(Math.max(...values))];
  const summary =
    series === 'engagement'
      ? `${SERIES_LABELS[series]} over ${points.length} periods`
      : `${SERIES_LABELS[series]}: ${total.toLocaleString('en-US')} over ${points.length} periods${peak && total ? `, highest ${peak.label}` : ''}`;
  const bars = points.map((p) => ({
    key: p.start,
    value: p[series],
    label: p.label.replace('Week of ', ''),
    title: `${p.label}: ${p[series].toLocaleString('en-US')}`,
  }));

  return (
    <BarChart
      bars={bars}
      top={axisTop(Math.max(0, ...values), series === 'engagement')}
      left={36}
      maxLabels={8}
      rx={2}
      summary={summary}
      testId="trend-chart"
      table={(shown, captionId) => (
        // Focusable when shown, so a keyboard can scroll a long table.
        <div
          className={shown ? 'max-h-72 overflow-auto' : 'sr-only'}
          tabIndex={shown ? 0 : undefined}
          role={shown ? 'region' : undefined}
          aria-label={shown ? `${SERIES_LABELS[series]} table` : undefined}
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
      )}
    />
  );
}
