// @vitest-environment happy-dom
// Settings → Security on a mocked API: the two-factor policy as a select a SUPERADMIN changes (saved, toast) and an
// ADMIN sees read-only with why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import { SecurityPanel } from '../../src/islands/admin/features/settings/SecurityPanel';
import { readSecuritySettings, saveSecuritySettings } from '../../src/islands/admin/features/settings/api';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/settings/api', () => ({
  readSecuritySettings: vi.fn(),
  saveSecuritySettings: vi.fn(),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  $toasts.set([]);
});

describe('the two-factor policy in Settings', () => {
  it('a SUPERADMIN changes it', async () => {
    vi.mocked(readSecuritySettings).mockResolvedValue({ require_two_factor: 'off' });
    vi.mocked(saveSecuritySettings).mockResolvedValue({ require_two_factor: 'admins' });
    renderWithQuery(<SecurityPanel mayEdit />);
    const select = (await screen.findByLabelText('Require two-factor sign-in')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Off',
      'Administrators and above',
      'Every staff account',
    ]);
    expect(select.disabled).toBe(false);
    fireEvent.change(select, { target: { value: 'admins' } });
    await waitFor(() =>
      expect(vi.mocked(saveSecuritySettings).mock.calls[0][0]).toEqual({ require_two_factor: 'admins' }),
    );
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toContain('Two-factor policy saved'));
    expect(select.value).toBe('admins');
  });

  it('others see it read-only, with why', async () => {
    vi.mocked(readSecuritySettings).mockResolvedValue({ require_two_factor: 'staff' });
    renderWithQuery(<SecurityPanel mayEdit={false} />);
    const select = (await screen.findByLabelText('Require two-factor sign-in')) as HTMLSelectElement;
    expect(select.value).toBe('staff');
    expect(select.disabled).toBe(true);
    expect(screen.getByText(/Only a Super Administrator can change/)).toBeTruthy();
  });
});
