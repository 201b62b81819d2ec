// The inbox's rules: which box a message is in, the search, and the reply link.
import { describe, expect, it } from 'vitest';
import { filterMessages, inBox, replyHref } from '../../src/islands/admin/features/messages/model';
import type { ContactMessage } from '../../src/lib/shared/messages/api';

const message = (fields: Partial<ContactMessage>): ContactMessage => ({
  id: 1,
  name: 'Ama Mensah',
  email: 'ama@example.org',
  phone: null,
  preferredContact: 'email',
  subject: 'Choir',
  inquiryType: 'volunteer',
  services: [],
  message: 'I would like to sing in the choir.',
  read: false,
  archived: false,
  prayerRequestId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('inbox model', () => {
  it('puts a message in Inbox unless archived, in Unread while unread and not archived', () => {
    const unread = message({});
    const read = message({ read: true });
    const archived = message({ archived: true });
    expect([inBox(unread, 'inbox'), inBox(read, 'inbox'), inBox(archived, 'inbox')]).toEqual([true, true, false]);
    expect([inBox(unread, 'unread'), inBox(read, 'unread'), inBox(archived, 'unread')]).toEqual([true, false, false]);
    expect([inBox(unread, 'archived'), inBox(archived, 'archived')]).toEqual([false, true]);
  });

  it('searches name, email, phone, subject and text, case-insensitively', () => {
    const list = [
      message({ id: 1 }),
      message({ id: 2, name: 'Kofi', email: 'k@x.org', subject: 'Visit', message: 'Sunday' }),
    ];
    expect(filterMessages(list, { search: 'CHOIR', box: 'inbox' }).map((m) => m.id)).toEqual([1]);
    expect(filterMessages(list, { search: 'k@x', box: 'inbox' }).map((m) => m.id)).toEqual([2]);
    expect(filterMessages(list, { search: '', box: 'archived' })).toEqual([]);
  });

  it('replies to the visitor with "Re:" once', () => {
    expect(replyHref(message({}))).toBe('mailto:ama%40example.org?subject=Re%3A%20Choir');
    expect(replyHref(message({ subject: 'Re: Choir' }))).toBe('mailto:ama%40example.org?subject=Re%3A%20Choir');
  });
});
