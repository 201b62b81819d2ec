// @vitest-environment happy-dom
// Managing sermons and events on a mocked API: the form sends what the shared schema accepts, the server's
// field errors land on their fields, a pastor's Delete is off with its reason, Duplicate adds the copy.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import { FetchError } from 'ofetch';
import { auth } from '../../src/lib/client/session';
import type { EventAnswer, SermonAnswer } from '../../src/lib/shared/live/api';
import type { User } from '../../src/lib/shared/users/types';
import type { Role } from '../../src/lib/shared/permissions';
import SermonsScreen from '../../src/islands/admin/features/sermons/SermonsScreen';
import EventsScreen from '../../src/islands/admin/features/events/EventsScreen';
import { createSermon, listSermons } from '../../src/islands/admin/features/sermons/api';
import { duplicateEvent, listEvents } from '../../src/islands/admin/features/events/api';

vi.mock('../../src/islands/admin/features/sermons/api', () => ({
  listSermons: vi.fn(),
  createSermon: vi.fn(),
  updateSermon: vi.fn(),
  deleteSermon: vi.fn(),
}));
// A single church: GET /branches/ answers the church alone, so no branch filter or picker shows.
vi.mock('../../src/islands/admin/branch-tree', async (original) => ({
  ...(await original<typeof import('../../src/islands/admin/branch-tree')>()),
  branchesQuery: () => ({ queryKey: ['branches'], queryFn: async () => [] }),
}));
vi.mock('../../src/islands/admin/features/events/api', () => ({
  listEvents: vi.fn(),
  createEvent: vi.fn(),
  updateEvent: vi.fn(),
  deleteEvent: vi.fn(),
  duplicateEvent: vi.fn(),
}));

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);

const sermon: SermonAnswer = {
  id: 'grace-upon-grace',
  title: 'Grace upon Grace',
  speaker: 'Pastor Kwame Asante',
  date: '2026-11-22',
  category: 'Grace',
  duration: '40 min',
  description: '',
  views: 0,
  likes: 0,
  comments: 0,
  status: 'published',
  tags: [],
  notes: '',
};

const event: EventAnswer = {
  id: 'prayer-night',
  branchId: 1,
  title: 'Prayer Night',
  description: '',
  category: 'prayer',
  type: 'one-time',
  status: 'upcoming',
  startDate: '2026-12-04',
  endDate: '2026-12-04',
  startTime: '19:00',
  endTime: '',
  location: 'Chapel',
  capacity: null,
  registered: 0,
  waitlist: 0,
  organizer: '',
  isPublic: true,
  requiresRegistration: false,
  tags: [],
};

function badRequest(errors: Record<string, string[]>) {
  const error = new FetchError('Bad Request');
  Object.assign(error, { status: 400, statusCode: 400, data: { detail: 'Invalid input', errors } });
  return error;
}

const input = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}`));

beforeEach(() => {
  vi.mocked(listSermons).mockResolvedValue([sermon]);
  vi.mocked(listEvents).mockResolvedValue([event]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('sermons', () => {
  it('a pastor creates a sermon: the server field error shows on its field, then the sermon joins the list', async () => {
    signIn('PASTOR');
    renderWithQuery(<SermonsScreen />);
    await screen.findByRole('list', { name: 'Sermons' });
    fireEvent.click(screen.getByRole('button', { name: 'New Sermon' }));
    const dialog = screen.getByRole('dialog', { name: 'New Sermon' });
    fireEvent.change(input(dialog, 'Title'), { target: { value: 'Sunday Word' } });
    fireEvent.change(input(dialog, 'Speaker'), { target: { value: 'Elder Mensah' } });
    fireEvent.change(input(dialog, 'Category'), { target: { value: 'Faith' } });
    fireEvent.change(input(dialog, 'Status'), { target: { value: 'published' } });
    fireEvent.change(input(dialog, 'Tags'), { target: { value: 'faith, hope' } });
    fireEvent.change(within(dialog).getByLabelText('Notes (Markdown)'), { target: { value: '# Notes' } });

    vi.mocked(createSermon).mockRejectedValueOnce(badRequest({ category: ['Category is not known'] }));
    fireEvent.submit(document.getElementById('sermon-form')!);
    expect(await within(dialog).findByText('Category is not known')).toBeTruthy();
    expect(within(dialog).getByText('Please correct the errors below.')).toBeTruthy();
    expect(vi.mocked(createSermon).mock.calls[0][0]).toMatchObject({
      title: 'Sunday Word',
      status: 'published',
      tags: ['faith', 'hope'],
      notes: '# Notes',
      videoUrl: null,
    });

    vi.mocked(createSermon).mockResolvedValueOnce({ ...sermon, id: 'sunday-word', title: 'Sunday Word' });
    fireEvent.submit(document.getElementById('sermon-form')!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Sermon' })).toBeNull());
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Sunday Word',
      'Grace upon Grace',
    ]);
  });

  it("a pastor's Delete is off and says why; a member cannot add or edit", async () => {
    signIn('PASTOR');
    renderWithQuery(<SermonsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Grace upon Grace' }));
    const del = within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    const note = document.getElementById(del.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe('Only Administrator and above can delete sermons.');
    cleanup();

    signIn('MEMBER');
    renderWithQuery(<SermonsScreen />);
    await screen.findByRole('list', { name: 'Sermons' });
    expect((screen.getByRole('button', { name: 'New Sermon' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Only Pastor and above can add sermons')).toBeTruthy();
  });

  it('a failed load shows the reason and Retry loads again', async () => {
    signIn('ADMIN');
    vi.mocked(listSermons).mockRejectedValueOnce(new Error('Network down'));
    renderWithQuery(<SermonsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load sermons. Network down');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Sermons' })).toBeTruthy();
  });
});

describe('events', () => {
  it('Duplicate Event adds the copy after its original', async () => {
    signIn('ADMIN');
    vi.mocked(duplicateEvent).mockResolvedValue({ ...event, id: 'prayer-night-copy', title: 'Prayer Night (copy)' });
    renderWithQuery(<EventsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'View details of Prayer Night' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Duplicate Event' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Prayer Night',
        'Prayer Night (copy)',
      ]),
    );
    expect(duplicateEvent).toHaveBeenCalledWith('prayer-night');
    expect(screen.getAllByText('No capacity limit')).toHaveLength(2);
  });

  it('the calendar opens on the month of today and lists the event on its day', async () => {
    signIn('PASTOR');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00Z'));
    try {
      renderWithQuery(<EventsScreen />);
      await screen.findByRole('list', { name: 'Events' });
      fireEvent.click(screen.getByRole('button', { name: 'Calendar' }));
      expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeTruthy();
      const cell = screen.getAllByRole('cell').find((c) => c.textContent?.includes('2026-12-04'))!;
      fireEvent.click(within(cell).getByRole('button', { name: /Prayer Night/ }));
      expect(screen.getByRole('dialog', { name: 'Prayer Night' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
      expect(screen.getByRole('heading', { level: 2, name: 'January 2027' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Prayer Night/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
