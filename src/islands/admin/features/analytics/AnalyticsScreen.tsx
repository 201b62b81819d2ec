// Analytics (docs/PRODUCT.md (Pages and screens)) on the hard-coded sample: time range, overview cards, Activity Trends (charts
// not built yet, and it says so), content categories, top sermons and events, prayer categories.
import { useState } from 'react';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from '../../../../lib/shared/constants';
import { barWidth, formatCount } from '../../../../lib/shared/format';
import { Button, Panel, ScreenHeader, Select, StatGrid, ToggleGroup } from '../../../ui';
import { answerRate, overviewCards } from './model';
import { ANALYTICS_SAMPLE, type AnalyticsRange } from './sample';

const TREND_METRICS = ['Users', 'Events', 'Engagement'] as const;
type TrendMetric = (typeof TREND_METRICS)[number];

export default function AnalyticsScreen() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [metric, setMetric] = useState<TrendMetric>('Users');
  const period = ANALYTICS_SAMPLE.periods[range];
  const rangeLabel = ANALYTICS_RANGES.find((r) => r.value === range)?.label ?? '';

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader title="Analytics" subtitle={`Church activity for the ${rangeLabel.toLowerCase()}.`}>
        <Select
          label="Time range"
          hideLabel
          value={range}
          onChange={(v) => setRange(v as AnalyticsRange)}
          options={ANALYTICS_RANGES}
        />
        <Button variant="outline" comingSoon>
          Refresh
        </Button>
        <Button comingSoon>Export Report</Button>
      </ScreenHeader>

      <StatGrid label="Overview" items={overviewCards(period)} />

      <Panel
        title="Activity Trends"
        className="gap-4"
        aside={
          <ToggleGroup
            label="Trend metric"
            options={TREND_METRICS.map((m) => ({ value: m, label: m }))}
            value={metric}
            onChange={setMetric}
          />
        }
      >
        <div className="flex h-48 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border bg-surface text-center">
          <p className="font-medium text-text">Interactive charts coming soon</p>
          <p className="text-sm text-muted">
            {metric} trend, {rangeLabel}
          </p>
        </div>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Content Categories">
          <ul className="flex flex-col gap-3">
            {ANALYTICS_SAMPLE.categories.map((c) => (
              <li key={c.name}>
                <div className="flex justify-between text-sm">
                  <span className="text-text">{c.name}</span>
                  <span className="text-muted">
                    {formatCount(c.count)} ({c.percentage}%)
                  </span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-hover" aria-hidden="true">
                  <div
                    className="h-full rounded-full bg-primary-strong"
                    style={{ width: `${barWidth(c.percentage)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </Panel>

        <RankedList
          title="Top Sermons"
          rows={ANALYTICS_SAMPLE.topSermons.map((s) => ({
            name: s.title,
            figure: `${formatCount(s.views)} views`,
            detail: `${s.engagement}% engagement`,
          }))}
        />
        <RankedList
          title="Top Events"
          rows={ANALYTICS_SAMPLE.topEvents.map((e) => ({
            name: e.title,
            figure: `${formatCount(e.attendance)} attended`,
            detail: `Rated ${e.rating.toFixed(1)} of 5`,
          }))}
        />
        <RankedList
          title="Prayer Categories"
          rows={ANALYTICS_SAMPLE.prayerCategories.map((p) => ({
            name: p.category,
            figure: `${formatCount(p.requests)} requests`,
            detail: `${formatCount(p.answered)} answered (${answerRate(p.requests, p.answered)}%)`,
          }))}
        />
      </div>

      <Panel title="Quick Actions">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {['User Report', 'Event Report', 'Content Report', 'Full Analytics'].map((label) => (
            <Button key={label} variant="outline" comingSoon>
              {label}
            </Button>
          ))}
        </div>
      </Panel>
    </div>
  );
}

function RankedList({ title, rows }: { title: string; rows: { name: string; figure: string; detail: string }[] }) {
  return (
    <Panel title={title}>
      <ol className="flex flex-col divide-y divide-border">
        {rows.map((r, i) => (
          <li key={r.name} className="flex items-center gap-3 py-2">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-tabs text-sm font-semibold text-text">
              {i + 1}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-text">{r.name}</span>
              <span className="block text-xs text-muted">{r.detail}</span>
            </span>
            <span className="text-sm text-text tabular-nums">{r.figure}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
