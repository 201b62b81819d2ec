import { describe, expect, it } from 'vitest';
import type { ChurchEvent, Sermon } from '../../src/lib/shared/live/types';
import { capitalize, filterOptions, matchesFilter, matchesSearch, sum } from '../../src/lib/shared/filters';
import { visibleTags } from '../../src/islands/ui/tags';
import {
  EMPTY_SERMON_FILTERS,
  filterSermons,
  seriesOf,
  sermonShareUrl,
  sermonStats,
} from '../../src/islands/admin/features/sermons/model';
import {
  EMPTY_PRAYER_FILTERS,
  NEEDS_FOLLOW_UP,
  filterPrayers,
  prayerStats,
  wallState,
} from '../../src/islands/admin/features/prayers/model';
import {
  EMPTY_EVENT_FILTERS,
  averageCapacity,
  eventCardFigures,
  eventStats,
  filterEvents,
} from '../../src/islands/admin/features/events/model';
import {
  answerRate,
  growthLabel,
  overviewCards,
  percentOf,
  reportCsv,
} from '../../src/islands/admin/features/analytics/model';
import { PRAYER_CATEGORIES, PRAYER_PRIORITIES, PRAYER_STATUSES } from '../../src/lib/shared/visitors/rules';
import { DEMO_PRAYERS as SAMPLE_PRAYERS } from './prayer-fixtures';

const sermon = (over: Partial<Sermon>): Sermon => ({
  id: 'walking-in-faith',
  title: 'Walking in Faith',
  speaker: 'Pastor Kwame Asante',
  date: '2026-11-15',
  category: 'Faith',
  duration: '45 min',
  description: 'Trusting God when the road is unclear.',
  views: 100,
  likes: 10,
  comments: 1,
  status: 'published',
  tags: ['faith', 'trust'],
  ...over,
});

const event = (over: Partial<ChurchEvent>): ChurchEvent => ({
  id: 'youth-conference',
  title: 'Youth Conference',
  description: 'Two days of worship and teaching for young people.',
  category: 'youth',
  type: 'one-time',
  status: 'upcoming',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  startTime: '09:00',
  endTime: '16:30',
  location: 'Main Sanctuary',
  capacity: 200,
  registered: 150,
  waitlist: 0,
  organizer: 'Youth Ministry',
  isPublic: true,
  requiresRegistration: true,
  tags: ['youth'],
  ...over,
});

describe('shared filter rules', () => {
  it('search is a case-insensitive substring over strings and string lists', () => {
    expect(matchesSearch('', ['x'])).toBe(true);
    expect(matchesSearch('  ', [])).toBe(true);
    expect(matchesSearch('FAITH', ['Walking in Faith'])).toBe(true);
    expect(matchesSearch('trust', ['a', ['faith', 'Trust']])).toBe(true);
    expect(matchesSearch('zzz', ['a', null, undefined, ['b']])).toBe(false);
  });

  it("'all' means no filter; otherwise exact", () => {
    expect(matchesFilter('draft', 'all')).toBe(true);
    expect(matchesFilter('draft', '')).toBe(true);
    expect(matchesFilter('draft', 'draft')).toBe(true);
    expect(matchesFilter('draft', 'published')).toBe(false);
    expect(matchesFilter(undefined, 'Faith Series')).toBe(false);
  });

  it("shows at most 3 tags then '+N more'", () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: null });
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2 more' });
    expect(visibleTags([])).toEqual({ shown: [], more: null });
  });

  it('labels and sums', () => {
    expect(capitalize('one-time')).toBe('One-time');
    expect(capitalize('')).toBe('');
    expect(filterOptions('All Statuses', ['draft'])).toEqual([
      { value: 'all', label: 'All Statuses' },
      { value: 'draft', label: 'Draft' },
    ]);
    expect(sum([1, 2, Number.NaN, 3])).toBe(6);
  });
});

