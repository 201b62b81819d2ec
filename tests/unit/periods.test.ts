// The windows the staff figures compare: a range and the period before it, calendar months across year ends,
// the chart's buckets (days, weeks, months) and the percent change and share rules, on fixed dates.
import { describe, expect, it } from 'vitest';
import {
  bucketIndex,
  buckets,
  monthWindows,
  percentChange,
  percentOf,
  rangeWindows,
} from '../../src/lib/shared/analytics/periods';
import { csvCell, toCsv } from '../../src/lib/shared/csv';

const at = (iso: string) => Date.parse(iso);

describe('range windows', () => {
  it('ends with today and compares with the same number of days before', () => {
    expect(rangeWindows('7d', at('2026-11-24T23:59:00Z'))).toEqual({
      current: { start: '2026-11-18', end: '2026-11-25' },
      previous: { start: '2026-11-11', end: '2026-11-18' },
    });
    expect(rangeWindows('1y', at('2026-03-01T00:00:00Z')).current).toEqual({ start: '2025-03-02', end: '2026-03-02' });
  });

  it('crosses month and leap-year ends', () => {
    expect(rangeWindows('30d', at('2024-03-01T12:00:00Z')).current).toEqual({ start: '2024-02-01', end: '2024-03-02' });
  });
});

describe('month windows', () => {
  it('this month so far and the whole month before, across a year end', () => {
    expect(monthWindows(at('2027-01-15T10:00:00Z'))).toEqual({
      current: { start: '2027-01-01', end: '2027-02-01' },
      previous: { start: '2026-12-01', end: '2027-01-01' },
    });
    expect(monthWindows(at('2026-12-31T23:59:59Z')).current).toEqual({ start: '2026-12-01', end: '2027-01-01' });
  });
});

describe('chart buckets', () => {
  it('a day each for 7 and 30 days', () => {
    const days = buckets('7d', { start: '2026-11-18', end: '2026-11-25' });
    expect(days.map((b) => b.label)).toEqual(['Nov 18', 'Nov 19', 'Nov 20', 'Nov 21', 'Nov 22', 'Nov 23', 'Nov 24']);
    expect(buckets('30d', rangeWindows('30d', at('2026-11-24T00:00:00Z')).current)).toHaveLength(30);
  });

  it('a week each for 90 days, the last one shorter', () => {
    const weeks = buckets('90d', rangeWindows('90d', at('2026-11-24T00:00:00Z')).current);
    expect(weeks).toHaveLength(13);
    expect(weeks[0].label).toMatch(/^Week of /);
    expect(weeks.at(-1)!.end).toBe('2026-11-25');
  });

  it('a calendar month each for a year, the first partial', () => {
    const months = buckets('1y', rangeWindows('1y', at('2026-11-24T00:00:00Z')).current);
    expect(months[0]).toEqual({ label: 'Nov 2025', start: '2025-11-25', end: '2025-12-01' });
    expect(months.at(-1)).toEqual({ label: 'Nov 2026', start: '2026-11-01', end: '2026-11-25' });
    expect(months).toHaveLength(13);
    // Contiguous: every day lands in exactly one.
    for (let i = 1; i < months.length; i++) expect(months[i].start).toBe(months[i - 1].end);
    expect(bucketIndex(months, '2026-02-28')).toBe(3); // Nov, Dec, Jan, Feb
    expect(bucketIndex(months, '2025-11-24')).toBe(-1);
    expect(bucketIndex(months, '2026-11-25')).toBe(-1);
  });
});

describe('percent rules', () => {
  it('change against the previous period', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(10, 12)).toBe(-16.7);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });
  it('a share, capped and safe on zero', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(3, 0)).toBe(0);
  });
});

describe('CSV', () => {
  it('defuses formulas and quotes every cell', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(
      toCsv([
        ['a', 1, null],
        ['b"c', undefined, -2],
      ]),
    ).toBe('"a","1",""\r\n"b""c","","-2"\r\n');
    expect(csvCell('-2')).toBe(`"'-2"`); // typed text that looks like a number stays text
  });
});
