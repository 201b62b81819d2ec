// @vitest-environment happy-dom
// The Households screen's dialogs on a mocked API: a pastor reads without the controls; an admin edits a household's
// name, address and head (one of its member accounts), adds an account picked by a search over every account with
// a relationship (nothing sent until an account is chosen), edits a person's name, relationship and date of birth;
// the server's refusal lands on its field and the dialog stays open; a child account (under 18) gets its allergies and
// notes edited, an adult account no such dialog.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FetchError } from 'ofetch';
import { renderWithQuery } from './query-wrapper';
import HouseholdsScreen from '../../src/islands/admin/features/households/HouseholdsScreen';
import {
  addMember,
  listHouseholds,
  updateHousehold,
  updateChildAccount,
  updatePerson,
} from '../../src/islands/admin/features/households/api';
import { api } from '../../src/lib/client/api-client';
import { auth } from '../../src/lib/client/session';
import type { Household } from '../../src/lib/shared/households/api';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/households/api', () => ({
  listHouseholds: vi.fn(),
  createHousehold: vi.fn(),
  updateHousehold: vi.fn(),
  deleteHousehold: vi.fn(),
  mergeHouseholds: vi.fn(),
  addPerson: vi.fn(),
  updatePerson: vi.fn(),
  updateChildAccount: vi.fn(),
  removePerson: vi.fn(),
  addMember: vi.fn(),
  removeMember: vi.fn(),
}));
// The account picker reads GET /auth/users/ through the client itself.
vi.mock('../../src/lib/client/api-client', async (original) => {
  const client = await original<typeof import('../../src/lib/client/api-client')>();
  return { ...client, api: Object.assign(vi.fn(), client.api) };
});

const mensah: Household = {
  id: 4,
  name: 'Mensah household',
  address: '3 Liberation Road',
  head: { id: 11, name: 'Kwame Mensah' },
  branchId: 1,
  people: [
    { kind: 'member', userId: 11, name: 'Kwame Mensah', relationship: 'Father' },
    { kind: 'member', userId: 12, name: 'Akua Mensah', relationship: 'Mother' },
    { kind: 'person', id: 30, name: 'Kofi Mensah', relationship: 'Son', date_of_birth: null, allergies: null },
  ],
};
const account = (id: number, first: string, last: string) =>
  ({
    id,
    username: first.toLowerCase(),
    email: `${first.toLowerCase()}@example.org`,
    full_name: `${first} ${last}`,
  }) as User;
const accounts = [account(21, 'Esi', 'Owusu'), account(22, 'Yaw', 'Boateng'), account(23, 'Efua', 'Owusu')];

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);
const toasts = () => $toasts.get().map((t) => t.message);
const refusal = (errors: Record<string, string[]>) =>
  Object.assign(new FetchError('Failed'), { status: 400, statusCode: 400, data: { detail: 'Invalid input', errors } });

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  vi.mocked(listHouseholds).mockResolvedValue({ count: 1, results: [mensah] });
  vi.mocked(api).mockImplementation((async (path: string) => {
    if (path === '/auth/users/') return accounts;
    throw new Error(`unexpected ${path}`);
  }) as typeof api);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const card = async () => within(await screen.findByTestId('household-card'));
const dialog = () => within(screen.getByRole('dialog'));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(dialog().getByLabelText(label), { target: { value } });

