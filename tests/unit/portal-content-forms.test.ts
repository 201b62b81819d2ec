// The sermon and event screens' pure logic: form values <-> API payloads (checked by the server's own zod
// schemas), who may do what, and the calendar's month grid across month and year ends and leap years.
import { describe, expect, it } from 'vitest';
import { contentDenial, tagsFromText, tagsToText } from '../../src/islands/admin/content-form';
import {
  eventCardFigures,
  eventFormValues,
  eventPayload,
  eventsOn,
  monthGrid,
  monthOf,
  monthTitle,
  shiftMonth,
} from '../../src/islands/admin/features/events/model';
import { sermonFormValues, sermonPayload } from '../../src/islands/admin/features/sermons/model';
import {
  eventCreateSchema,
  sermonCreateSchema,
  type EventAnswer,
  type SermonAnswer,
} from '../../src/lib/shared/live/api';

const sermon: SermonAnswer = {
  id: 'walking-in-faith',
  title: 'Walking in Faith',
  speaker: 'Pastor Kwame Asante',
  date: '2026-11-15',
  category: 'Faith',
  duration: '45 min',
  description: 'Trusting God.',
  series: 'Faith Series',
  videoUrl: 'https://video.example.org/1',
  views: 10,
  likes: 2,
  comments: 1,
  status: 'published',
  tags: ['faith', 'hope'],
  notes: '# Notes\n\n- one',
};

const event: EventAnswer = {
  id: 'youth-night',
  branchId: 1,
  title: 'Youth Night',
  description: 'Games and worship.',
  category: 'youth',
  type: 'one-time',
  status: 'upcoming',
  startDate: '2026-12-30',
  endDate: '2027-01-02',
  startTime: '18:00',
  endTime: '',
  location: 'Hall',
  capacity: null,
  registered: 7,
  waitlist: 0,
  organizer: 'Youth Ministry',
  isPublic: true,
  requiresRegistration: false,
  tags: [],
};

describe('tags', () => {
  it('reads one comma-separated line and writes it back', () => {
    expect(tagsFromText(' faith, hope ,, love ,')).toEqual(['faith', 'hope', 'love']);
    expect(tagsToText(['a', 'b'])).toBe('a, b');
  });
});

describe('sermon form', () => {
  it('a new sermon starts as a draft on today and needs a title, speaker and category', () => {
    const values = sermonFormValues(null, '2026-11-22');
    expect(values).toMatchObject({ date: '2026-11-22', status: 'draft', notes: '', tags: '' });
    const parsed = sermonCreateSchema.safeParse(sermonPayload(values));
    expect(parsed.success).toBe(false);
    const fields = parsed.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['title', 'speaker', 'category']));
  });

  it('an edit round-trips every field the form shows, notes included', () => {
    const values = sermonFormValues(sermon, '2030-01-01');
    expect(values.tags).toBe('faith, hope');
    expect(values.thumbnail).toBe('');
    const parsed = sermonCreateSchema.parse(sermonPayload(values));
    expect(parsed).toMatchObject({
      title: sermon.title,
      date: sermon.date,
      status: 'published',
      tags: ['faith', 'hope'],
      videoUrl: sermon.videoUrl,
      thumbnail: null, // an empty link clears it
      notes: sermon.notes,
    });
  });

  it('the schema names the field of a bad link', () => {
    const values = { ...sermonFormValues(sermon, '2030-01-01'), videoUrl: 'not a link' };
    const parsed = sermonCreateSchema.safeParse(sermonPayload(values));
    expect(parsed.error?.issues[0].path).toEqual(['videoUrl']);
  });
});

