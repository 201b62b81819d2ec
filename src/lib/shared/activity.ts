// One entry of the dashboard's Recent Activity: what the activity call answers and what the screen shows.
export const ACTIVITY_TYPES = ['user', 'sermon', 'prayer', 'event'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface ActivityItem {
  id: number;
  type: ActivityType;
  /** The sentence after the actor's name, e.g. "suspended Ama Mensah". */
  action: string;
  /** The actor's full name. */
  user: string;
  /** ISO date-time. */
  timestamp: string;
  reason: string | null;
}
