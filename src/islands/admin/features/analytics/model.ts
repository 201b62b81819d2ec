// Analytics screen figures (docs/PRODUCT.md (Pages and screens)): overview cards per time range, growth texts, answer rates.
import { formatCount } from '../../../../lib/shared/format';
import type { AnalyticsPeriod } from './sample';

/** 12.5 -> "+12.5%", -1.2 -> "-1.2%", 0 -> "0%". */
export function growthLabel(percent: number): string {
  if (!Number.isFinite(percent) || percent === 0) return '0%';
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

export function overviewCards(period: AnalyticsPeriod) {
  const { overview: o, growth: g } = period;
  const vs = (n: number) => `${growthLabel(n)} from last period`;
  return [
    { label: 'Total Users', value: formatCount(o.totalUsers), hint: vs(g.users) },
    {
      label: 'Active Users',
      value: formatCount(o.activeUsers),
      hint: `${percentOf(o.activeUsers, o.totalUsers)}% of all users`,
    },
    { label: 'Total Events', value: formatCount(o.totalEvents), hint: vs(g.events) },
    { label: 'Prayer Requests', value: formatCount(o.totalPrayers), hint: vs(g.prayers) },
    { label: 'Sermons', value: formatCount(o.totalSermons) },
    { label: 'Engagement', value: `${o.engagement}%`, hint: vs(g.engagement) },
    { label: 'Retention', value: `${o.retention}%` },
    { label: 'New Users', value: formatCount(o.newUsers) },
  ];
}

/** `part` as a rounded percent of `whole`, at most 100; 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((Math.min(part, whole) / whole) * 100) : 0;
}

/** Share of requests answered, rounded; 0 when there were none. */
export function answerRate(requests: number, answered: number): number {
  return percentOf(answered, requests);
}