describe('event form', () => {
  it('an empty capacity is null (no limit); a number is sent as a number', () => {
    const values = eventFormValues(event, '2030-01-01');
    expect(values.capacity).toBe('');
    expect(eventPayload(values).capacity).toBeNull();
    expect(eventPayload({ ...values, capacity: ' 120 ' }).capacity).toBe(120);
    expect(eventCreateSchema.parse(eventPayload(values))).toMatchObject({
      title: 'Youth Night',
      capacity: null,
      isPublic: true,
      requiresRegistration: false,
      endDate: '2027-01-02',
    });
  });

  it('the schema refuses a capacity that is not a positive whole number, and an end before the start', () => {
    const values = eventFormValues(event, '2030-01-01');
    for (const capacity of ['0', '-3', '2.5', 'many']) {
      const parsed = eventCreateSchema.safeParse(eventPayload({ ...values, capacity }));
      expect(parsed.error?.issues[0].path, capacity).toEqual(['capacity']);
    }
    const early = eventCreateSchema.safeParse(eventPayload({ ...values, endDate: '2026-12-01' }));
    expect(early.error?.issues[0].path).toEqual(['endDate']);
  });

  it('a new event starts public, upcoming, on today, without a capacity', () => {
    const values = eventFormValues(null, '2026-11-22');
    expect(values).toMatchObject({ startDate: '2026-11-22', isPublic: true, status: 'upcoming', capacity: '' });
  });

  it('cards of an event without a capacity say so instead of a percentage', () => {
    expect(eventCardFigures(event)).toMatchObject({ attendance: '7 (no limit)', percentLabel: 'No capacity limit' });
    expect(eventCardFigures({ ...event, capacity: 10 })).toMatchObject({
      attendance: '7/10',
      percentLabel: '70% full',
    });
  });
});

describe('permissions', () => {
  it('pastors create and edit, administrators also delete; the reason names the lowest role allowed', () => {
    expect(contentDenial('PASTOR', 'sermons', 'create')).toBeNull();
    expect(contentDenial('PASTOR', 'sermons', 'edit')).toBeNull();
    expect(contentDenial('PASTOR', 'sermons', 'delete')).toBe('Only Administrator and above can delete sermons');
    expect(contentDenial('ADMIN', 'events', 'delete')).toBeNull();
    expect(contentDenial('MEMBER', 'events', 'create')).toBe('Only Pastor and above can add events');
    expect(contentDenial(null, 'events', 'edit')).toBe('Only Pastor and above can edit events');
  });
});

describe('calendar', () => {
  const dates = (m: { year: number; month: number }) => monthGrid(m).map((w) => w.map((d) => d.date));

  it('weeks run Sunday to Saturday and pad with the neighbouring months', () => {
    const grid = monthGrid({ year: 2026, month: 10 }); // November 2026 starts on a Sunday
    expect(grid).toHaveLength(5);
    expect(grid[0][0]).toEqual({ date: '2026-11-01', day: 1, inMonth: true });
    expect(grid[4][1]).toEqual({ date: '2026-11-30', day: 30, inMonth: true });
    expect(grid[4][6]).toEqual({ date: '2026-12-05', day: 5, inMonth: false });
    expect(grid.every((w) => w.length === 7)).toBe(true);
  });

  it('crosses the year at both ends', () => {
    const jan = dates({ year: 2027, month: 0 }); // 1 January 2027 is a Friday
    expect(jan[0].slice(0, 6)).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect(dates({ year: 2026, month: 11 }).at(-1)?.at(-1)).toBe('2027-01-02');
  });

  it('knows leap years: February 2028 has 29 days, 2100 does not, 2000 does', () => {
    const inMonth = (year: number) =>
      monthGrid({ year, month: 1 })
        .flat()
        .filter((d) => d.inMonth).length;
    expect(inMonth(2028)).toBe(29);
    expect(inMonth(2027)).toBe(28);
    expect(inMonth(2100)).toBe(28);
    expect(inMonth(2000)).toBe(29);
    // February 2026 starts on a Sunday and has 28 days: exactly four rows.
    expect(monthGrid({ year: 2026, month: 1 })).toHaveLength(4);
    // A 31-day month starting on a Saturday needs six rows (August 2026).
    expect(monthGrid({ year: 2026, month: 7 })).toHaveLength(6);
  });

  it('moves between months across years and names them', () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(shiftMonth({ year: 2026, month: 5 }, -18)).toEqual({ year: 2024, month: 11 });
    expect(monthOf('2028-02-29')).toEqual({ year: 2028, month: 1 });
    expect(monthTitle({ year: 2027, month: 0 })).toBe('January 2027');
  });

  it('an event shows on every day from its start to its end, ordered by time', () => {
    const early = { ...event, id: 'early', startDate: '2026-12-31', endDate: '', startTime: '07:00' };
    expect(eventsOn([event, early], '2026-12-29')).toEqual([]);
    expect(eventsOn([event, early], '2026-12-31').map((e) => e.id)).toEqual(['early', 'youth-night']);
    expect(eventsOn([event, early], '2027-01-02').map((e) => e.id)).toEqual(['youth-night']);
    expect(eventsOn([event, early], '2027-01-03')).toEqual([]);
  });
});
