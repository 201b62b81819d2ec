import { describe, expect, it } from 'vitest';
import {
  COUNTER_STEP_MS,
  answeredPlaceholder,
  counterFrames,
  counterValue,
  dashboardStats,
  timeAgo,
  toActivityItems,
} from '../../src/islands/admin/features/dashboard/model';
import { SAMPLE_DASHBOARD_STATS } from '../../src/islands/admin/features/dashboard/sample';
import { DEMO_PRAYERS as SAMPLE_PRAYERS } from './prayer-fixtures';
import type { ChurchEvent, Sermon } from '../../src/lib/shared/content-types';

describe('counter animation', () => {
  it('runs 60 steps of 25 ms (1.5 s)', () => {
    expect(COUNTER_STEP_MS).toBe(25);
    const frames = counterFrames(248);
    expect(frames).toHaveLength(61);
    expect(frames[0]).toBe(0);
    expect(frames[30]).toBe(124);
    expect(frames[60]).toBe(248);
    // Never decreasing, whole numbers, never past the target.
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]).toBeGreaterThanOrEqual(frames[i - 1]);
      expect(Number.isInteger(frames[i])).toBe(true);
      expect(frames[i]).toBeLessThanOrEqual(248);
    }
  });

  it('lands exactly on small and large targets and handles odd input', () => {
    expect(counterFrames(5).at(-1)).toBe(5);
    expect(counterValue(5, 59)).toBe(4);
    expect(counterValue(1_000_000, 60)).toBe(1_000_000);
    expect(counterValue(10, 200)).toBe(10);
    expect(counterValue(0, 30)).toBe(0);
    expect(counterValue(-3, 30)).toBe(0);
    expect(counterValue(Number.NaN, 30)).toBe(0);
  });
});

describe('dashboard figures', () => {
  const sermons = [{ id: 'a' }, { id: 'b' }] as Sermon[];
  const events = [{ status: 'upcoming' }, { status: 'completed' }, { status: 'upcoming' }] as ChurchEvent[];

  it('user figures from the live stats, sermons, events and prayers from the API lists', () => {
    const stats = dashboardStats({
      userStats: { total_users: 26, active_users: 23 },
      sermons,
      events,
      prayers: SAMPLE_PRAYERS,
    });
    expect(stats).toEqual({
      totalUsers: 26,
      activeUsers: 23,
      totalSermons: 2,
      totalPrayers: SAMPLE_PRAYERS.length,
      upcomingEvents: 2,
      pendingRequests: SAMPLE_PRAYERS.filter((p) => p.status === 'active').length,
    });
  });

  it('falls back to the sample user figures when the call failed or answered oddly', () => {
    for (const userStats of [null, {}, { total_users: 'x' as unknown as number }]) {
      const stats = dashboardStats({ userStats, sermons: [], events: [], prayers: [] });
      expect(stats.totalUsers).toBe(SAMPLE_DASHBOARD_STATS.totalUsers);
      expect(stats.activeUsers).toBe(SAMPLE_DASHBOARD_STATS.activeUsers);
    }
  });

  it('answered placeholder is 80 percent of the prayers', () => {
    expect(answeredPlaceholder(12)).toBe(10);
    expect(answeredPlaceholder(0)).toBe(0);
  });
});

describe('activity feed', () => {
  it('maps the API answer, list or paginated, dropping malformed entries', () => {
    const good = {
      id: 7,
      type: 'user',
      action: 'suspended Ama Mensah',
      user: 'Kofi Admin',
      timestamp: '2026-11-23T08:00:00Z',
    };
    expect(toActivityItems([good])).toEqual([{ ...good, reason: null }]);
    expect(toActivityItems({ results: [good] })).toHaveLength(1);
    expect(
      toActivityItems([
        good,
        null,
        3,
        { action: 'x' },
        { action: 'y', timestamp: 'not a date' },
        { ...good, type: 'weird', user: '' },
      ]),
    ).toEqual([
      { ...good, reason: null },
      { ...good, reason: null, type: 'user', user: 'Someone' },
    ]);
    expect(toActivityItems([])).toEqual([]);
    expect(toActivityItems('nope')).toBeNull();
    expect(toActivityItems({ detail: 'Forbidden' })).toBeNull();
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-23T11:15:00Z', now)).toBe('45 minutes ago');
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('2026-10-01T12:00:00Z', now)).toBe('Oct 1, 2026');
    expect(timeAgo('2026-11-23T13:00:00Z', now)).toBe('just now');
    expect(timeAgo('garbage', now)).toBe('');
  });
});
