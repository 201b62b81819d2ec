// One entry of the dashboard's Recent Activity: what the activity call answers and what the screen shows (the
// screen imports the type only, so its bundle loads no zod).
import { z } from 'zod';
import { ACTIVITY_TYPES } from './activity';

export const activityItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  action: z.string(),
  user: z.string(),
  timestamp: z.string().describe('ISO date-time'),
  reason: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
