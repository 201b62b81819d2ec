// @vitest-environment happy-dom
// The Ministries screen's dialogs on a mocked API: a pastor decides requests but has no Edit or Add Member; an
// admin edits a ministry's description, meeting day, time and place, leader (an account found by searching, or
// none) and public or not; adds an account as a member with a role (nothing sent until one is chosen); the decided
// requests are read only when their disclosure opens, the latest decided first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import MinistriesScreen from '../../src/islands/admin/features/ministries/MinistriesScreen';
import {
  addMember,
  decideJoinRequest,
  getMinistry,
  listJoinRequests,
  listMinistries,
  updateMinistry,
} from '../../src/islands/admin/features/ministries/api';
import { api } from '../../src/lib/client/api-client';
import { auth } from '../../src/lib/client/session';
import { formatDateTime } from '../../src/lib/shared/format';
import { ministryCreateSchema, type JoinRequest, type Ministry } from '../../src/lib/shared/ministries/api';
import { fieldRules } from '../../src/lib/shared/forms';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/ministries/api', () => ({
  listMinistries: vi.fn(),
  getMinistry: vi.fn(),
  createMinistry: vi.fn(),
  updateMinistry: vi.fn(),
  deleteMinistry: vi.fn(),
  addMember: vi.fn(),
  changeRole: vi.fn(),
  removeMember: vi.fn(),
  listJoinRequests: vi.fn(),
  decideJoinRequest: vi.fn(),
}));
// The account picker reads GET /auth/users/ through the client itself.
vi.mock('../../src/lib/client/api-client', async (original) => {
  const client = await original<typeof import('../../src/lib/client/api-client')>();
  return { ...client, api: Object.assign(vi.fn(), client.api) };
});

const choir: Ministry = {
  id: 2,
  name: 'Choir',
  description: 'We sing on Sundays.',
  meeting_day: 'Thursday',
  meeting_time: '18:00',
  meeting_place: 'Main sanctuary',
  leader: { id: 21, name: 'Esi Owusu' },
  is_public: true,
  member_count: 0,
  pending_requests: 0,
  branchId: 1,
};
const account = (id: number, first: string, last: string) =>
  ({
    id,
    username: first.toLowerCase(),
    email: `${first.toLowerCase()}@example.org`,
    full_name: `${first} ${last}`,
  }) as User;
const accounts = [account(21, 'Esi', 'Owusu'), account(22, 'Yaw', 'Boateng'), account(23, 'Efua', 'Owusu')];
const request = (id: number, status: JoinRequest['status'], name: string, decided_at: string | null): JoinRequest => ({
  id,
  ministry_id: 2,
  ministry_name: 'Choir',
  user_id: null,
  account: null,
  name,
  email: null,
  phone: '024 000 0000',
  message: null,
  status,
  created_at: '2026-03-01T09:00:00.000Z',
  decided_at,
});

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);
const toasts = () => $toasts.get().map((t) => t.message);
const dialog = () => within(screen.getByRole('dialog'));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(dialog().getByLabelText(label), { target: { value } });
const card = async () => within(await screen.findByTestId('ministry-card'));

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  vi.mocked(listMinistries).mockResolvedValue([choir]);
  vi.mocked(getMinistry).mockResolvedValue({ ...choir, members: [] });
  vi.mocked(listJoinRequests).mockImplementation(async (status = 'pending') =>
    status === 'accepted'
      ? [request(5, 'accepted', 'Ama Visitor', '2026-03-02T10:00:00.000Z')]
      : status === 'declined'
        ? [request(6, 'declined', 'Kojo Visitor', '2026-03-04T10:00:00.000Z')]
        : [],
  );
  vi.mocked(api).mockImplementation((async (path: string) => {
    if (path === '/auth/users/') return accounts;
    throw new Error(`unexpected ${path}`);
  }) as typeof api);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the ministries screen’s forms', () => {
  it('the New Ministry form takes its limits from the schema the API checks it with', async () => {
    renderWithQuery(<MinistriesScreen />);
    const form = within((await screen.findByRole('heading', { name: 'New Ministry' })).closest('form')!);
    const fields = { Name: 'name', Description: 'description', 'Meeting day': 'meeting_day' } as const;
    for (const [label, field] of Object.entries(fields)) {
      const control = form.getByRole('textbox', { name: label }) as HTMLInputElement;
      const rules = fieldRules(ministryCreateSchema, field);
      expect([control.maxLength, control.required], label).toEqual([rules.maxLength, Boolean(rules.required)]);
    }
    for (const [label, field] of [
      ['Meeting time', 'meeting_time'],
      ['Meeting place', 'meeting_place'],
    ] as const)
      expect((form.getByLabelText(label) as HTMLInputElement).maxLength, label).toBe(
        fieldRules(ministryCreateSchema, field).maxLength,
      );
  });
});

