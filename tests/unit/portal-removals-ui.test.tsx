// @vitest-environment happy-dom
// Removal requests on a mocked API: the requests as a labelled table in the server's order (open first), the
// member's reason as text, a link to the account in Users; Mark done and Decline ask first, call the API, say so and
// read the list again; a refused call shows the server's reason; empty and failed loads; a pastor has no sidebar
// entry and is told why if they open the screen, without the server being asked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { renderWithQuery } from './query-wrapper';
import RemovalRequestsScreen from '../../src/islands/admin/features/removals/RemovalRequestsScreen';
import { declineRemoval, listRemovalRequests, markRemovalDone } from '../../src/islands/admin/features/removals/api';
import { navItemsFor } from '../../src/islands/admin/layout/nav';
import { auth } from '../../src/lib/client/session';
import { formatDateTime } from '../../src/lib/shared/format';
import type { StaffRemovalRequest } from '../../src/lib/shared/members/api';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/removals/api', () => ({
  listRemovalRequests: vi.fn(),
  markRemovalDone: vi.fn(),
  declineRemoval: vi.fn(),
}));

const open: StaffRemovalRequest = {
  id: 7,
  reason: '<b>Moving abroad</b>',
  status: 'open',
  createdAt: '2026-11-21T08:30:00.000Z',
  handledAt: null,
  name: 'Ama Mensah',
  user: { id: 41, name: 'Ama Mensah', email: 'ama@example.org' },
  handledBy: null,
};
const declined: StaffRemovalRequest = {
  id: 3,
  reason: null,
  status: 'declined',
  createdAt: '2026-10-02T09:00:00.000Z',
  handledAt: '2026-10-03T12:00:00.000Z',
  name: 'Kofi Boateng',
  user: { id: 12, name: 'Kofi Boateng', email: 'kofi@example.org' },
  handledBy: 'Grace Owusu',
};
const gone: StaffRemovalRequest = {
  id: 1,
  reason: 'Please delete everything',
  status: 'done',
  createdAt: '2026-09-01T09:00:00.000Z',
  handledAt: '2026-09-02T10:00:00.000Z',
  name: 'Yaw Darko',
  user: null,
  handledBy: 'Grace Owusu',
};

/** The browser's confirm (happy-dom has none): true unless a test says otherwise. */
const confirm = vi.fn<(text: string) => boolean>();
Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);
const toasts = () => $toasts.get().map((t) => t.message);
const failure = (status: number, detail: string) =>
  Object.assign(new FetchError('Failed'), { status, statusCode: status, data: { detail } });

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  vi.mocked(listRemovalRequests).mockResolvedValue([open, declined, gone]);
  confirm.mockReturnValue(true);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('removal requests', () => {
  it('lists the requests in the server’s order: member, reason as text, asked on, status, handled, actions', async () => {
    renderWithQuery(<RemovalRequestsScreen />);
    const table = await screen.findByRole('table', { name: 'Removal requests' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MemberReasonAsked onStatusHandledActions',
      `Ama Mensahama@example.orgFind in Users<b>Moving abroad</b>${formatDateTime(open.createdAt)}OpenMark doneDecline`,
      `Kofi Boatengkofi@example.orgFind in UsersNo reason given${formatDateTime(declined.createdAt)}Declined${formatDateTime(declined.handledAt)}by Grace Owusu`,
      `Yaw DarkoAccount removedPlease delete everything${formatDateTime(gone.createdAt)}Done${formatDateTime(gone.handledAt)}by Grace Owusu`,
    ]);
    expect(table.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Find in Users: Ama Mensah' }).getAttribute('href')).toBe(
      '/users?q=ama%40example.org',
    );
    expect(screen.getByRole('status').textContent).toBe('3 requests, 1 open');
  });

  it('Mark done asks first, marks the request done, says so and reads the list again', async () => {
    vi.mocked(markRemovalDone).mockResolvedValue({
      ...open,
      status: 'done',
      handledAt: '2026-11-22T10:00:00.000Z',
      handledBy: 'Admin User',
    });
    renderWithQuery(<RemovalRequestsScreen />);
    const button = await screen.findByRole('button', { name: 'Mark done: the request of Ama Mensah' });
    const calls = vi.mocked(listRemovalRequests).mock.calls.length;
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(
      'Mark the removal request of Ama Mensah done? Do this once the account was removed or anonymised in Users.',
    );
    await waitFor(() => expect(toasts()).toEqual(['Marked the removal request of Ama Mensah done']));
    expect(markRemovalDone).toHaveBeenCalledWith(7);
    expect(declineRemoval).not.toHaveBeenCalled();
    await waitFor(() => expect(vi.mocked(listRemovalRequests).mock.calls.length).toBeGreaterThan(calls));
  });

  it('Decline asks first and declines; nothing is sent when the confirm is cancelled', async () => {
    confirm.mockReturnValueOnce(false);
    vi.mocked(declineRemoval).mockResolvedValue({ ...open, status: 'declined', handledAt: open.createdAt });
    renderWithQuery(<RemovalRequestsScreen />);
    const button = await screen.findByRole('button', { name: 'Decline: the request of Ama Mensah' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenLastCalledWith('Decline the removal request of Ama Mensah?');
    expect(declineRemoval).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(toasts()).toEqual(['Declined the removal request of Ama Mensah']));
    expect(declineRemoval).toHaveBeenCalledWith(7);
    expect(markRemovalDone).not.toHaveBeenCalled();
  });

  it('offers no action on a handled request', async () => {
    vi.mocked(listRemovalRequests).mockResolvedValue([declined, gone]);
    renderWithQuery(<RemovalRequestsScreen />);
    await screen.findByRole('table', { name: 'Removal requests' });
    expect(screen.queryByRole('button', { name: /^(Mark done|Decline)/ })).toBeNull();
  });

  it('a refused call shows the server’s reason', async () => {
    vi.mocked(markRemovalDone).mockRejectedValue(failure(404, 'Removal request not found.'));
    renderWithQuery(<RemovalRequestsScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark done: the request of Ama Mensah' }));
    await waitFor(() =>
      expect($toasts.get()).toEqual([
        expect.objectContaining({
          variant: 'error',
          message: 'Failed to mark the request done. Removal request not found.',
        }),
      ]),
    );
  });

  it('says when no one has asked', async () => {
    vi.mocked(listRemovalRequests).mockResolvedValue([]);
    renderWithQuery(<RemovalRequestsScreen />);
    expect(await screen.findByText('No removal requests')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load with Retry', async () => {
    vi.mocked(listRemovalRequests).mockRejectedValue(failure(500, 'boom'));
    renderWithQuery(<RemovalRequestsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load removal requests. boom');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('who sees removal requests', () => {
  const labels = (role: Role | null) => navItemsFor(role).map((i) => i.label);
  it('is in the sidebar for an admin and a super admin, never for a pastor', () => {
    expect(labels('ADMIN')).toContain('Removal requests');
    expect(labels('SUPERADMIN')).toContain('Removal requests');
    expect(labels('PASTOR')).not.toContain('Removal requests');
    expect(labels(null)).not.toContain('Removal requests');
  });

  it('tells a pastor who opens it that it needs an administrator, without asking the server', () => {
    signIn('PASTOR');
    renderWithQuery(<RemovalRequestsScreen />);
    expect(screen.getByText('You need Administrator role to access this page.')).toBeTruthy();
    expect(listRemovalRequests).not.toHaveBeenCalled();
  });
});