describe('sermons', () => {
  const sermons = [
    sermon({ id: 'a', status: 'published', series: 'Faith Series', views: 1500, likes: 120 }),
    sermon({
      id: 'b',
      title: 'Hope',
      speaker: 'Rev. Ama',
      description: 'x',
      tags: ['grief'],
      status: 'draft',
      series: 'Advent',
      views: 200,
      likes: 5,
    }),
    sermon({
      id: 'c',
      title: 'Love',
      speaker: 'Rev. Ama',
      description: 'y',
      tags: [],
      status: 'scheduled',
      views: 0,
      likes: 0,
    }),
  ];

  it('stat cards: totals, published count, views and likes in k', () => {
    expect(sermonStats(sermons)).toEqual([
      { label: 'Total Sermons', value: '3' },
      { label: 'Published', value: '1' },
      { label: 'Total Views', value: '1.7k' },
      { label: 'Total Likes', value: '125' },
    ]);
    expect(sermonStats([]).map((s) => s.value)).toEqual(['0', '0', '0', '0']);
  });

  it('searches title, speaker, description and tags; filters status and series with AND', () => {
    const ids = (f: Partial<typeof EMPTY_SERMON_FILTERS>) =>
      filterSermons(sermons, { ...EMPTY_SERMON_FILTERS, ...f }).map((s) => s.id);
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ search: 'hope' })).toEqual(['b']);
    expect(ids({ search: 'rev. ama' })).toEqual(['b', 'c']);
    expect(ids({ search: 'GRIEF' })).toEqual(['b']);
    expect(ids({ search: 'trusting god' })).toEqual(['a']);
    expect(ids({ status: 'scheduled' })).toEqual(['c']);
    expect(ids({ series: 'Advent' })).toEqual(['b']);
    expect(ids({ series: 'Advent', status: 'published' })).toEqual([]);
    expect(ids({ search: 'nothing like this' })).toEqual([]);
  });

  it('series options come from the data, distinct and sorted', () => {
    expect(seriesOf([...sermons, sermon({ series: 'Advent' })])).toEqual(['Advent', 'Faith Series']);
  });

  it('share link points at the public sermon page', () => {
    expect(sermonShareUrl('walking-in-faith', 'https://church.example')).toBe(
      'https://church.example/sermons/walking-in-faith',
    );
    expect(sermonShareUrl('a b', 'http://127.0.0.1:4431')).toBe('http://127.0.0.1:4431/sermons/a%20b');
  });
});

describe('prayer demo data and logic', () => {
  it('covers every category, status and priority, private requests and long tag lists', () => {
    expect(new Set(SAMPLE_PRAYERS.map((p) => p.category))).toEqual(new Set(PRAYER_CATEGORIES));
    expect(new Set(SAMPLE_PRAYERS.map((p) => p.status))).toEqual(new Set(PRAYER_STATUSES));
    expect(new Set(SAMPLE_PRAYERS.map((p) => p.priority))).toEqual(new Set(PRAYER_PRIORITIES));
    expect(SAMPLE_PRAYERS.some((p) => !p.isPublic)).toBe(true);
    expect(SAMPLE_PRAYERS.some((p) => p.tags.length > 3)).toBe(true);
    expect(new Set(SAMPLE_PRAYERS.map((p) => p.id)).size).toBe(SAMPLE_PRAYERS.length);
  });

  it('stat cards', () => {
    const stats = prayerStats(SAMPLE_PRAYERS);
    expect(stats.map((s) => s.label)).toEqual(['Total Prayers', 'Active Prayers', 'Answered', 'Total Supporters']);
    expect(stats[0].value).toBe(String(SAMPLE_PRAYERS.length));
    expect(stats[1].value).toBe(String(SAMPLE_PRAYERS.filter((p) => p.status === 'active').length));
    expect(stats[2].value).toBe(String(SAMPLE_PRAYERS.filter((p) => p.status === 'answered').length));
    expect(stats[3].value).toBe(String(SAMPLE_PRAYERS.reduce((t, p) => t + p.supporters, 0)));
  });

  it('searches title, requester, description and tags; filters combine', () => {
    // The demo requests as the API answers them; named by title (their ids are the database's).
    const ids = (f: Partial<typeof EMPTY_PRAYER_FILTERS>) =>
      filterPrayers(SAMPLE_PRAYERS, { ...EMPTY_PRAYER_FILTERS, ...f })
        .map((p) => p.title)
        .sort();
    const p1 = 'Healing after surgery';
    const p7 = 'Safe delivery of our baby';
    expect(ids({})).toHaveLength(SAMPLE_PRAYERS.length);
    expect(ids({ search: 'ama mensah' })).toEqual([p1]);
    expect(ids({ search: 'KORLE BU' })).toEqual([p1]);
    expect(ids({ search: 'reconciliation' })).toEqual(['Reconciliation in our family']);
    expect(ids({ category: 'health' })).toEqual([p1, p7]);
    expect(ids({ category: 'health', status: 'answered' })).toEqual([p7]);
    expect(ids({ priority: 'urgent' })).toEqual([p1, 'Strength through grief']);
    expect(ids({ priority: 'urgent', category: 'gratitude' })).toEqual([]);
  });

  it('the follow-up filter keeps requests untouched for 30 days that are not answered or closed', () => {
    const flagged = filterPrayers(SAMPLE_PRAYERS, { ...EMPTY_PRAYER_FILTERS, followUp: NEEDS_FOLLOW_UP });
    expect(flagged.map((p) => p.title)).toEqual(['Direction for my studies']);
    expect(flagged.every((p) => p.status !== 'answered' && p.status !== 'closed')).toBe(true);
  });

  it('says where a request stands with the prayer wall', () => {
    expect(wallState({ isPublic: false, approved: true, status: 'active' })).toBe('Private: never on the wall');
    expect(wallState({ isPublic: true, approved: false, status: 'active' })).toBe('Awaiting approval');
    expect(wallState({ isPublic: true, approved: true, status: 'answered' })).toBe('On the prayer wall');
    expect(wallState({ isPublic: true, approved: true, status: 'closed' })).toMatch(/closed requests leave the wall/);
  });
});

