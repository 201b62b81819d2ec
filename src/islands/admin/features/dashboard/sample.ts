// Dashboard sample data (docs/PRODUCT.md (Data)): the mock stats used when the live user stats cannot be read,
// and the Recent Activity list shown when the activity call fails.
import type { ActivityItem } from '../../../../lib/shared/activity';

export interface DashboardStats {
  totalUsers: number;
  activeUsers: number;
  totalSermons: number;
  totalPrayers: number;
  upcomingEvents: number;
  pendingRequests: number;
}

export const SAMPLE_DASHBOARD_STATS: DashboardStats = {
  totalUsers: 248,
  activeUsers: 196,
  totalSermons: 6,
  totalPrayers: 12,
  upcomingEvents: 4,
  pendingRequests: 4,
};

export const SAMPLE_ACTIVITY: ActivityItem[] = [
  {
    id: 1,
    type: 'user',
    action: 'joined the church community',
    user: 'Kwesi Appiah',
    timestamp: '2026-11-23T08:15:00Z',
    reason: null,
  },
  {
    id: 2,
    type: 'sermon',
    action: 'published the sermon "Walking in Faith Through Uncertain Times"',
    user: 'Rev. Samuel Owusu',
    timestamp: '2026-11-22T18:40:00Z',
    reason: null,
  },
  {
    id: 3,
    type: 'prayer',
    action: 'submitted a prayer request',
    user: 'Ama Mensah',
    timestamp: '2026-11-22T10:05:00Z',
    reason: null,
  },
  {
    id: 4,
    type: 'event',
    action: 'registered for Youth Camp 2027',
    user: 'Yaw Darko',
    timestamp: '2026-11-21T16:30:00Z',
    reason: null,
  },
  {
    id: 5,
    type: 'user',
    action: 'updated their profile',
    user: 'Abena Adjei',
    timestamp: '2026-11-21T09:12:00Z',
    reason: null,
  },
];

/** The System Status row of docs/PRODUCT.md (Constants) (hard-coded by the spec). */
export const SYSTEM_STATUS = [
  { name: 'Database', status: 'operational' },
  { name: 'API Services', status: 'operational' },
  { name: 'File Storage', status: 'operational' },
  { name: 'Email Service', status: 'degraded' },
] as const;
