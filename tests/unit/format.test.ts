import { describe, expect, it } from 'vitest';
import {
  barWidth,
  formatCount,
  formatDate,
  formatEventWhen,
  formatTime12,
  fullName,
  initials,
  percentFull,
} from '../../src/lib/shared/format';
import { meetingWhen, parseMeetingTime } from '../../src/lib/shared/ministries/meeting-time';

describe('format', () => {
  it('formats times in 12-hour form', () => {
    expect(formatTime12('09:00')).toBe('9:00 AM');
    expect(formatTime12('00:15')).toBe('12:15 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('19:30')).toBe('7:30 PM');
  });
  it('abbreviates counts from 1000', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.0k');
    expect(formatCount(15234)).toBe('15.2k');
  });
  it('computes percent full and caps the bar', () => {
    expect(percentFull(45, 60)).toBe(75);
    expect(percentFull(130, 100)).toBe(130);
    expect(barWidth(130)).toBe(100);
    expect(percentFull(5, 0)).toBe(0);
  });
  it('formats ISO dates en-US without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('January 5, 2026');
  });
  it("gives an event's days and hours in one line, as its card shows them", () => {
    const day = { startDate: '2026-12-19', endDate: '2026-12-19', startTime: '10:00', endTime: '13:00' };
    expect(formatEventWhen(day)).toBe('December 19, 2026, 10:00 AM - 1:00 PM');
    expect(formatEventWhen({ ...day, endTime: '' }, 'short')).toBe('Dec 19, 2026, 10:00 AM');
    expect(formatEventWhen({ ...day, endDate: '2026-12-20', startTime: '18:30' })).toBe(
      'December 19, 2026 - December 20, 2026, 6:30 PM - 1:00 PM',
    );
  });
  it('names and initials fall back as the spec says', () => {
    expect(fullName({ first_name: 'Ama', last_name: 'Mensah', username: 'ama' })).toBe('Ama Mensah');
    expect(fullName({ first_name: '', last_name: '', username: 'kofi' })).toBe('kofi');
    expect(initials({ first_name: 'Ama', last_name: 'Mensah' })).toBe('AM');
    expect(initials({ username: 'kofi' })).toBe('K');
    expect(initials({})).toBe('U');
  });
});

describe('a meeting time', () => {
  it('is read from either clock as HH:MM, and nothing else is a time', () => {
    const read = ['6:30 PM', '6:30pm', '6.30 p.m.', '7 pm', '18:30', '06:30', '12 AM', '12:15 PM', '0:05'];
    expect(read.map(parseMeetingTime)).toEqual([
      '18:30',
      '18:30',
      '18:30',
      '19:00',
      '18:30',
      '06:30',
      '00:00',
      '12:15',
      '00:05',
    ]);
    for (const text of ['evening', '6', '24:00', '13:00 PM', '6:75', '0 AM', ''])
      expect(parseMeetingTime(text)).toBeNull();
  });
  it('is shown with its day on the 12-hour clock, evening as PM', () => {
    expect(meetingWhen({ meeting_day: 'Thursday', meeting_time: '18:30' })).toBe('Thursday, 6:30 PM');
    expect(meetingWhen({ meeting_day: null, meeting_time: '08:00' })).toBe('8:00 AM');
    expect(meetingWhen({ meeting_day: 'Sunday', meeting_time: null })).toBe('Sunday');
    expect(meetingWhen({ meeting_day: null, meeting_time: null })).toBe('');
  });
});
