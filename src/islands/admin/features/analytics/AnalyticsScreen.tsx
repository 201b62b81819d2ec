// Analytics (docs/PRODUCT.md (Analytics)) from the data: the time range (7, 30, 90 days or a year) changes every
// figure; overview with growth against the period before; Activity Trends as a chart with its table; content
// categories; top sermons, top events and prayer categories; Refresh; Export Report and the four report buttons
// download the range's CSV; attendance over time (the weekly totals of the range, from the attendance report's
// rows: a chart with its table). Each section shows its own error with Retry. "How these figures are counted" says
// what each measures.
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE } from '../../../../lib/shared/constants';
import { barWidth, formatCount } from '../../../../lib/shared/format';
import type { AnalyticsRange } from '../../../../lib/shared/analytics/periods';
import type { AnalyticsReport } from '../../../../lib/shared/analytics/api';
import { downloadCsv } from '../../../../lib/client/download';
import { Button, LoadError, Panel, ScreenHeader, Select, StatGrid, ToggleGroup } from '../../../ui';
import { loadErrorMessage } from '../../query';
import { AttendanceChart } from '../../AttendanceChart';
import { attendanceQuery, reportQuery } from './queries';
import { REPORTS, answerRate, overviewCards, reportCsv, type ReportName } from './model';
import { TrendChart, type TrendSeries } from './TrendChart';
import { GivingPanelBody } from './GivingPanel';

const TREND_METRICS: { value: TrendSeries; label: string }[] = [
  { value: 'users', label: 'Users' },
  { value: 'events', label: 'Events' },
  { value: 'engagement', label: 'Engagement' },
];

type Section<T> = T | { error: string };
const failed = <T,>(section: Section<T>): section is { error: string } =>
  !!section && typeof section === 'object' && 'error' in section;

