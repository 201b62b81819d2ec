// @vitest-environment happy-dom
// Send Notifications by email, SMS or both, on a mocked API: the members each channel reaches, the SMS's length
// in segments counted as staff type (GSM-7 160/153, else UCS-2 70/67) and the messages in all, the channels
// posted, and the toast's counts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import { SendNotificationsDialog } from '../../src/islands/admin/features/dashboard/SendNotificationsDialog';
import { getAudiences, sendBroadcast } from '../../src/islands/admin/features/dashboard/api';
import { smsCost } from '../../src/islands/admin/features/dashboard/model';
import { auth } from '../../src/lib/client/session';
import type { Audiences } from '../../src/lib/shared/broadcasts/api';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/dashboard/api', () => ({ getAudiences: vi.fn(), sendBroadcast: vi.fn() }));

const audiences: Audiences = {
  all: 12,
  roles: [{ role: 'PASTOR', label: 'Pastor', count: 3 }],
  ministries: [{ id: 7, name: 'Choir', count: 4 }],
  sms: { all: 5, roles: { MEMBER: 3, PASTOR: 2, ADMIN: 0, SUPERADMIN: 0 }, ministries: {} },
};

const GSM_161 = 'A'.repeat(161);

beforeEach(() => {
  auth.setUser({ id: 1, username: 'admin', role: 'ADMIN', first_name: 'Kofi', last_name: 'Admin' } as User);
  $toasts.set([]);
  vi.mocked(getAudiences).mockResolvedValue(audiences);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the SMS count', () => {
  it('is 1 SMS up to 160 GSM-7 characters, 2 at 161 (153 a part), times the members', () => {
    expect(smsCost('A'.repeat(160), 5)).toMatchObject({ segments: 1, total: 5 });
    expect(smsCost(GSM_161, 5)).toMatchObject({
      encoding: 'GSM-7',
      segments: 2,
      total: 10,
      perMember: '161 characters, 2 SMS per member (GSM-7)',
      inAll: '10 SMS in all (5 members × 2)',
    });
  });

  it('turns UCS-2 with one emoji: 70 in one SMS, 67 a part', () => {
    expect(smsCost('Service at 9 🙏', 1)).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    const long = `${'A'.repeat(68)}🙏`; // 70 UTF-16 units
    expect(smsCost(long, 1).perMember).toBe('70 characters, 1 SMS per member (UCS-2)');
    expect(smsCost(`${long}A`, 3)).toMatchObject({ segments: 2, total: 6 });
  });
});

const open = async () => {
  renderWithQuery(<SendNotificationsDialog onClose={() => {}} />);
  await waitFor(() => expect((screen.getByLabelText('Send to') as HTMLSelectElement).disabled).toBe(false));
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });

describe('Send Notifications', () => {
  it('sends by email by default, and says how many members each channel reaches', async () => {
    await open();
    expect((screen.getByRole('checkbox', { name: /^Email/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^SMS/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('12 members with email on')).toBeTruthy();
    expect(screen.getByText('5 members with a phone and SMS on')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'role:PASTOR' } });
    expect(screen.getByText('3 members with email on')).toBeTruthy();
    expect(screen.getByText('2 members with a phone and SMS on')).toBeTruthy();
    expect(screen.queryByTestId('sms-count')).toBeNull();
  });

  it('counts the SMS as staff type: 161 GSM-7 characters are 2 SMS, one emoji makes it UCS-2', async () => {
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: /^SMS/ }));
    type('Message', GSM_161);
    expect(screen.getByTestId('sms-count').textContent).toBe(
      '161 characters, 2 SMS per member (GSM-7). 10 SMS in all (5 members × 2).',
    );
    type('Message', 'Choir practice moves to Thursday 🙏');
    expect(screen.getByTestId('sms-count').textContent).toBe(
      '35 characters, 1 SMS per member (UCS-2). 5 SMS in all (5 members × 1).',
    );
    expect(screen.getByRole('button', { name: 'Send to 12 by email, 5 by SMS' })).toBeTruthy();
  });

  it('posts the channels chosen and the toast counts the emails and SMS queued', async () => {
    vi.mocked(sendBroadcast).mockResolvedValue({
      id: 3,
      recipients: 13,
      sent: 17,
      channels: { email: 12, sms: 5 },
      repeated: false,
    });
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: /^SMS/ }));
    type('Subject', 'Choir practice');
    type('Message', 'Choir practice moves to Thursday at 6 pm.');
    fireEvent.click(screen.getByRole('button', { name: 'Send to 12 by email, 5 by SMS' }));
    await waitFor(() => expect(sendBroadcast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(sendBroadcast).mock.calls[0][0]).toMatchObject({
      audience: { group: 'all' },
      subject: 'Choir practice',
      channels: ['email', 'sms'],
    });
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Sent to 13 members: 12 emails, 5 SMS']));
  });

  it('sends SMS alone, and email alone as before', async () => {
    vi.mocked(sendBroadcast).mockResolvedValue({
      id: 4,
      recipients: 5,
      sent: 5,
      channels: { email: 0, sms: 5 },
      repeated: false,
    });
    await open();
    fireEvent.click(screen.getByRole('checkbox', { name: /^SMS/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Email/ }));
    type('Subject', 'Choir practice');
    type('Message', 'Choir practice moves to Thursday at 6 pm.');
    fireEvent.click(screen.getByRole('button', { name: 'Send to 5 by SMS' }));
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Sent to 5 members: 5 SMS']));
    expect(vi.mocked(sendBroadcast).mock.calls[0][0].channels).toEqual(['sms']);
    cleanup();

    $toasts.set([]);
    vi.mocked(sendBroadcast).mockResolvedValue({
      id: 5,
      recipients: 12,
      sent: 1,
      channels: { email: 12, sms: 0 },
      repeated: false,
    });
    await open();
    type('Subject', 'Choir practice');
    type('Message', 'Choir practice moves to Thursday at 6 pm.');
    fireEvent.click(screen.getByRole('button', { name: 'Send to 12' }));
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Sent to 12 members']));
    expect(vi.mocked(sendBroadcast).mock.calls[1][0].channels).toEqual(['email']);
  });

  it('refuses a group nobody can be texted in by SMS, and no channel at all', async () => {
    await open();
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'ministry:7' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^SMS/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Email/ }));
    expect(screen.getByText('Nobody in this group can receive SMS.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^SMS/ }));
    type('Subject', 'Choir practice');
    type('Message', 'Choir practice moves to Thursday at 6 pm.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose email, SMS or both.')).toBeTruthy();
    expect(sendBroadcast).not.toHaveBeenCalled();
  });
});
