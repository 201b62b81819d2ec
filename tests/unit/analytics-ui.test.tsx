// @vitest-environment happy-dom
// The analytics screen over a mocked GET /analytics/?range=: the last 30 days by default, a new range asks again
// and never shows the old range's figures as the new one's, a failed section shows its own error with Retry
// while the others show, the trend metric switches the chart, and the report buttons wait for an answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import AnalyticsScreen from '../../src/islands/admin/features/analytics/AnalyticsScreen';
import type { AnalyticsReport } from '../../src/lib/shared/analytics/api';
import type { AnalyticsRange } from '../../src/lib/shared/analytics/periods';
import { getReport } from '../../src/islands/admin/features/analytics/api';
import { TrendChart } from '../../src/islands/admin/features/analytics/TrendChart';

vi.mock('../../src/islands/admin/features/analytics/api', () => ({ getReport: vi.fn() }));

function report(range: AnalyticsRange, totalPrayers: number): AnalyticsReport {
  return {
    range,
    period: { start: '2026-10-25', end: '2026-11-24' },
    previous: { start: '2026-09-25', end: '2026-10-25' },
    generatedAt: '2026-11-24T10:00:00.000Z',
    overview: {
      totalUsers: 200,
      activeUsers: 50,
      newUsers: 4,
      totalEvents: 3,
      totalPrayers,
      totalSermons: 5,
      sermonViews: 300,
      audioPlays: 120,
      engagement: 40,
      retention: 75,
    },
    growth: { users: 2, activeUsers: null, events: -50, prayers: 10, sermons: 0, engagement: 5 },
    timeframe: [
      { label: 'Nov 1', start: '2026-11-01', end: '2026-11-02', users: 7, events: 2, engagement: 30 },
      { label: 'Nov 2', start: '2026-11-02', end: '2026-11-03', users: 11, events: 0, engagement: 45 },
    ],
    categories: [{ name: 'Faith', count: 5, percentage: 100 }],
    topSermons: [{ id: 'walking-in-faith', title: 'Walking in Faith', views: 1500, plays: 600 }],
    topEvents: { error: 'Failed to count registrations.' },
    prayerCategories: [{ category: 'healing', requests: 4, answered: 1 }],
  };
}

const stat = (label: string) =>
  screen.getAllByText(label).find((el) => el.tagName === 'DT')?.nextElementSibling?.textContent;

beforeEach(() => {
  vi.mocked(getReport).mockReset();
  vi.mocked(getReport).mockImplementation(async (range) => report(range, range === '1y' ? 1234 : 12));
});
afterEach(cleanup);

describe('AnalyticsScreen', () => {
  it('asks for the last 30 days first, then for the range chosen', async () => {
    renderWithQuery(<AnalyticsScreen />);
    const range = screen.getByLabelText('Time range') as HTMLSelectElement;
    expect(range.value).toBe('30d');
    expect([...range.options].map((o) => o.textContent)).toEqual([
      'Last 7 Days',
      'Last 30 Days',
      'Last 90 Days',
      'Last Year',
    ]);
    await screen.findByText('Walking in Faith');
    expect(getReport).toHaveBeenLastCalledWith('30d');
    expect(stat('Prayer Requests')).toBe('12');
    expect(stat('Engagement')).toBe('40%');
    expect(screen.getByText('-50% from the period before')).toBeTruthy();

    let answer!: (r: AnalyticsReport) => void;
    vi.mocked(getReport).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.change(range, { target: { value: '1y' } });
    expect(getReport).toHaveBeenLastCalledWith('1y');
    // The 30 days' figures are not shown as the year's while it loads.
    expect(screen.queryByText('Walking in Faith')).toBeNull();
    expect((screen.getByRole('button', { name: 'Export Report' }) as HTMLButtonElement).disabled).toBe(true);
    answer(report('1y', 1234));
    await screen.findByText('Walking in Faith');
    expect(stat('Prayer Requests')).toBe('1.2k');
  });

  it('shows a failed section with its own Retry and the others as they are', async () => {
    renderWithQuery(<AnalyticsScreen />);
    await screen.findByText('Walking in Faith');
    const events = screen.getByRole('heading', { name: 'Top Events' }).closest('section')!;
    expect(within(events).getByText('Failed to count registrations.')).toBeTruthy();
    expect(screen.getByText('1 answered (25%)')).toBeTruthy();
    vi.mocked(getReport).mockImplementationOnce(async () => ({
      ...report('30d', 12),
      topEvents: [{ id: 'youth', title: 'Youth Conference', registrations: 3, seats: 7, checkedIn: 1 }],
    }));
    fireEvent.click(within(events).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Youth Conference')).toBeTruthy();
    expect(getReport).toHaveBeenCalledTimes(2);
  });

  it('switches the trend metric and enables the report buttons once loaded', async () => {
    renderWithQuery(<AnalyticsScreen />);
    await screen.findByText('Walking in Faith');
    expect(screen.getByText('Active users: 18 over 2 periods, highest Nov 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Events' }));
    expect(screen.getByRole('button', { name: 'Events' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Event registrations: 2 over 2 periods, highest Nov 1')).toBeTruthy();
    for (const name of ['User Report', 'Event Report', 'Content Report', 'Full Analytics', 'Export Report']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
  });
});

describe('TrendChart', () => {
  const point = (i: number, users: number) => ({
    label: `Nov ${i + 1}`,
    start: `2026-11-0${i + 1}`,
    end: `2026-11-0${i + 2}`,
    users,
    events: 0,
    engagement: 0,
  });
  const ticks = () => screen.getAllByTestId('y-tick').map((t) => t.textContent);

  it.each([
    [1, ['0', '1']],
    [2, ['0', '1', '2']],
    [4, ['0', '5']],
    [70, ['0', '50', '100']],
  ])('labels the y axis with distinct whole numbers when the highest value is %i', (highest, expected) => {
    renderWithQuery(<TrendChart points={[point(0, 0), point(1, highest)]} series="users" />);
    expect(ticks()).toEqual(expected);
    cleanup();
  });
});
