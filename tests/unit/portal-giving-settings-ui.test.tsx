// @vitest-environment happy-dom
// Settings → Giving on a mocked API: shown to an ADMIN (and above) only, never asked for by a pastor's screen; the
// mobile money and bank details saved as they were typed (toast); the server's message lands on its field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { renderWithQuery } from './query-wrapper';
import SettingsScreen from '../../src/islands/admin/features/settings/SettingsScreen';
import {
  readGeneralSettings,
  readGivingSettings,
  readNotificationSettings,
  readSecuritySettings,
  saveGivingSettings,
} from '../../src/islands/admin/features/settings/api';
import { auth } from '../../src/lib/client/session';
import { EMPTY_GIVING_SETTINGS, type GivingSettings } from '../../src/lib/shared/giving/api';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/settings/api', () => ({
  readNotificationSettings: vi.fn(),
  saveNotificationRecipients: vi.fn(),
  readGeneralSettings: vi.fn(),
  saveGeneralSettings: vi.fn(),
  readSecuritySettings: vi.fn(),
  saveSecuritySettings: vi.fn(),
  readGivingSettings: vi.fn(),
  saveGivingSettings: vi.fn(),
}));

const list = { recipients: [], configured: false, effective: [] };
const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);

beforeEach(() => {
  vi.mocked(readNotificationSettings).mockResolvedValue({
    ...list,
    byKind: { message: list, prayer: list, registration: list },
  });
  vi.mocked(readGeneralSettings).mockResolvedValue({
    followUpDays: 30,
    church: { name: 'Grace Chapel', email: 'info@example.org', phone: '', address: '' },
    welcome: { sms: 'Welcome, {name}', email: 'Dear {name}, welcome.' },
  });
  vi.mocked(readSecuritySettings).mockResolvedValue({ require_two_factor: 'off' });
  vi.mocked(readGivingSettings).mockResolvedValue(EMPTY_GIVING_SETTINGS);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  $toasts.set([]);
});

const panel = async () => within((await screen.findByRole('form', { name: 'Giving details' })) as HTMLElement);

describe('the giving details in Settings', () => {
  it('are not shown to a pastor, nor asked for', async () => {
    signIn('PASTOR');
    renderWithQuery(<SettingsScreen />);
    await screen.findByRole('form', { name: 'Notification recipients' });
    expect(screen.queryByRole('heading', { name: 'Giving' })).toBeNull();
    expect(readGivingSettings).not.toHaveBeenCalled();
  });

  it('an admin saves the mobile money and bank details as typed', async () => {
    signIn('ADMIN');
    const saved: GivingSettings = {
      mobileMoney: { number: '024 123 4567', network: 'MTN MoMo', name: 'Grace Chapel' },
      bank: { name: 'GCB Bank', accountName: 'Grace Chapel', accountNumber: '1234-5678', branch: 'Osu' },
    };
    vi.mocked(saveGivingSettings).mockResolvedValue(saved);
    renderWithQuery(<SettingsScreen />);
    const form = await panel();
    const type = (label: RegExp, value: string, group: string) =>
      fireEvent.change(within(form.getByRole('group', { name: group })).getByLabelText(label), { target: { value } });
    type(/^Number/, '024 123 4567', 'Mobile money');
    type(/^Network/, 'MTN MoMo', 'Mobile money');
    type(/^Account name/, 'Grace Chapel', 'Mobile money');
    type(/^Bank/, 'GCB Bank', 'Bank transfer');
    type(/^Branch/, 'Osu', 'Bank transfer');
    type(/^Account name/, 'Grace Chapel', 'Bank transfer');
    type(/^Account number/, '1234-5678', 'Bank transfer');
    fireEvent.click(form.getByRole('button', { name: 'Save giving details' }));
    await waitFor(() => expect(vi.mocked(saveGivingSettings).mock.calls[0]?.[0]).toEqual(saved));
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toContain('Giving details saved'));
  });

  it("shows the server's message on its field", async () => {
    signIn('SUPERADMIN');
    vi.mocked(saveGivingSettings).mockRejectedValue(
      Object.assign(new FetchError('Bad Request'), {
        status: 400,
        statusCode: 400,
        data: { detail: 'Invalid input', errors: { 'mobileMoney.number': ['Please enter a valid phone number'] } },
      }),
    );
    renderWithQuery(<SettingsScreen />);
    const form = await panel();
    fireEvent.click(form.getByRole('button', { name: 'Save giving details' }));
    expect(await form.findByText('Please enter a valid phone number')).toBeTruthy();
    expect(form.getByText('Please correct the errors below.')).toBeTruthy();
  });
});
