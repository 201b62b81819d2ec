// @vitest-environment happy-dom
// The Outbox on a mocked API: the messages as a labelled table; the status, channel and search filters are the
// server's query; Retry on a failed message queues it again, says so and reads the list again; a 409 shows the
// server's reason; a pastor is not offered the screen in the sidebar, and is told why if they open it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { renderWithQuery } from './query-wrapper';
import OutboxScreen from '../../src/islands/admin/features/outbox/OutboxScreen';
import { listOutbox, retryOutbox } from '../../src/islands/admin/features/outbox/api';
import { navItemsFor } from '../../src/islands/admin/layout/nav';
import { auth } from '../../src/lib/client/session';
import { formatDateTime } from '../../src/lib/shared/format';
import type { OutboxItem } from '../../src/lib/shared/outbox/api';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/outbox/api', () => ({ listOutbox: vi.fn(), retryOutbox: vi.fn() }));

const sent: OutboxItem = {
  id: 1,
  channel: 'email',
  to: 'ama@example.org',
  subject: 'Your registration is confirmed',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:02.000Z',
};
const failed: OutboxItem = {
  id: 2,
  channel: 'sms',
  to: '233241234567',
  subject: null,
  status: 'failed',
  attempts: 5,
  lastError: 'Arkesel refused: invalid number',
  createdAt: '2026-11-21T08:30:00.000Z',
  sentAt: null,
};

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  vi.mocked(listOutbox).mockResolvedValue([failed, sent]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the outbox', () => {
  it('lists the messages in a labelled table: channel, recipient, subject or SMS, status, attempts, error, dates', async () => {
    renderWithQuery(<OutboxScreen />);
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ChannelToSubjectStatusAttemptsLast errorCreatedSentActions',
      `SMS233241234567SMSFailed5Arkesel refused: invalid number${formatDateTime(failed.createdAt)}Retry`,
      `Emailama@example.orgYour registration is confirmedSent1${formatDateTime(sent.createdAt)}${formatDateTime(sent.sentAt)}`,
    ]);
    expect(listOutbox).toHaveBeenCalledWith({});
  });

  it('tells a message only written to the log (no mail server or SMS provider) from one sent, by its channel', async () => {
    vi.mocked(listOutbox).mockResolvedValue([
      { ...sent, id: 3, status: 'logged' },
      { ...failed, id: 4, status: 'logged', attempts: 1, lastError: null },
    ]);
    renderWithQuery(<OutboxScreen />);
    const table = within(await screen.findByRole('table', { name: 'Outbox' }));
    expect(table.getByText('Logged (mail not configured)')).toBeTruthy();
    expect(table.getByText('Logged (SMS not configured)')).toBeTruthy();
    expect(table.queryByText('Sent', { selector: 'td *' })).toBeNull();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toContain('logged');
  });

  it('asks the server with the status, channel and search chosen, and Clear drops them', async () => {
    renderWithQuery(<OutboxScreen />);
    await screen.findByRole('table', { name: 'Outbox' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(listOutbox).toHaveBeenLastCalledWith({ status: 'failed' }));
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'sms' } });
    await waitFor(() => expect(listOutbox).toHaveBeenLastCalledWith({ status: 'failed', channel: 'sms' }));
    vi.mocked(listOutbox).mockResolvedValue([]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the outbox' }), { target: { value: ' 23324 ' } });
    await waitFor(() => expect(listOutbox).toHaveBeenLastCalledWith({ status: 'failed', channel: 'sms', q: '23324' }));
    expect(await screen.findByText('No messages found')).toBeTruthy();
    vi.mocked(listOutbox).mockResolvedValue([failed, sent]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    // The unfiltered list is the one already held (read less than STALE_MS ago).
    expect(await screen.findByRole('table', { name: 'Outbox' })).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search the outbox' }) as HTMLInputElement).value).toBe('');
  });

  it('says when nothing has been sent yet, without Clear Filters', async () => {
    vi.mocked(listOutbox).mockResolvedValue([]);
    renderWithQuery(<OutboxScreen />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('shows a failed load with Retry', async () => {
    vi.mocked(listOutbox).mockRejectedValue(
      Object.assign(new FetchError('Forbidden'), { status: 500, statusCode: 500, data: { detail: 'boom' } }),
    );
    renderWithQuery(<OutboxScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the outbox. boom');
  });

  it('Retry queues a failed message again, says so and reads the list again', async () => {
    vi.mocked(retryOutbox).mockResolvedValue({ ...failed, status: 'queued' });
    renderWithQuery(<OutboxScreen />);
    await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    const calls = vi.mocked(listOutbox).mock.calls.length;
    vi.mocked(listOutbox).mockResolvedValue([{ ...failed, status: 'queued' }, sent]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry the SMS to 233241234567' }));
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Queued the SMS to 233241234567 again']));
    expect(retryOutbox).toHaveBeenCalledWith(2);
    await waitFor(() => expect(vi.mocked(listOutbox).mock.calls.length).toBeGreaterThan(calls));
    expect(await within(screen.getByRole('table', { name: 'Outbox' })).findByText('Queued')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it("a 409 (not failed any more) shows the server's reason", async () => {
    const conflict = new FetchError('Conflict');
    Object.assign(conflict, {
      status: 409,
      statusCode: 409,
      data: { detail: 'Only a failed message can be sent again.' },
    });
    vi.mocked(retryOutbox).mockRejectedValue(conflict);
    renderWithQuery(<OutboxScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the SMS to 233241234567' }));
    await waitFor(() =>
      expect($toasts.get()).toEqual([
        expect.objectContaining({
          variant: 'error',
          message: 'Failed to retry the message. Only a failed message can be sent again.',
        }),
      ]),
    );
  });
});

describe('who sees the outbox', () => {
  const labels = (role: Role | null) => navItemsFor(role).map((i) => i.label);
  it('is in the sidebar for an admin and a super admin, never for a pastor', () => {
    expect(labels('ADMIN')).toContain('Outbox');
    expect(labels('SUPERADMIN')).toContain('Outbox');
    expect(labels('PASTOR')).not.toContain('Outbox');
    expect(labels('PASTOR')).toContain('Messages');
    expect(labels(null)).not.toContain('Outbox');
  });

  it('tells a pastor who opens it that it needs an administrator, without asking the server', () => {
    signIn('PASTOR');
    renderWithQuery(<OutboxScreen />);
    expect(screen.getByText('You need Administrator role to access this page.')).toBeTruthy();
    expect(listOutbox).not.toHaveBeenCalled();
  });
});
