// The kinds of entry of the dashboard's Recent Activity. The entry's shape is activityItemSchema
// (./activity-schema.ts); apart, so what needs only the kinds (permissions.ts, the dashboard's bundle) loads no zod
// and imports nothing back.
export const ACTIVITY_TYPES = ['user', 'sermon', 'prayer', 'event', 'message'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