describe('events', () => {
  const events = [
    event({ id: 'a', registered: 150, capacity: 200, status: 'upcoming' }),
    event({
      id: 'b',
      title: 'Carols',
      organizer: 'Music Ministry',
      location: 'Fellowship Hall',
      category: 'worship',
      type: 'recurring',
      registered: 120,
      capacity: 100,
      status: 'completed',
      tags: ['christmas'],
    }),
    event({
      id: 'c',
      title: 'Prayer Night',
      description: 'An evening of prayer',
      category: 'prayer',
      type: 'series',
      registered: 0,
      capacity: 0,
      status: 'cancelled',
      tags: [],
    }),
  ];

  it('stat cards: total, upcoming, registrations, average capacity', () => {
    expect(eventStats(events)).toEqual([
      { label: 'Total Events', value: '3' },
      { label: 'Upcoming', value: '1' },
      { label: 'Registrations', value: '270' },
      { label: 'Avg Capacity', value: '98%' },
    ]);
    expect(averageCapacity([])).toBe(0);
    expect(eventStats([event({ registered: 1500 })])[2].value).toBe('1.5k');
  });

  it('searches title, description, organizer, location and tags; filters combine', () => {
    const ids = (f: Partial<typeof EMPTY_EVENT_FILTERS>) =>
      filterEvents(events, { ...EMPTY_EVENT_FILTERS, ...f }).map((e) => e.id);
    expect(ids({ search: 'music ministry' })).toEqual(['b']);
    expect(ids({ search: 'fellowship hall' })).toEqual(['b']);
    expect(ids({ search: 'CHRISTMAS' })).toEqual(['b']);
    expect(ids({ search: 'evening' })).toEqual(['c']);
    expect(ids({ category: 'worship' })).toEqual(['b']);
    expect(ids({ type: 'series' })).toEqual(['c']);
    expect(ids({ status: 'upcoming', category: 'youth' })).toEqual(['a']);
    expect(ids({ status: 'upcoming', category: 'worship' })).toEqual([]);
  });

  it('card figures: dates, 12-hour times, registration, percent full capped bar, waitlist', () => {
    expect(eventCardFigures(events[0])).toEqual({
      dates: 'December 5, 2026 - December 6, 2026',
      times: '9:00 AM - 4:30 PM',
      registration: 'Required',
      attendance: '150/200',
      percent: 75,
      percentLabel: '75% full',
      bar: 75,
      waitlist: '0 on waitlist',
    });
    const over = eventCardFigures({
      ...events[1],
      endDate: events[1].startDate,
      requiresRegistration: false,
      waitlist: 7,
      startTime: '19:00',
      endTime: '21:00',
    });
    expect(over).toMatchObject({
      dates: 'December 5, 2026',
      times: '7:00 PM - 9:00 PM',
      registration: 'Open',
      percent: 120,
      bar: 100,
      waitlist: '7 on waitlist',
    });
    expect(eventCardFigures(events[2])).toMatchObject({ percent: 0, bar: 0, percentLabel: '0% full' });
  });
});

