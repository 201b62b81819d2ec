// @vitest-environment happy-dom
// The inbox on a mocked API: an inbox with no messages, or a box with none, says so without offering to clear
// filters that are not set; a search that matches nothing keeps "No messages found" with Clear Filters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import MessagesScreen from '../../src/islands/admin/features/messages/MessagesScreen';
import { listMessages } from '../../src/islands/admin/features/messages/api';
import type { ContactMessage } from '../../src/lib/shared/messages/api';

vi.mock('../../src/islands/admin/features/messages/api', () => ({
  listMessages: vi.fn(),
  updateMessage: vi.fn(),
  deleteMessage: vi.fn(),
}));

const read: ContactMessage = {
  id: 1,
  name: 'Ama Mensah',
  email: 'ama@example.org',
  phone: null,
  preferredContact: 'email',
  subject: 'Choir',
  inquiryType: 'volunteer',
  services: [],
  message: 'I would like to sing in the choir.',
  read: true,
  archived: false,
  prayerRequestId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const clearFilters = () => screen.queryByRole('button', { name: 'Clear Filters' });

describe('the empty inbox', () => {
  it('with no messages at all says none has arrived yet, without Clear Filters', async () => {
    vi.mocked(listMessages).mockResolvedValue([]);
    renderWithQuery(<MessagesScreen />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.queryByText('No messages found')).toBeNull();
    expect(clearFilters()).toBeNull();
  });

  it('an empty box without a search says the box is empty; a search that matches nothing offers Clear Filters', async () => {
    vi.mocked(listMessages).mockResolvedValue([read]);
    renderWithQuery(<MessagesScreen />);
    await screen.findByRole('list', { name: 'Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(screen.getByText('No unread messages')).toBeTruthy();
    expect(clearFilters()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Inbox' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search messages' }), { target: { value: 'organ' } });
    expect(screen.getByText('No messages found')).toBeTruthy();
    fireEvent.click(clearFilters()!);
    expect(screen.getByRole('list', { name: 'Messages' })).toBeTruthy();
  });
});
