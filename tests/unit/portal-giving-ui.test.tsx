// @vitest-environment happy-dom
// The Giving screen on a mocked API: the totals per fund for a range against the one before; the gifts with
// their filters sent as the server's query; Refund offered on paid gifts only and Resolve on flagged ones; the
// CSV export fetched with the same filters and handed to the browser; Record gifts saves a batch only when its
// rows add up to the counted total; a pastor is not offered the screen and is told why if they open it. Then the
// batch's arithmetic in pesewas, and the giving table the dashboard and analytics share.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery } from './query-wrapper';
import GivingScreen from '../../src/islands/admin/features/giving/GivingScreen';
import {
  createFund,
  exportGiftsCsv,
  getSummary,
  listFunds,
  listGifts,
  recordBatch,
  refundGift,
  resolveGift,
  updateFund,
} from '../../src/islands/admin/features/giving/api';
import {
  batchPayload,
  batchTally,
  emptyRow,
  csvFilename,
  giftQueryOf,
  newBatch,
  tallyText,
  EMPTY_GIFT_FILTERS,
} from '../../src/islands/admin/features/giving/model';
import { GivingTotalsTable } from '../../src/islands/admin/GivingTotalsTable';
import { navItemsFor } from '../../src/islands/admin/layout/nav';
import { api } from '../../src/lib/client/api-client';
import { auth } from '../../src/lib/client/session';
import type { FundAnswer, GiftAnswer, GivingSummary } from '../../src/lib/shared/giving/api';
import type { Role } from '../../src/lib/shared/permissions';
import type { User } from '../../src/lib/shared/users/types';
import { $toasts } from '../../src/islands/ui/toast';

vi.mock('../../src/islands/admin/features/giving/api', () => ({
  listGifts: vi.fn(),
  exportGiftsCsv: vi.fn(),
  recordBatch: vi.fn(),
  refundGift: vi.fn(),
  resolveGift: vi.fn(),
  getSummary: vi.fn(),
  listFunds: vi.fn(),
  createFund: vi.fn(),
  updateFund: vi.fn(),
}));

// The giver's account picker reads GET /auth/users/ through the client itself.
vi.mock('../../src/lib/client/api-client', async (original) => {
  const client = await original<typeof import('../../src/lib/client/api-client')>();
  return { ...client, api: Object.assign(vi.fn(), client.api) };
});
const ACCOUNTS = [
  { id: 21, username: 'esi', email: 'esi@example.org', full_name: 'Esi Owusu' },
  { id: 22, username: 'yaw', email: 'yaw@example.org', full_name: 'Yaw Boateng' },
] as User[];