describe('the households screen’s dialogs', () => {
  it('are not offered to a pastor, who reads the households', async () => {
    signIn('PASTOR');
    renderWithQuery(<HouseholdsScreen />);
    const household = await card();
    expect(household.getByText('3 Liberation Road')).toBeTruthy();
    expect(household.queryByRole('button', { name: 'Edit Mensah household' })).toBeNull();
    expect(household.queryByRole('button', { name: 'Add Account' })).toBeNull();
    expect(household.queryByRole('button', { name: 'Edit Kofi Mensah' })).toBeNull();
  });

  it('an admin edits the name, address and head: the head is one of the member accounts', async () => {
    vi.mocked(updateHousehold).mockResolvedValue({ ...mensah, address: '7 Ring Road' });
    renderWithQuery(<HouseholdsScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Mensah household' }));
    expect(screen.getByRole('dialog', { name: 'Edit Mensah household' })).toBeTruthy();
    expect((dialog().getByLabelText(/^Household name/) as HTMLInputElement).value).toBe('Mensah household');
    const head = dialog().getByLabelText('Head') as HTMLSelectElement;
    expect([...head.options].map((o) => o.text)).toEqual(['No head', 'Kwame Mensah', 'Akua Mensah']);
    expect(head.value).toBe('11');
    type('Address', '7 Ring Road');
    fireEvent.change(head, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual(['Mensah household saved']));
    expect(updateHousehold).toHaveBeenCalledWith(4, {
      name: 'Mensah household',
      address: '7 Ring Road',
      head_user_id: 12,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an empty address and no head are sent as null', async () => {
    vi.mocked(updateHousehold).mockResolvedValue({ ...mensah, address: null, head: null });
    renderWithQuery(<HouseholdsScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Mensah household' }));
    type('Address', '  ');
    fireEvent.change(dialog().getByLabelText('Head'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(updateHousehold).toHaveBeenCalledWith(4, { name: 'Mensah household', address: null, head_user_id: null }),
    );
  });

  it('the server’s refusal lands on its field and the dialog stays', async () => {
    vi.mocked(updateHousehold).mockRejectedValue(
      refusal({ head_user_id: ['The head must be a member of the household.'] }),
    );
    renderWithQuery(<HouseholdsScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Mensah household' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('The head must be a member of the household.')).toBeTruthy();
    expect(dialog().getByText('Please correct the errors below.')).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it('a name left empty is refused before anything is sent', async () => {
    renderWithQuery(<HouseholdsScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Edit Mensah household' }));
    type(/^Household name/, ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog().findByText('Name is required')).toBeTruthy();
    expect(updateHousehold).not.toHaveBeenCalled();
  });

  it('an admin adds an account found by searching every account, with its relationship', async () => {
    vi.mocked(addMember).mockResolvedValue(mensah);
    renderWithQuery(<HouseholdsScreen />);
    fireEvent.click((await card()).getByRole('button', { name: 'Add Account' }));
    expect(screen.getByRole('dialog', { name: 'Add an Account to Mensah household' })).toBeTruthy();
    const select = dialog().getByLabelText('Account') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    // Nothing is sent until an account is chosen.
    type(/^Relationship/, 'Cousin');
    fireEvent.click(dialog().getByRole('button', { name: 'Add Account' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Choose an account');
    expect(addMember).not.toHaveBeenCalled();

    type('Find an account', 'owusu');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Choose an account',
      'Efua Owusu (efua@example.org)',
      'Esi Owusu (esi@example.org)',
    ]);
    expect(dialog().getByText('2 accounts match.')).toBeTruthy();
    fireEvent.change(select, { target: { value: '21' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(toasts()).toEqual(['Account added to Mensah household']));
    expect(addMember).toHaveBeenCalledWith(4, { user_id: 21, relationship: 'Cousin' });
  });

  it('the merge list tells households of one name apart by their head and address', async () => {
    const asante = (id: number, head: string | null, address: string | null): Household => ({
      id,
      name: 'Asante household',
      address,
      head: head === null ? null : { id: id * 10, name: head },
      branchId: 1,
      people: [],
    });
    vi.mocked(listHouseholds).mockResolvedValue({
      count: 4,
      results: [
        mensah,
        asante(5, 'Kofi Asante', '12 Ring Road'),
        asante(6, 'Esi Asante', '4 Oxford Street'),
        asante(7, null, null),
      ],
    });
    renderWithQuery(<HouseholdsScreen />);
    const [first] = await screen.findAllByTestId('household-card');
    const merge = within(first).getByLabelText(/^Merge another household/) as HTMLSelectElement;
    expect([...merge.options].map((o) => o.text)).toEqual([
      'Choose a household',
      'Asante household (head: Kofi Asante; 12 Ring Road)',
      'Asante household (head: Esi Asante; 4 Oxford Street)',
      'Asante household (no head; no address)',
    ]);
  });

  it('an admin edits a person: name, relationship, date of birth, allergies and notes', async () => {
    vi.mocked(updatePerson).mockResolvedValue(mensah);
    renderWithQuery(<HouseholdsScreen />);
    const household = await card();
    // Member accounts are edited in Users; only people without an account are edited here.
    expect(household.queryByRole('button', { name: 'Edit Akua Mensah' })).toBeNull();
    fireEvent.click(household.getByRole('button', { name: 'Edit Kofi Mensah' }));
    expect((dialog().getByLabelText(/^Relationship/) as HTMLInputElement).value).toBe('Son');
    type(/^Name/, 'Kofi Junior Mensah');
    type('Date of birth', '2015-04-02');
    type(/^Allergies/, 'Peanuts');
    type(/^Notes/, 'Inhaler in his bag');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual(['Kofi Junior Mensah saved']));
    expect(updatePerson).toHaveBeenCalledWith(4, 30, {
      name: 'Kofi Junior Mensah',
      relationship: 'Son',
      date_of_birth: '2015-04-02',
      allergies: 'Peanuts',
      notes: 'Inhaler in his bag',
    });
  });

  it('an admin keeps a child account’s allergies and notes; an adult account has no such dialog', async () => {
    const withTeen: Household = {
      ...mensah,
      people: [
        ...mensah.people,
        {
          kind: 'member',
          userId: 13,
          name: 'Ama Mensah',
          relationship: 'Daughter',
          child: true,
          allergies: 'Milk',
          notes: null,
        },
      ],
    };
    vi.mocked(listHouseholds).mockResolvedValue({ count: 1, results: [withTeen] });
    vi.mocked(updateChildAccount).mockResolvedValue(withTeen);
    renderWithQuery(<HouseholdsScreen />);
    const household = await card();
    expect(household.getByText(/member account, child/)).toBeTruthy();
    expect(household.queryByRole('button', { name: 'Edit Akua Mensah' })).toBeNull();
    fireEvent.click(household.getByRole('button', { name: 'Edit Ama Mensah' }));
    expect((dialog().getByLabelText(/^Allergies/) as HTMLInputElement).value).toBe('Milk');
    type(/^Allergies/, 'Milk, eggs');
    type(/^Notes/, 'Asthma');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts()).toEqual(['Ama Mensah saved']));
    expect(updateChildAccount).toHaveBeenCalledWith(4, 13, { allergies: 'Milk, eggs', notes: 'Asthma' });
  });
});
