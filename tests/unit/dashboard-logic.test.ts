import { describe, expect, it } from 'vitest';
import {
  COUNTER_STEP_MS,
  FIGURE_CARDS,
  counterFrames,
  counterValue,
  timeAgo,
  toActivityItems,
  trendHint,
} from '../../src/islands/admin/features/dashboard/model';
import { FIGURE_KEYS } from '../../src/lib/shared/dashboard/api';

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

describe('dashboard trend lines: this month against last month', () => {
  it('says the change, or that last month had none', () => {
    expect(trendHint({ thisMonth: 5, lastMonth: 4 }, 'joined')).toBe('5 joined this month, +25% from last month');
    expect(trendHint({ thisMonth: 1, lastMonth: 4 }, 'joined')).toBe('1 joined this month, -75% from last month');
    expect(trendHint({ thisMonth: 4, lastMonth: 4 }, 'received')).toBe('4 received this month, 0% from last month');
    expect(trendHint({ thisMonth: 3, lastMonth: 0 }, 'added')).toBe('3 added this month, none last month');
    expect(trendHint({ thisMonth: 0, lastMonth: 0 }, 'added')).toBe('None added this month or last');
    expect(trendHint({ thisMonth: 0, lastMonth: 2 }, 'added')).toBe('0 added this month, -100% from last month');
    expect(trendHint({ thisMonth: 1234, lastMonth: 1000 }, 'joined')).toBe(
      '1,234 joined this month, +23.4% from last month',
    );
  });

  it('has the six cards of the spec, in order', () => {
    expect(FIGURE_CARDS.map((c) => c.key)).toEqual([...FIGURE_KEYS]);
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
