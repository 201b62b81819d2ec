// Analytics screen logic (docs/PRODUCT.md (Analytics)): the overview cards from a report, growth texts, answer
// rates, and the CSV files of Export Report and the four report buttons. Types only from src/lib/shared/analytics/api.ts, so
// the screen's chunk loads no zod.
import { formatCount } from '../../../../lib/shared/format';
import { percentOf } from '../../../../lib/shared/analytics/periods';
import { toCsv, type CsvValue } from '../../../../lib/shared/csv';
import type { AnalyticsGrowth, AnalyticsOverview, AnalyticsReport } from '../../../../lib/shared/analytics/api';

export { percentOf };

/** 12.5 -> "+12.5%", -1.2 -> "-1.2%", 0 -> "0%", null (nothing before) -> "new". */
export function growthLabel(percent: number | null): string {
  if (percent === null) return 'new';
  if (!Number.isFinite(percent) || percent === 0) return '0%';
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

const vsBefore = (percent: number | null) =>
  percent === null ? 'None in the period before' : `${growthLabel(percent)} from the period before`;

export function overviewCards(o: AnalyticsOverview, g: AnalyticsGrowth | null) {
  const growth = (key: keyof AnalyticsGrowth) => (g ? vsBefore(g[key]) : undefined);
  return [
    { label: 'Total Users', value: formatCount(o.totalUsers), hint: growth('users') },
    {
      label: 'Active Users',
      value: formatCount(o.activeUsers),
      hint: `${percentOf(o.activeUsers, o.totalUsers)}% of all users`,
    },
    { label: 'New Users', value: formatCount(o.newUsers), hint: 'Joined in this period' },
    { label: 'Events Held', value: formatCount(o.totalEvents), hint: growth('events') },
    { label: 'Prayer Requests', value: formatCount(o.totalPrayers), hint: growth('prayers') },
    { label: 'Sermons', value: formatCount(o.totalSermons), hint: growth('sermons') },
    { label: 'Engagement', value: `${o.engagement}%`, hint: growth('engagement') },
    { label: 'Retention', value: `${o.retention}%`, hint: 'Active before and again now' },
  ];
}

/** Share of requests answered, rounded; 0 when there were none. */
export function answerRate(requests: number, answered: number): number {
  return percentOf(answered, requests);
}

export const REPORTS = ['User Report', 'Event Report', 'Content Report', 'Full Analytics'] as const;
export type ReportName = (typeof REPORTS)[number];

type Rows = CsvValue[][];
const ok = <T>(section: T | { error: string }): T | null =>
  section && typeof section === 'object' && 'error' in section ? null : (section as T);
const blank: Rows = [[]];

function heading(report: AnalyticsReport, title: string): Rows {
  return [
    [title],
    ['Period', `${report.period.start} to ${report.period.end} (end excluded)`],
    ['Compared with', `${report.previous.start} to ${report.previous.end}`],
    ['Generated', report.generatedAt],
  ];
}

function overviewRows(report: AnalyticsReport, keys: (keyof AnalyticsOverview)[]): Rows {
  const o = ok(report.overview);
  const g = ok(report.growth);
  if (!o) return [['Overview', 'not available']];
  const growthOf: Partial<Record<keyof AnalyticsOverview, keyof AnalyticsGrowth>> = {
    totalUsers: 'users',
    activeUsers: 'activeUsers',
    totalEvents: 'events',
    totalPrayers: 'prayers',
    totalSermons: 'sermons',
    engagement: 'engagement',
  };
  return [
    ['Figure', 'Value', 'Change from the period before (%)'],
    ...keys.map((key) => {
      const growthKey = growthOf[key];
      return [key, o[key], growthKey && g ? g[growthKey] : null];
    }),
  ];
}

function timeframeRows(report: AnalyticsReport, series: ('users' | 'events' | 'engagement')[]): Rows {
  const points = ok(report.timeframe);
  if (!points) return [['Timeframe', 'not available']];
  const names = { users: 'Active users', events: 'Event registrations', engagement: 'Engagement (%)' };
  return [
    ['From', 'To (excluded)', ...series.map((s) => names[s])],
    ...points.map((p) => [p.start, p.end, ...series.map((s) => p[s])]),
  ];
}

function eventRows(report: AnalyticsReport): Rows {
  const events = ok(report.topEvents);
  if (!events) return [['Top events', 'not available']];
  return [
    ['Event', 'Registrations', 'Seats', 'Checked in'],
    ...events.map((e) => [e.title, e.registrations, e.seats, e.checkedIn]),
  ];
}

function contentRows(report: AnalyticsReport): Rows {
  const categories = ok(report.categories);
  const sermons = ok(report.topSermons);
  const prayers = ok(report.prayerCategories);
  return [
    ['Category', 'Count', 'Share (%)'],
    ...(categories ?? []).map((c) => [c.name, c.count, c.percentage]),
    ...blank,
    ['Sermon', 'Views', 'Audio plays'],
    ...(sermons ?? []).map((s) => [s.title, s.views, s.plays]),
    ...blank,
    ['Prayer category', 'Requests', 'Answered'],
    ...(prayers ?? []).map((p) => [p.category, p.requests, p.answered]),
  ];
}

/** The CSV file of a report button (or Export Report, which is Full Analytics), and its file name. */
export function reportCsv(report: AnalyticsReport, name: ReportName): { filename: string; text: string } {
  const rows: Rows = [...heading(report, name), ...blank];
  if (name === 'User Report')
    rows.push(
      ...overviewRows(report, ['totalUsers', 'activeUsers', 'newUsers', 'retention']),
      ...blank,
      ...timeframeRows(report, ['users']),
    );
  if (name === 'Event Report')
    rows.push(
      ...overviewRows(report, ['totalEvents']),
      ...blank,
      ...eventRows(report),
      ...blank,
      ...timeframeRows(report, ['events']),
    );
  if (name === 'Content Report')
    rows.push(
      ...overviewRows(report, ['totalSermons', 'sermonViews', 'audioPlays', 'engagement', 'totalPrayers']),
      ...blank,
      ...contentRows(report),
    );
  if (name === 'Full Analytics')
    rows.push(
      ...overviewRows(report, [
        'totalUsers',
        'activeUsers',
        'newUsers',
        'totalEvents',
        'totalPrayers',
        'totalSermons',
        'sermonViews',
        'audioPlays',
        'engagement',
        'retention',
      ]),
      ...blank,
      ...timeframeRows(report, ['users', 'events', 'engagement']),
      ...blank,
      ...eventRows(report),
      ...blank,
      ...contentRows(report),
    );
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return { filename: `${slug}-${report.range}-${report.period.end}.csv`, text: toCsv(rows) };
}
