// What the dashboard reads (docs/API.md, Dashboard): the six figures with this month against the last, the items
// awaiting a staff member (the Notifications list), and the system status checks. The screens import these
// types only, so their bundles load no zod.
import { z } from 'zod';
import { givingTotalsSchema, section } from '../analytics/api';

const count = z.number().int().nonnegative();

/** A figure now, and how many were added (joined, published, received…) this month and last month. */
export const figureSchema = section(z.object({ value: count, thisMonth: count, lastMonth: count }));
export const FIGURE_KEYS = [
  'totalUsers',
  'activeUsers',
  'totalSermons',
  'totalPrayers',
  'upcomingEvents',
  'pendingRequests',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
export const dashboardFiguresSchema = z
  .object(Object.fromEntries(FIGURE_KEYS.map((key) => [key, figureSchema])) as Record<FigureKey, typeof figureSchema>)
  .extend({
    /** Giving this calendar month (current) and last month (previous): only in an answer to ADMIN and above. */
    giving: section(givingTotalsSchema).optional(),
  });
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
export type Figure = z.infer<typeof figureSchema>;

/** 'setup': something an administrator has yet to set up (no giving details for /give): listed until done. */
export const NOTICE_KINDS = ['setup', 'prayer', 'message', 'registration'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const noticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  /** A prayer request's or message's id; for registrations, the event's (one item per event); for setup, its topic. */
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  at: z.string(),
  /** The portal route that handles it. */
  href: z.string(),
  /** Registrations: how many are new for this event. */
  count: count.optional(),
});
export const noticesSchema = z.object({
  /** The badge: what is new to this staff member since they last opened the list. */
  total: count,
  /**
   * What the list holds of each kind: prayer requests awaiting review and unread messages (until someone handles
   * them), the events with registrations new to this staff member, and what an administrator has yet to set up (a
   * standing task, not news: listed and counted here until done, never in the badge).
   */
  counts: z.object({ setup: count, prayer: count, message: count, registration: count }),
  items: z.array(noticeSchema),
  /** When this answer was made: the mark POST /dashboard/notifications/seen/ records once it has been shown. */
  asOf: z.string(),
});
/** "I have seen the list made at asOf": what came after it stays new. */
export const noticesSeenSchema = z.object({
  asOf: z.iso.datetime({ error: 'Must be the asOf of a notifications list.' }),
});
export type Notice = z.infer<typeof noticeSchema>;
export type Notices = z.infer<typeof noticesSchema>;
export type NoticesSeen = z.infer<typeof noticesSeenSchema>;

export const STATUS_NAMES = [
  'Database',
  'API Services',
  'File Storage',
  'Email Service',
  'Outbox',
  'SMS Service',
] as const;
export const statusCheckSchema = z.object({
  name: z.enum(STATUS_NAMES),
  status: z.enum(['operational', 'degraded', 'down']),
  detail: z.string(),
  checkedAt: z.string(),
});
export const systemStatusSchema = z.object({ checks: z.array(statusCheckSchema) });
export type StatusCheck = z.infer<typeof statusCheckSchema>;