describe('the ministries screen’s dialogs', () => {
  it('are not offered to a pastor', async () => {
    signIn('PASTOR');
    renderWithQuery(<MinistriesScreen />);
    const ministry = await card();
    expect(ministry.queryByRole('button', { name: 'Edit Choir' })).toBeNull();
    fireEvent.click(ministry.getByRole('button', { name: 'Show Members' }));
    expect(await ministry.findByText('No members yet.')).toBeTruthy();
    expect(ministry.queryByRole('button', { name: 'Add Member' })).toBeNull();
  });

  it('an admin edits the meeting time, the description, the leader and whether it is public', async () => {
    vi.mocked(updateMinistry).mockResolvedValue({ ...choir, members: [] });
    renderWithQuery(<MinistriesScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Choir' }));
    expect(screen.getByRole('dialog', { name: 'Edit Choir' })).toBeTruthy();
    expect((dialog().getByLabelText('Meeting day') as HTMLInputElement).value).toBe('Thursday');
    // Stored on the 24-hour clock, shown and edited on the 12-hour one.
    expect((dialog().getByLabelText('Meeting time') as HTMLInputElement).value).toBe('6:00 PM');
    const leader = dialog().getByLabelText('Leader') as HTMLSelectElement;
    expect(leader.value).toBe('21');
    type('Meeting time', '7:00 PM');
    type('Description', 'Praise and worship.');
    type('Meeting place', ' ');
    type('Find an account', 'yaw');
    // The leader chosen now stays offered while the search leaves them out.
    await waitFor(() =>
      expect([...leader.options].map((o) => o.text)).toEqual([
        'No leader',
        'Esi Owusu',
        'Yaw Boateng (yaw@example.org)',
      ]),
    );
    fireEvent.change(leader, { target: { value: '22' } });
    fireEvent.click(dialog().getByLabelText('Shown on the public Ministries page'));
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual(['Choir saved']));
    expect(updateMinistry).toHaveBeenCalledWith(2, {
      name: 'Choir',
      description: 'Praise and worship.',
      leader_user_id: 22,
      meeting_day: 'Thursday',
      meeting_time: '19:00',
      meeting_place: null,
      is_public: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows when a ministry meets on the 12-hour clock and refuses a meeting time that is not a time', async () => {
    renderWithQuery(<MinistriesScreen />);
    const ministry = await card();
    expect(ministry.getByText('Thursday, 6:00 PM', { exact: false })).toBeTruthy();
    fireEvent.click(ministry.getByRole('button', { name: 'Edit Choir' }));
    type('Meeting time', 'after service');
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('Enter a time such as 6:30 PM or 18:30')).toBeTruthy();
    expect(updateMinistry).not.toHaveBeenCalled();
  });

  it('says since when each member belongs in the site’s date format', async () => {
    vi.mocked(getMinistry).mockResolvedValue({
      ...choir,
      members: [
        { user_id: 30, name: 'Esi Asante', email: 'esi@example.org', role: 'Member', joined_date: '2025-06-18' },
      ],
    });
    renderWithQuery(<MinistriesScreen />);
    const ministry = await card();
    fireEvent.click(ministry.getByRole('button', { name: 'Show Members' }));
    expect(await ministry.findByText('since June 18, 2025')).toBeTruthy();
  });

  it('no leader is sent as null', async () => {
    vi.mocked(updateMinistry).mockResolvedValue({ ...choir, leader: null, members: [] });
    renderWithQuery(<MinistriesScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Choir' }));
    fireEvent.change(dialog().getByLabelText('Leader'), { target: { value: '' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(updateMinistry).toHaveBeenCalled());
    expect(vi.mocked(updateMinistry).mock.calls[0]![1]).toMatchObject({ leader_user_id: null });
  });

  it('an admin adds an account as a member with a role', async () => {
    vi.mocked(addMember).mockResolvedValue({ ...choir, members: [] });
    renderWithQuery(<MinistriesScreen />);
    const ministry = await card();
    fireEvent.click(ministry.getByRole('button', { name: 'Show Members' }));
    fireEvent.click(await ministry.findByRole('button', { name: 'Add Member' }));
    expect(screen.getByRole('dialog', { name: 'Add a Member to Choir' })).toBeTruthy();
    const role = dialog().getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('Member');
    expect([...role.options].map((o) => o.value)).toEqual(['Member', 'Leader', 'Assistant Leader', 'Secretary']);
    fireEvent.click(dialog().getByRole('button', { name: 'Add Member' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Choose an account');
    expect(addMember).not.toHaveBeenCalled();

    const select = dialog().getByLabelText('Account') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    fireEvent.change(select, { target: { value: '23' } });
    fireEvent.change(role, { target: { value: 'Secretary' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add Member' }));
    await waitFor(() => expect(toasts()).toEqual(['Member added to Choir']));
    expect(addMember).toHaveBeenCalledWith(2, { user_id: 23, role: 'Secretary' });
  });

  it('accepting a request adds someone: the account found, a new member account, or an account staff link', async () => {
    const waiting = [
      { ...request(7, 'pending', 'Kojo Found', null), account: { id: 22, name: 'Yaw Boateng' } },
      { ...request(8, 'pending', 'Esi Asante', null), email: 'esi.asante@example.org' },
      request(9, 'pending', 'Abena Phone', null),
    ];
    vi.mocked(listJoinRequests).mockImplementation(async (status = 'pending') => (status === 'pending' ? waiting : []));
    vi.mocked(decideJoinRequest).mockImplementation(async (id) => ({ ...waiting[id - 7], status: 'accepted' }));
    renderWithQuery(<MinistriesScreen />);
    const cards = await screen.findAllByTestId('join-request');
    const [found, fresh, phoneOnly] = cards.map((c) => within(c));
    expect(found.getByTestId('join-account').textContent).toBe(
      'Joins as Yaw Boateng (account found by email or phone)',
    );
    fireEvent.click(found.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(decideJoinRequest).toHaveBeenCalledWith(7, 'accept', { user_id: 22 }));
    await waitFor(() => expect(toasts()).toContain('Accepted Kojo Found: Yaw Boateng added'));

    expect(fresh.getByTestId('join-account').textContent).toBe('No account yet.');
    expect(fresh.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(fresh.getByRole('button', { name: 'Create Account and Accept' }));
    await waitFor(() => expect(decideJoinRequest).toHaveBeenCalledWith(8, 'accept', { create_account: true }));

    // No email to make an account with: staff link one.
    expect(phoneOnly.queryByRole('button', { name: 'Create Account and Accept' })).toBeNull();
    fireEvent.click(phoneOnly.getByRole('button', { name: 'Link an Account' }));
    expect(screen.getByRole('dialog', { name: 'Accept Abena Phone into Choir' })).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Link and Accept' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Choose an account');
    const select = dialog().getByLabelText('Account') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
    fireEvent.change(select, { target: { value: '21' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Link and Accept' }));
    await waitFor(() => expect(decideJoinRequest).toHaveBeenCalledWith(9, 'accept', { user_id: 21 }));
  });

  it('a pastor accepts into a found or linked account but is not offered to create one', async () => {
    signIn('PASTOR');
    vi.mocked(listJoinRequests).mockImplementation(async (status = 'pending') =>
      status === 'pending' ? [{ ...request(8, 'pending', 'Esi Asante', null), email: 'esi.asante@example.org' }] : [],
    );
    renderWithQuery(<MinistriesScreen />);
    const card = within(await screen.findByTestId('join-request'));
    expect(card.queryByRole('button', { name: 'Create Account and Accept' })).toBeNull();
    expect(card.getByRole('button', { name: 'Link an Account' })).toBeTruthy();
  });

  it('decided requests are read when their disclosure opens, the latest decided first', async () => {
    renderWithQuery(<MinistriesScreen />);
    expect(await screen.findByText('No requests waiting.')).toBeTruthy();
    expect(listJoinRequests).not.toHaveBeenCalledWith('accepted');
    const details = screen.getByText('Decided Requests').closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const rows = await screen.findAllByTestId('decided-request');
    expect(rows.map((r) => r.textContent)).toEqual([
      `Kojo Visitor asked to join ChoirDeclined${formatDateTime('2026-03-04T10:00:00.000Z')}`,
      `Ama Visitor asked to join ChoirAccepted${formatDateTime('2026-03-02T10:00:00.000Z')}`,
    ]);
    expect(listJoinRequests).toHaveBeenCalledWith('accepted');
    expect(listJoinRequests).toHaveBeenCalledWith('declined');
  });
});