describe('analytics', () => {
  const overview = {
    totalUsers: 1248,
    activeUsers: 196,
    newUsers: 21,
    totalEvents: 18,
    totalPrayers: 1240,
    totalSermons: 8,
    sermonViews: 900,
    audioPlays: 620,
    engagement: 69,
    retention: 84,
  };
  const growth = { users: 31.4, activeUsers: 0, events: null, prayers: -2.5, sermons: 0, engagement: 6.5 };

  it('growth labels and answer rates', () => {
    expect(growthLabel(12.5)).toBe('+12.5%');
    expect(growthLabel(-1.2)).toBe('-1.2%');
    expect(growthLabel(0)).toBe('0%');
    expect(growthLabel(null)).toBe('new');
    expect(growthLabel(Number.NaN)).toBe('0%');
    expect(answerRate(312, 187)).toBe(60);
    expect(answerRate(0, 0)).toBe(0);
    expect(answerRate(10, 20)).toBe(100);
    expect(percentOf(196, 248)).toBe(79);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('overview cards abbreviate counts from 1000 as k and compare with the period before', () => {
    const cards = overviewCards(overview, growth);
    expect(cards.find((c) => c.label === 'Prayer Requests')).toEqual({
      label: 'Prayer Requests',
      value: '1.2k',
      hint: '-2.5% from the period before',
    });
    expect(cards.find((c) => c.label === 'Total Users')?.hint).toBe('+31.4% from the period before');
    expect(cards.find((c) => c.label === 'Events Held')?.hint).toBe('None in the period before');
    expect(cards.find((c) => c.label === 'Engagement')?.value).toBe('69%');
    expect(cards.find((c) => c.label === 'Active Users')?.hint).toBe('16% of all users');
    // Without growth (its section failed) the cards still show their figures.
    expect(overviewCards(overview, null).find((c) => c.label === 'Total Users')?.hint).toBeUndefined();
  });

  it('report CSVs hold the range and escape what people typed', () => {
    const report = {
      range: '30d' as const,
      period: { start: '2026-10-26', end: '2026-11-25' },
      previous: { start: '2026-09-26', end: '2026-10-26' },
      generatedAt: '2026-11-24T10:00:00.000Z',
      overview,
      growth,
      timeframe: [{ label: 'Nov 24', start: '2026-11-24', end: '2026-11-25', users: 3, events: 1, engagement: 50 }],
      categories: [{ name: 'Sermon views', count: 900, percentage: 59 }],
      topSermons: [{ id: 'x', title: '=HYPERLINK("http://evil")', views: 10, plays: 4 }],
      topEvents: { error: 'These figures could not be counted just now.' },
      prayerCategories: [{ category: 'health', requests: 2, answered: 1 }],
    };
    const full = reportCsv(report, 'Full Analytics');
    expect(full.filename).toBe('full-analytics-30d-2026-11-25.csv');
    expect(full.text).toContain('"Period","2026-10-26 to 2026-11-25 (end excluded)"');
    expect(full.text).toContain('"totalUsers","1248","31.4"');
    expect(full.text).toContain(`"'=HYPERLINK(""http://evil"")","10","4"`);
    expect(full.text).toContain('"Top events","not available"');
    expect(full.text.endsWith('\r\n')).toBe(true);
    const users = reportCsv(report, 'User Report');
    expect(users.text).toContain('"2026-11-24","2026-11-25","3"');
    expect(users.text).not.toContain('HYPERLINK');
  });
});
