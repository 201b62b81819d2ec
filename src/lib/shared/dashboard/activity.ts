// One entry of the dashboard's Recent Activity: what the activity call answers and what the screen shows. The
// shape is activityItemSchema (api-schemas.ts); a type-only import, so the dashboard's bundle loads no zod.
import type { z } from 'zod';
import type { activityItemSchema } from '../api-schemas';

export const ACTIVITY_TYPES = ['user', 'sermon', 'prayer', 'event', 'message'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export type ActivityItem = z.infer<typeof activityItemSchema>;
