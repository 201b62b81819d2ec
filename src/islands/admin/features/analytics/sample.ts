// The analytics sample of docs/PRODUCT.md (Data) (all figures hard-coded by the spec). The overview differs per
// time range so the range selector visibly changes what it summarises; the lists are the period's leaders.
import type { ANALYTICS_RANGES } from '../../../../lib/shared/constants';

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value'];

export interface AnalyticsOverview {
  totalUsers: number;
  activeUsers: number;
  newUsers: number;
  totalEvents: number;
  totalPrayers: number;
  totalSermons: number;
  engagement: number; // percent
  retention: number; // percent
}

export interface AnalyticsPeriod {
  overview: AnalyticsOverview;
  /** Growth against the previous period, in percent. */
  growth: { users: number; events: number; prayers: number; engagement: number };
  /** Activity trend points (label, users, events, engagement) for the future chart. */
  timeframe: { label: string; users: number; events: number; engagement: number }[];
}

export interface AnalyticsSample {
  periods: Record<AnalyticsRange, AnalyticsPeriod>;
  categories: { name: string; count: number; percentage: number }[];
  topSermons: { title: string; views: number; engagement: number }[];
  topEvents: { title: string; attendance: number; rating: number }[];
  prayerCategories: { category: string; requests: number; answered: number }[];
}

const week = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export const ANALYTICS_SAMPLE: AnalyticsSample = {
  periods: {
    '7d': {
      overview: {
        totalUsers: 248,
        activeUsers: 162,
        newUsers: 6,
        totalEvents: 5,
        totalPrayers: 14,
        totalSermons: 2,
        engagement: 71,
        retention: 88,
      },
      growth: { users: 2.5, events: 0, prayers: 7.7, engagement: 1.8 },
      timeframe: week.map((label, i) => ({ label, users: 120 + i * 6, events: i % 3, engagement: 65 + i })),
    },
    '30d': {
      overview: {
        totalUsers: 248,
        activeUsers: 196,
        newUsers: 21,
        totalEvents: 18,
        totalPrayers: 57,
        totalSermons: 8,
        engagement: 76,
        retention: 84,
      },
      growth: { users: 12.5, events: 8.3, prayers: 15.2, engagement: 4.1 },
      timeframe: ['Week 1', 'Week 2', 'Week 3', 'Week 4'].map((label, i) => ({
        label,
        users: 170 + i * 9,
        events: 4 + (i % 2),
        engagement: 72 + i,
      })),
    },
    '90d': {
      overview: {
        totalUsers: 248,
        activeUsers: 211,
        newUsers: 58,
        totalEvents: 49,
        totalPrayers: 163,
        totalSermons: 24,
        engagement: 74,
        retention: 81,
      },
      growth: { users: 18.2, events: 11.4, prayers: 9.6, engagement: -1.2 },
      timeframe: ['Sep', 'Oct', 'Nov'].map((label, i) => ({
        label,
        users: 180 + i * 15,
        events: 15 + i * 2,
        engagement: 73 + i,
      })),
    },
    '1y': {
      overview: {
        totalUsers: 248,
        activeUsers: 229,
        newUsers: 187,
        totalEvents: 196,
        totalPrayers: 1240,
        totalSermons: 98,
        engagement: 69,
        retention: 77,
      },
      growth: { users: 31.4, events: 22.7, prayers: 28.9, engagement: 6.5 },
      timeframe: ['Q1', 'Q2', 'Q3', 'Q4'].map((label, i) => ({
        label,
        users: 140 + i * 30,
        events: 45 + i * 3,
        engagement: 64 + i * 2,
      })),
    },
  },
  categories: [
    { name: 'Sermons', count: 15234, percentage: 42 },
    { name: 'Events', count: 8120, percentage: 23 },
    { name: 'Prayer Requests', count: 6480, percentage: 18 },
    { name: 'Bible Study', count: 3910, percentage: 11 },
    { name: 'Announcements', count: 2150, percentage: 6 },
  ],
  topSermons: [
    // Titles and views as in src/content/sermons, so the portal never contradicts the public library.
    { title: 'Love Your Neighbour as Yourself', views: 1530, engagement: 89 },
    { title: 'Walking in Faith Through Uncertain Times', views: 1250, engagement: 85 },
    { title: 'Hope in Hard Seasons', views: 1120, engagement: 82 },
    { title: 'The Power of Persistent Prayer', views: 980, engagement: 78 },
    { title: 'Raising Godly Children in a Digital Age', views: 845, engagement: 74 },
  ],
  topEvents: [
    // Past events only (attendance is counted once an event has happened).
    { title: 'Easter Sunday Celebration', attendance: 412, rating: 4.9 },
    { title: 'Harvest Thanksgiving Service', attendance: 296, rating: 4.8 },
    { title: 'Community Health Outreach', attendance: 154, rating: 4.7 },
    { title: "Women's Fellowship Retreat", attendance: 98, rating: 4.6 },
  ],
  prayerCategories: [
    { category: 'Health', requests: 312, answered: 187 },
    { category: 'Family', requests: 268, answered: 151 },
    { category: 'Guidance', requests: 204, answered: 119 },
    { category: 'Gratitude', requests: 176, answered: 176 },
    { category: 'Ministry', requests: 142, answered: 73 },
    { category: 'Personal', requests: 138, answered: 66 },
  ],
};
