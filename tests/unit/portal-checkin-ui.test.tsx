// @vitest-environment happy-dom
// The portal's children's check-in screen on a mocked API: "In the building now" for the first service, with the
// allergies in capitals and names as text, and Print evacuation list; an ADMIN adds a station and sees its pairing
// code once, sees each station's state and last activity, and unpairs one after a confirm; a PASTOR sees the
// stations without the form or Unpair.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import CheckinScreen from '../../src/islands/admin/features/checkin/CheckinScreen';
import {
  addStation,
  listServices,
  listStations,
  presentChildren,
  removeStation,
} from '../../src/islands/admin/features/checkin/api';
import { auth } from '../../src/lib/client/session';
import { formatDateTime } from '../../src/lib/shared/format';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/checkin/api', () => ({
  listStations: vi.fn(),
  addStation: vi.fn(),
  removeStation: vi.fn(),
  listServices: vi.fn(),
  presentChildren: vi.fn(),
}));

const confirm = vi.fn<(text: string) => boolean>();
Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
const print = vi.fn();
Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);
const seen = '2026-11-29T08:15:00.000Z';

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  confirm.mockReturnValue(true);
  vi.mocked(listServices).mockResolvedValue([
    { id: 3, name: 'First Service', branchId: 1, dayOfWeek: 0, startTime: '07:00', language: 'English' },
  ]);
  vi.mocked(presentChildren).mockResolvedValue({
    service: { id: 3, name: 'First Service' },
    date: '2026-11-29',
    children: [
      {
        id: 'p1',
        name: 'Ama <b>Mensah</b>',
        allergies: 'peanuts',
        securityCode: 'HX4K',
        guardianName: 'Akosua',
        checkedInAt: seen,
      },
    ],
  });
  vi.mocked(listStations).mockResolvedValue([
    {
      id: 5,
      name: 'Front door',
      branchId: 1,
      printer: '10.0.0.9:9100',
      paired: true,
      pairingExpiresAt: null,
      lastSeenAt: seen,
    },
    { id: 6, name: 'Side door', branchId: 1, printer: null, paired: false, pairingExpiresAt: null, lastSeenAt: null },
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('children’s check-in in the portal', () => {
  it('lists who is in the building for the first service, allergies in capitals, and prints the list', async () => {
    renderWithQuery(<CheckinScreen />);
    const table = await screen.findByRole('table', { name: 'Children in the building' });
    expect(presentChildren).toHaveBeenCalledWith(3);
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'ChildAllergiesCodeBrought byChecked in',
      `Ama <b>Mensah</b>⚠ PEANUTSHX4KAkosua${formatDateTime(seen)}`,
    ]);
    expect(table.querySelector('b')).toBeNull();
    expect(screen.getByText('1 child in First Service today')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Print evacuation list' }));
    expect(print).toHaveBeenCalled();
  });

  it('adds a station and shows its pairing code; lists state and last activity; unpairs after a confirm', async () => {
    vi.mocked(addStation).mockResolvedValue({ id: 7, pairingCode: 'ACDE3479' });
    vi.mocked(removeStation).mockResolvedValue(undefined);
    renderWithQuery(<CheckinScreen />);
    const table = await screen.findByRole('table', { name: 'Stations' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'StationPrinterStateLast activityActions',
      `Front door10.0.0.9:9100Paired${formatDateTime(seen)}Unpair`,
      'Side doorNoneCode expired: add the station againNeverUnpair',
    ]);
    fireEvent.change(screen.getByLabelText(/^Station name/), { target: { value: 'Kids hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add station' }));
    await waitFor(() => expect(screen.getByText('ACDE3479')).toBeTruthy());
    expect(vi.mocked(addStation).mock.calls[0][0]).toEqual({ name: 'Kids hall', printer: '' });

    fireEvent.click(screen.getByRole('button', { name: 'Unpair Front door' }));
    expect(confirm).toHaveBeenCalledWith('Unpair Front door? It stops working at once.');
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Front door unpaired']));
    expect(vi.mocked(removeStation).mock.calls[0][0]).toBe(5);
  });

  it('a pastor sees the stations but cannot add or unpair', async () => {
    signIn('PASTOR');
    renderWithQuery(<CheckinScreen />);
    await screen.findByRole('table', { name: 'Stations' });
    expect(screen.queryByRole('button', { name: 'Add station' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Unpair/ })).toBeNull();
  });
});
