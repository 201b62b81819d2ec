// Dashboard logic: the counter animation's steps (docs/PRODUCT.md (States): 0 to target over 1.5 s in 60 steps),
// the six figures from live stats, content and prayer requests, and the activity feed's mapping.
import {
  COUNTER_ANIMATION_MS,
  COUNTER_ANIMATION_STEPS,
  PRAYERS_ANSWERED_RATIO,
} from '../../../../lib/shared/constants';
import type { ChurchEvent, Sermon } from '../../../../lib/shared/content-types';
import type { UserStats } from '../../../../lib/shared/user-types';
import { ACTIVITY_TYPES, type ActivityItem, type ActivityType } from '../../../../lib/shared/activity';
import type { DashboardStats } from './sample';
import { SAMPLE_DASHBOARD_STATS } from './sample';
import type { PrayerAnswer } from '../../../../lib/shared/prayer-api';

/** Milliseconds between two counter steps (25 ms for 1.5 s in 60 steps). */
export const COUNTER_STEP_MS = COUNTER_ANIMATION_MS / COUNTER_ANIMATION_STEPS;

/** The value a counter shows after `step` of `steps` steps: whole numbers rising to exactly the target. */
export function counterValue(target: number, step: number, steps = COUNTER_ANIMATION_STEPS): number {
  if (!Number.isFinite(target) || target <= 0) return Math.max(0, Number.isFinite(target) ? target : 0);
  if (step >= steps) return target;
  if (step <= 0) return 0;
  return Math.floor((target * step) / steps);
}

/** Every value of the animation, step 0 to the last: handy for tests and for reasoning about it. */
export function counterFrames(target: number, steps = COUNTER_ANIMATION_STEPS): number[] {
  return Array.from({ length: steps + 1 }, (_, step) => counterValue(target, step, steps));
}

/** Live user figures when the stats call answered with numbers, else the sample's. */
export function dashboardStats(input: {
  userStats: UserStats | null;
  sermons: readonly Pick<Sermon, 'status'>[];
  events: readonly Pick<ChurchEvent, 'status'>[];
  prayers: readonly Pick<PrayerAnswer, 'status'>[];
}): DashboardStats {
  const { userStats, sermons, events, prayers } = input;
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return {
    totalUsers: num(userStats?.total_users, SAMPLE_DASHBOARD_STATS.totalUsers),
    activeUsers: num(userStats?.active_users, SAMPLE_DASHBOARD_STATS.activeUsers),
    totalSermons: sermons.length,
    totalPrayers: prayers.length,
    upcomingEvents: events.filter((e) => e.status === 'upcoming').length,
    // Requests still waiting for someone to take them up: the active ones.
    pendingRequests: prayers.filter((p) => p.status === 'active').length,
  };
}

/** docs/PRODUCT.md (Constants): the dashboard shows prayers answered as 80 percent of the total (a placeholder). */
export function answeredPlaceholder(totalPrayers: number): number {
  return Math.round(totalPrayers * PRAYERS_ANSWERED_RATIO);
}

/**
 * The activity call's answer as activity items, tolerating an array or a paginated {results} object and
 * dropping malformed entries. Returns null when the answer is not usable at all (then the sample shows).
 */
export function toActivityItems(answer: unknown): ActivityItem[] | null {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { results?: unknown }).results)
      ? (answer as { results: unknown[] }).results
      : null;
  if (!list) return null;
  const items: ActivityItem[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const timestamp = typeof r.timestamp === 'string' ? r.timestamp : '';
    if (typeof r.action !== 'string' || !timestamp || Number.isNaN(Date.parse(timestamp))) continue;
    const type = ACTIVITY_TYPES.includes(r.type as ActivityType) ? (r.type as ActivityType) : 'user';
    items.push({
      // An entry without a numeric id still needs a key: a negative one no audit entry has.
      id: typeof r.id === 'number' ? r.id : -1 - items.length,
      type,
      action: r.action,
      user: typeof r.user === 'string' && r.user ? r.user : 'Someone',
      timestamp,
      reason: typeof r.reason === 'string' ? r.reason : null,
    });
  }
  return items;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the en-US date. */
export function timeAgo(timestamp: string, now: Date = new Date()): string {
  const then = Date.parse(timestamp);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - then) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, 'day');
  return new Date(then).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
