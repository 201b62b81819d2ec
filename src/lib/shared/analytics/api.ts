// The analytics report as GET /analytics/?range= answers it (docs/API.md, Analytics) and the screen reads it.
// Every section is computed on its own: a section that failed answers {error} and the others still show.
import { z } from 'zod';
import { RANGE_VALUES } from './periods';
import { branchQuerySchema } from '../branches/api';

export const RANGE_MESSAGE = `range must be one of ${RANGE_VALUES.join(', ')}`;
export const analyticsQuerySchema = branchQuerySchema.extend({
  range: z.enum(RANGE_VALUES, { error: RANGE_MESSAGE }).default('30d'),
});

/** A section of a figure set: its data, or why it could not be counted. */
export const section = <T extends z.ZodType>(data: T) => z.union([data, z.object({ error: z.string() })]);

const count = z.number().int().nonnegative();
/** Percent change against the previous period, one decimal; null when the previous period had none. */
const growth = z.number().nullable();

export const analyticsOverviewSchema = z.object({
  totalUsers: count,
  activeUsers: count,
  newUsers: count,
  totalEvents: count,
  totalPrayers: count,
  totalSermons: count,
  sermonViews: count,
  audioPlays: count,
  /** Audio plays per sermon page view, percent. */
  engagement: z.number(),
  /** Of the members active in the previous period, the percent active again in this one. */
  retention: z.number(),
});
export const analyticsGrowthSchema = z.object({
  users: growth,
  activeUsers: growth,
  events: growth,
  prayers: growth,
  sermons: growth,
  engagement: growth,
});
export const timeframePointSchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  /** Members active in the bucket. */
  users: count,
  /** Event registrations made in the bucket. */
  events: count,
  /** Audio plays per sermon page view in the bucket, percent. */
  engagement: z.number(),
});
export const contentCategorySchema = z.object({ name: z.string(), count, percentage: z.number() });
export const topSermonSchema = z.object({ id: z.string(), title: z.string(), views: count, plays: count });
export const topEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  registrations: count,
  seats: count,
  checkedIn: count,
});
export const prayerCategorySchema = z.object({ category: z.string(), requests: count, answered: count });

/** Giving in a period: cedis of paid gifts less their refunds, and how many gifts (src/server/giving/summary.ts). */
export const givingPeriodSchema = z.object({ total: z.number(), count });
/** Each fund's giving in a period and the one before it, and all funds together. */
export const givingTotalsSchema = z.object({
  funds: z.array(
    z.object({
      fundId: z.number().int(),
      fund: z.string(),
      current: givingPeriodSchema,
      previous: givingPeriodSchema,
    }),
  ),
  total: z.object({ current: givingPeriodSchema, previous: givingPeriodSchema }),
});
export const givingPointSchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  total: z.number(),
  count,
});
export const analyticsGivingSchema = givingTotalsSchema.extend({ series: z.array(givingPointSchema) });

export const analyticsReportSchema = z.object({
  range: z.enum(RANGE_VALUES),
  /** The period counted, [start, end) in UTC days, and the one it is compared with. */
  period: z.object({ start: z.string(), end: z.string() }),
  previous: z.object({ start: z.string(), end: z.string() }),
  generatedAt: z.string(),
  overview: section(analyticsOverviewSchema),
  growth: section(analyticsGrowthSchema),
  timeframe: section(z.array(timeframePointSchema)),
  categories: section(z.array(contentCategorySchema)),
  topSermons: section(z.array(topSermonSchema)),
  topEvents: section(z.array(topEventSchema)),
  prayerCategories: section(z.array(prayerCategorySchema)),
  /** Giving per fund and over the chart's buckets: only in an answer to ADMIN and above (canSeeGiving). */
  giving: section(analyticsGivingSchema).optional(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
export type AnalyticsGrowth = z.infer<typeof analyticsGrowthSchema>;
export type TimeframePoint = z.infer<typeof timeframePointSchema>;
export type ContentCategory = z.infer<typeof contentCategorySchema>;
export type TopSermon = z.infer<typeof topSermonSchema>;
export type TopEvent = z.infer<typeof topEventSchema>;
export type PrayerCategoryFigure = z.infer<typeof prayerCategorySchema>;
export type GivingTotals = z.infer<typeof givingTotalsSchema>;
export type GivingPoint = z.infer<typeof givingPointSchema>;
export type AnalyticsGiving = z.infer<typeof analyticsGivingSchema>;