const fund = (id: number, name: string, active = true): FundAnswer => ({
  id,
  name,
  description: '',
  active,
  sort: id,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const FUNDS = [fund(1, 'Tithe'), fund(2, 'Offering'), fund(3, 'Old Roof', false)];

const gift = (over: Partial<GiftAnswer>): GiftAnswer => ({
  id: 1,
  reference: 'CASH-1',
  branchId: 1,
  fund: 'Tithe',
  amount: 100,
  currency: 'GHS',
  status: 'paid',
  method: 'cash',
  name: null,
  email: null,
  paidAt: '2026-11-22T12:00:00.000Z',
  createdAt: '2026-11-22T13:00:00.000Z',
  fundId: 1,
  phone: null,
  note: null,
  channel: null,
  flagReason: null,
  resolutionNote: null,
  batchId: 4,
  userId: null,
  transactionId: null,
  recordedBy: 'admin',
  refund: null,
  ...over,
});
const paid = gift({ id: 1, reference: 'CASH-1', name: 'Ama Mensah', amount: 1234.5 });
const flagged = gift({
  id: 2,
  reference: 'GC-7F3A',
  method: 'paystack',
  status: 'flagged',
  name: '<b>Kofi</b>',
  email: 'kofi@example.org',
  amount: 50,
  paidAt: null,
  flagReason: 'Paystack reported GH₵ 5.00, not GH₵ 50.00',
});

const SUMMARY: GivingSummary = {
  range: '30d',
  current: { start: '2026-10-28', end: '2026-11-27' },
  previous: { start: '2026-09-28', end: '2026-10-28' },
  funds: [
    { fundId: 1, fund: 'Tithe', current: { total: 1234.5, count: 1 }, previous: { total: 1000, count: 2 } },
    { fundId: 2, fund: 'Offering', current: { total: 20, count: 1 }, previous: { total: 0, count: 0 } },
  ],
  total: { current: { total: 1254.5, count: 2 }, previous: { total: 1000, count: 2 } },
};

const signIn = (role: Role) => auth.setUser({ id: 1, username: role.toLowerCase(), role } as User);

beforeEach(() => {
  signIn('ADMIN');
  $toasts.set([]);
  vi.mocked(listGifts).mockImplementation(async (query) => (query.status === 'flagged' ? [flagged] : [flagged, paid]));
  vi.mocked(getSummary).mockResolvedValue(SUMMARY);
  vi.mocked(listFunds).mockResolvedValue(FUNDS);
  vi.mocked(api).mockImplementation((async (path: string) => {
    if (path === '/auth/users/') return ACCOUNTS;
    throw new Error(`unexpected ${path}`);
  }) as typeof api);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('the Giving screen', () => {
  it('shows the totals per fund for 30 days against the period before, and asks again for another range', async () => {
    renderWithQuery(<GivingScreen />);
    const table = await screen.findByRole('table', { name: 'Totals per fund' });
    expect(rowTexts(table)).toEqual([
      'FundThis periodPeriod beforeChange',
      'TitheGH₵ 1,234.501 giftGH₵ 1,000.002 gifts+23.5%',
      'OfferingGH₵ 20.001 giftGH₵ 0.000 giftsnew',
      'All fundsGH₵ 1,254.502 giftsGH₵ 1,000.002 gifts+25.5%',
    ]);
    expect(getSummary).toHaveBeenCalledWith('30d');
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '1y' } });
    await waitFor(() => expect(getSummary).toHaveBeenLastCalledWith('1y'));
  });

  it('lists the gifts as text, with Refund on a paid gift and Resolve on a flagged one', async () => {
    renderWithQuery(<GivingScreen />);
    const table = await screen.findByRole('table', { name: 'Gifts' });
    const rows = within(table).getAllByTestId('gift-row');
    expect(rows).toHaveLength(2);
    // What a giver typed is shown as text, never as markup.
    expect(within(rows[0]).getByText('<b>Kofi</b>')).toBeTruthy();
    expect(rows[0].textContent).toContain('Paystack reported GH₵ 5.00, not GH₵ 50.00');
    expect(rows[1].textContent).toContain('GH₵ 1,234.50');
    expect(
      within(table)
        .getAllByRole('button', { name: /^Refund/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Refund gift CASH-1 from Ama Mensah']);
    expect(within(table).getAllByRole('button', { name: /^Resolve/ })).toHaveLength(1);
    expect(screen.getByText(/1 gift is flagged/)).toBeTruthy();
  });

  it('asks the server with the fund, status, method, dates and search chosen; Clear drops them', async () => {
    renderWithQuery(<GivingScreen />);
    await screen.findByRole('table', { name: 'Gifts' });
    // The fund select lists every fund, an inactive one marked.
    const fundSelect = screen.getByLabelText('Fund') as HTMLSelectElement;
    await waitFor(() =>
      expect([...fundSelect.options].map((o) => o.text)).toEqual([
        'All funds',
        'Tithe',
        'Offering',
        'Old Roof (inactive)',
      ]),
    );
    fireEvent.change(fundSelect, { target: { value: '1' } });
    await waitFor(() => expect(listGifts).toHaveBeenLastCalledWith({ fund: 1 }));
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'cash' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(listGifts).toHaveBeenLastCalledWith({ fund: 1, method: 'cash', from: '2026-11-01', to: '2026-11-30' }),
    );
    vi.mocked(listGifts).mockResolvedValue([]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the gifts' }), { target: { value: ' ama ' } });
    await waitFor(() =>
      expect(listGifts).toHaveBeenLastCalledWith({
        fund: 1,
        method: 'cash',
        from: '2026-11-01',
        to: '2026-11-30',
        q: 'ama',
      }),
    );
    expect(await screen.findByText('No gifts found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(''));
  });

  it('Show flagged gifts filters the list to them', async () => {
    renderWithQuery(<GivingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show flagged gifts' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('flagged');
    expect(screen.queryByRole('button', { name: 'Show flagged gifts' })).toBeNull();
  });

  it('Export CSV fetches the filtered gifts as CSV and hands the file to the browser', async () => {
    vi.mocked(exportGiftsCsv).mockResolvedValue('reference,fund\r\nCASH-1,Tithe\r\n');
    const made: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:gifts';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithQuery(<GivingScreen />);
    await screen.findByRole('table', { name: 'Gifts' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(exportGiftsCsv).toHaveBeenCalledWith({ status: 'paid' });
    expect(await made[0].text()).toBe('reference,fund\r\nCASH-1,Tithe\r\n');
    expect(made[0].type).toContain('text/csv');
    clicks.mockRestore();
  });

  it('Refund sends the amount, day and reason of a paid gift', async () => {
    vi.mocked(refundGift).mockResolvedValue({ ...paid, status: 'refunded' });
    renderWithQuery(<GivingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund gift CASH-1 from Ama Mensah' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund gift' });
    expect((within(dialog).getByLabelText(/^Amount refunded/) as HTMLInputElement).value).toBe('1234.50');
    fireEvent.change(within(dialog).getByLabelText(/^Amount refunded/), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('A refund cannot be more than the gift.')).toBeTruthy();
    expect(refundGift).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^Amount refunded/), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Given twice by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() =>
      expect(refundGift).toHaveBeenCalledWith(1, {
        amount: '100',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reason: 'Given twice by mistake',
      }),
    );
    await waitFor(() =>
      expect($toasts.get().map((t) => t.message)).toEqual(['Refunded GH₵ 100.00 of gift CASH-1 from Ama Mensah']),
    );
  });

  it('Resolve credits a flagged gift with what arrived, or marks it failed', async () => {
    vi.mocked(resolveGift).mockResolvedValue({ ...flagged, status: 'failed' });
    renderWithQuery(<GivingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /^Resolve gift GC-7F3A/ }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve flagged gift' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /did not arrive/ }));
    expect(within(dialog).queryByLabelText(/^Amount that arrived/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(resolveGift).toHaveBeenCalledWith(2, { status: 'failed' }));
  });

  it('Resolve sends the note staff typed, trimmed, and refuses one too long; the gift then shows it as text', async () => {
    const note = 'Giver confirmed <b>GH₵ 5</b> by phone';
    vi.mocked(resolveGift).mockResolvedValue({ ...flagged, status: 'paid', amount: 5, resolutionNote: note });
    renderWithQuery(<GivingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /^Resolve gift GC-7F3A/ }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve flagged gift' });
    fireEvent.change(within(dialog).getByLabelText(/^Amount that arrived/), { target: { value: '5' } });
    const field = within(dialog).getByLabelText(/^Note \(optional\)/);
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit gift' }));
    expect(await within(dialog).findByText('Maximum 500 characters allowed')).toBeTruthy();
    expect(resolveGift).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: `  ${note} ` } });
    vi.mocked(listGifts).mockResolvedValue([paid, { ...flagged, status: 'paid', amount: 5, resolutionNote: note }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit gift' }));
    await waitFor(() => expect(resolveGift).toHaveBeenCalledWith(2, { status: 'paid', amount: '5', note }));
    expect(await screen.findByText(`Resolved: ${note}`)).toBeTruthy();
  });
});

describe('Record gifts', () => {
  const open = async () => {
    renderWithQuery(<GivingScreen />);
    await screen.findByRole('table', { name: 'Gifts' });
    await waitFor(() => expect(listFunds).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Record gifts' }));
    return screen.getByRole('dialog', { name: 'Record gifts' });
  };

  it('saves a batch only when its rows add up to the counted total', async () => {
    vi.mocked(recordBatch).mockResolvedValue({
      id: 9,
      date: '2026-11-22',
      method: 'cash',
      total: 150.5,
      count: 2,
      gifts: [],
    });
    const dialog = await open();
    const tally = within(dialog).getByTestId('batch-tally');
    fireEvent.change(within(dialog).getByLabelText(/^Counted total/), { target: { value: '150.50' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a gift' }));
    const amounts = within(dialog).getAllByLabelText(/^Amount/);
    fireEvent.change(amounts[1], { target: { value: '40' } });
    expect(tally.textContent).toBe('2 gifts add up to GH₵ 140.00: GH₵ 10.50 short of the counted total of GH₵ 150.50.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 2 gifts' }));
    expect(await within(dialog).findByText('The total must equal the sum of the gifts.')).toBeTruthy();
    expect(recordBatch).not.toHaveBeenCalled();

    fireEvent.change(amounts[1], { target: { value: '50.50' } });
    fireEvent.change(within(dialog).getAllByLabelText(/^Fund/)[1], { target: { value: '2' } });
    fireEvent.change(within(dialog).getAllByLabelText(/^Name/)[1], { target: { value: 'Ama Mensah' } });
    expect(tally.textContent).toBe('2 gifts add up to GH₵ 150.50, the counted total.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 2 gifts' }));
    await waitFor(() =>
      expect(recordBatch).toHaveBeenCalledWith({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        method: 'cash',
        total: '150.50',
        gifts: [
          { fund: 1, amount: '100', name: null, user_id: null, transaction_id: null },
          { fund: 2, amount: '50.50', name: 'Ama Mensah', user_id: null, transaction_id: null },
        ],
      }),
    );
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toEqual(['Recorded 2 gifts: GH₵ 150.50']));
    expect(screen.queryByRole('dialog', { name: 'Record gifts' })).toBeNull();
  });

  it("links an envelope to the giver's account and keeps a mobile money gift's transaction ID", async () => {
    vi.mocked(recordBatch).mockResolvedValue({
      id: 9,
      date: '2026-11-22',
      method: 'mobile_money',
      total: 20,
      count: 1,
      gifts: [],
    });
    const dialog = await open();
    fireEvent.change(within(dialog).getByLabelText('Received as'), { target: { value: 'mobile_money' } });
    fireEvent.change(within(dialog).getByLabelText(/^Counted total/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText(/^Transaction ID/), { target: { value: ' MP240609.1234 ' } });
    fireEvent.change(within(dialog).getByLabelText('Find an account'), { target: { value: 'esi' } });
    const account = within(dialog).getByLabelText("Giver's account (optional)") as HTMLSelectElement;
    await waitFor(() =>
      expect([...account.options].map((o) => o.text)).toEqual(['No account: a visitor', 'Esi Owusu (esi@example.org)']),
    );
    fireEvent.change(account, { target: { value: '21' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save 1 gift' }));
    await waitFor(() =>
      expect(recordBatch).toHaveBeenCalledWith(
        expect.objectContaining({
          method: 'mobile_money',
          gifts: [{ fund: 1, amount: '20', name: null, user_id: 21, transaction_id: 'MP240609.1234' }],
        }),
      ),
    );
  });

  it('offers only the funds that take gifts, and a row can be removed', async () => {
    const dialog = await open();
    const select = within(dialog).getByLabelText(/^Fund/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Choose a fund', 'Tithe', 'Offering']);
    expect(within(dialog).getByRole('button', { name: 'Remove gift 1' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a gift' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove gift 2' }));
    expect(within(dialog).getAllByLabelText(/^Amount/)).toHaveLength(1);
  });
});

describe('Funds', () => {
  it('adds a fund, renames one and makes one inactive', async () => {
    vi.mocked(createFund).mockResolvedValue(fund(4, 'Youth Camp'));
    vi.mocked(updateFund).mockImplementation(async (id, change) => ({ ...FUNDS[id - 1], ...change }));
    renderWithQuery(<GivingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Funds' });
    const table = await within(dialog).findByRole('table', { name: 'Funds' });
    expect(
      within(table)
        .getAllByTestId('fund-row')
        .map((r) => r.textContent),
    ).toEqual(['TitheActiveEditMake inactive', 'OfferingActiveEditMake inactive', 'Old RoofInactiveEditMake active']);
    const form = within(within(dialog).getByRole('form', { name: 'Add a fund' }));
    fireEvent.change(form.getByLabelText(/^Name/), { target: { value: 'Youth Camp' } });
    fireEvent.click(form.getByRole('button', { name: 'Add fund' }));
    await waitFor(() => expect(createFund).toHaveBeenCalledWith({ name: 'Youth Camp', description: '' }));

    fireEvent.click(within(table).getByRole('button', { name: 'Edit Offering' }));
    const edit = within(within(dialog).getByRole('form', { name: 'Edit the fund Offering' }));
    fireEvent.change(edit.getByLabelText(/^Name/), { target: { value: 'Offerings' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save fund' }));
    await waitFor(() => expect(updateFund).toHaveBeenCalledWith(2, { name: 'Offerings', description: '' }));

    fireEvent.click(within(table).getByRole('button', { name: 'Make inactive: Tithe' }));
    await waitFor(() => expect(updateFund).toHaveBeenLastCalledWith(1, { active: false }));
    await waitFor(() => expect($toasts.get().map((t) => t.message)).toContain('Tithe no longer takes gifts'));
  });
});

describe('who sees giving', () => {
  const labels = (role: Role | null) => navItemsFor(role).map((i) => i.label);
  it('is in the sidebar for an admin and a super admin, never for a pastor', () => {
    expect(labels('ADMIN')).toContain('Giving');
    expect(labels('SUPERADMIN')).toContain('Giving');
    expect(labels('PASTOR')).not.toContain('Giving');
    expect(labels(null)).not.toContain('Giving');
  });

  it('tells a pastor who opens it that it needs an administrator, without asking the server', () => {
    signIn('PASTOR');
    renderWithQuery(<GivingScreen />);
    expect(screen.getByText('You need Administrator role to access this page.')).toBeTruthy();
    expect(listGifts).not.toHaveBeenCalled();
    expect(getSummary).not.toHaveBeenCalled();
  });
});

describe('the arithmetic', () => {
  it('sums a batch in pesewas, so 0.10 + 0.20 is 0.30', () => {
    const form = { ...newBatch('2026-11-22', '1'), total: '0.30' };
    form.rows = [
      { ...emptyRow(1, '1'), amount: '0.10' },
      { ...emptyRow(2, '1'), amount: '0.2' },
    ];
    // 0.10 and 0.2 are below a gift's 1 cedi: not amounts, so nothing is summed and nothing balances.
    expect(batchTally(form)).toMatchObject({ sum: 0, balanced: false, typed: 0 });
    form.rows = [
      { ...emptyRow(1, '1'), amount: '1.10' },
      { ...emptyRow(2, '1'), amount: '2.2' },
    ];
    form.total = '3.30';
    expect(batchTally(form)).toEqual({ sum: 330, total: 330, typed: 2, balanced: true });
    form.total = '1,000';
    expect(tallyText(form)).toBe('2 gifts add up to GH₵ 3.30: GH₵ 996.70 short of the counted total of GH₵ 1,000.00.');
    form.total = '';
    expect(tallyText(form)).toBe('2 gifts add up to GH₵ 3.30. Enter the counted total.');
    form.rows[1].amount = '2.205';
    expect(batchTally(form)).toMatchObject({ sum: 110, typed: 1, balanced: false });
    expect(batchPayload({ ...form, total: ' 3.30 ' })).toMatchObject({
      total: '3.30',
      gifts: [{ fund: 1 }, { fund: 1 }],
    });
  });

  it('sends only the filters set, and names the CSV by its dates', () => {
    expect(giftQueryOf(EMPTY_GIFT_FILTERS)).toEqual({});
    expect(giftQueryOf({ ...EMPTY_GIFT_FILTERS, fund: '3', status: 'flagged', search: '  ' })).toEqual({
      fund: 3,
      status: 'flagged',
    });
    expect(csvFilename(EMPTY_GIFT_FILTERS, '2026-11-26')).toBe('gifts-2026-11-26.csv');
    expect(csvFilename({ ...EMPTY_GIFT_FILTERS, from: '2026-11-01' }, '2026-11-26')).toBe(
      'gifts-2026-11-01-to-2026-11-26.csv',
    );
  });

  it('the shared giving table reads a month against the last, "new" where nothing came before', () => {
    render(
      <GivingTotalsTable
        totals={{ funds: SUMMARY.funds, total: SUMMARY.total }}
        caption="Giving this month"
        current="This month"
        previous="Last month"
      />,
    );
    const table = screen.getByRole('table', { name: 'Giving this month' });
    expect(rowTexts(table)[0]).toBe('FundThis monthLast monthChange');
    expect(rowTexts(table)[2]).toBe('OfferingGH₵ 20.001 giftGH₵ 0.000 giftsnew');
  });
});