export default function AnalyticsScreen() {
  const [range, setRange] = useState<AnalyticsRange>(DEFAULT_ANALYTICS_RANGE);
  const [metric, setMetric] = useState<TrendSeries>('users');
  const query = useQuery(reportQuery(range));
  const attendance = useQuery(attendanceQuery(range));
  const reload = () => Promise.all([query.refetch(), attendance.refetch()]);
  const rangeLabel = ANALYTICS_RANGES.find((r) => r.value === range)?.label ?? '';
  // Each range has its own answer: while a new range loads, the old range's figures are not shown as its.
  const report = query.data;
  const exportReport = (name: ReportName) => {
    if (!report) return;
    const file = reportCsv(report, name);
    downloadCsv(file.filename, file.text);
  };

  /** A section's body: its error with Retry, a loading line, or its content. */
  function section<T>(pick: (r: AnalyticsReport) => Section<T>, render: (data: T) => ReactNode) {
    if (!report) {
      if (query.isError)
        return (
          <LoadError
            message={loadErrorMessage('Failed to load the analytics.', query.error)}
            onRetry={() => void reload()}
          />
        );
      return <p className="text-sm text-muted">Loading...</p>;
    }
    const data = pick(report);
    if (failed(data)) return <LoadError message={data.error} onRetry={() => void reload()} />;
    return render(data);
  }

  /** A panel of the report's top entries, ranked, or `empty` when the range has none. */
  function ranked<T>(title: string, pick: (r: AnalyticsReport) => Section<T>, empty: string, rows: (data: T) => Row[]) {
    return (
      <Panel title={title}>
        {section(pick, (data) => (
          <RankedList empty={empty} rows={rows(data)} />
        ))}
      </Panel>
    );
  }

  return (
    <div className="flex flex-col gap-6" aria-busy={query.isFetching}>
      <ScreenHeader title="Analytics" subtitle={`Church activity for the ${rangeLabel.toLowerCase()}.`}>
        <Select
          label="Time range"
          hideLabel
          value={range}
          onChange={(v) => setRange(v as AnalyticsRange)}
          options={ANALYTICS_RANGES}
        />
        <Button variant="outline" loading={query.isFetching} onClick={() => void reload()}>
          Refresh
        </Button>
        <Button disabled={!report} onClick={() => exportReport('Full Analytics')}>
          Export Report
        </Button>
      </ScreenHeader>

      <details className="rounded-lg border border-border bg-card p-4 text-sm text-muted">
        <summary className="cursor-pointer font-medium text-text">How these figures are counted</summary>
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          <li>Each figure counts the chosen range, ending today, against the same number of days just before it.</li>
          <li>Active Users: accounts that signed in or used the portal in the range. New Users: accounts created.</li>
          <li>Events Held: events that start in the range. Sermons: sermons published or scheduled in the range.</li>
          <li>
            Engagement: sermon audio plays as a share of sermon page views. Views and plays are counted on our own
            server, without cookies or outside services; a play is a player starting the audio, not seeking in it.
          </li>
          <li>Retention: of the users active in the period before, the share active again in this one.</li>
          <li>
            Trends: Users are active users, Events are registrations made, Engagement as above, per day, week or month.
          </li>
          <li>
            Attendance: each week's headcounts (men, women and children) of the services in your branches, with the
            first-timers counted and the people checked in by name; a week starts on Sunday.
          </li>
        </ul>
      </details>

      <section aria-label="Overview">
        {section(
          (r) => r.overview,
          (overview) => (
            <StatGrid
              label="Overview"
              items={overviewCards(overview, report && !failed(report.growth) ? report.growth : null)}
            />
          ),
        )}
      </section>

      <Panel
        title="Activity Trends"
        className="gap-4"
        aside={<ToggleGroup label="Trend metric" options={TREND_METRICS} value={metric} onChange={setMetric} />}
      >
        {section(
          (r) => r.timeframe,
          (points) => (
            <TrendChart points={points} series={metric} />
          ),
        )}
      </Panel>

      <Panel title="Attendance over Time">
        {attendance.isError ? (
          <LoadError
            message={loadErrorMessage('Failed to load the attendance.', attendance.error)}
            onRetry={() => void attendance.refetch()}
          />
        ) : attendance.data ? (
          <AttendanceChart weeks={attendance.data} />
        ) : (
          <p className="text-sm text-muted">Loading...</p>
        )}
      </Panel>

      {/* Only an administrator's report has giving (the server decides). */}
      {report?.giving && (
        <Panel title="Giving">
          {failed(report.giving) ? (
            <LoadError message={report.giving.error} onRetry={() => void reload()} />
          ) : (
            <GivingPanelBody giving={report.giving} />
          )}
        </Panel>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Content Categories">
          {section(
            (r) => r.categories,
            (categories) => (
              <ul className="flex flex-col gap-3">
                {categories.map((c) => (
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
            ),
          )}
        </Panel>

        {ranked(
          'Top Sermons',
          (r) => r.topSermons,
          'No sermon views in this range yet.',
          (sermons) =>
            sermons.map((s) => ({
              key: s.id,
              name: s.title,
              figure: `${formatCount(s.views)} views`,
              detail: `${formatCount(s.plays)} audio plays`,
            })),
        )}
        {ranked(
          'Top Events',
          (r) => r.topEvents,
          'No registrations in this range yet.',
          (events) =>
            events.map((e) => ({
              key: e.id,
              name: e.title,
              figure: `${formatCount(e.seats)} seats`,
              detail: `${e.registrations} registrations, ${e.checkedIn} checked in`,
            })),
        )}
        {ranked(
          'Prayer Categories',
          (r) => r.prayerCategories,
          'No prayer requests in this range yet.',
          (prayers) =>
            prayers
              .filter((p) => p.requests > 0)
              .map((p) => ({
                key: p.category,
                name: p.category[0].toUpperCase() + p.category.slice(1),
                figure: `${formatCount(p.requests)} requests`,
                detail: `${formatCount(p.answered)} answered (${answerRate(p.requests, p.answered)}%)`,
              })),
        )}
      </div>

      <Panel title="Quick Actions">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {REPORTS.map((label) => (
            <Button key={label} variant="outline" disabled={!report} onClick={() => exportReport(label)}>
              {label}
            </Button>
          ))}
        </div>
      </Panel>
    </div>
  );
}

type Row = { key: string; name: string; figure: string; detail: string };

function RankedList({ rows, empty }: { rows: Row[]; empty: string }) {
  if (!rows.length) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="flex flex-col divide-y divide-border">
      {rows.map((r, i) => (
        <li key={r.key} className="flex items-center gap-3 py-2">
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
  );
}
