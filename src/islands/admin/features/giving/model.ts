// The Giving screen's rules: the filters as GET /giving/gifts/ takes them, the labels of statuses and methods,
// and the batch of envelopes (its rows' sum against the counted total), in pesewas so no sum is off by a
// floating-point crumb. Amounts are read and shown by the rules of lib/shared/giving/money.ts.
import type { BadgeVariant } from '../../../ui';
import {
  GIFT_METHOD_LABELS,
  GIFT_STATUS_LABELS,
  STAFF_GIFT_METHODS,
  type BatchBody,
  type FundAnswer,
  type GiftAnswer,
  type GiftMethod,
  type GiftQuery,
  type GiftStatus,
  type StaffGiftMethod,
} from '../../../../lib/shared/giving/api';
import { AMOUNT_MESSAGE, BATCH_TOTAL_LIMITS, formatCedis, toPesewas } from '../../../../lib/shared/giving/money';
import { giftCount } from '../../GivingTotalsTable';

/** Today as a date field holds it (UTC, as the API's days). */
export const today = () => new Date().toISOString().slice(0, 10);

export interface GiftFilters {
  search: string;
  fund: string;
  status: GiftStatus | '';
  method: GiftMethod | '';
  from: string;
  to: string;
  /** A branch's id (its gifts and those below it), offered from two branches. */
  branch: string;
}
export const EMPTY_GIFT_FILTERS: GiftFilters = {
  search: '',
  fund: '',
  status: '',
  method: '',
  from: '',
  to: '',
  branch: '',
};

/** The filters as the API's query: a filter left at "All" or a blank search is not sent. */
export function giftQueryOf(filters: GiftFilters): GiftQuery {
  const query: GiftQuery = {};
  if (filters.fund) query.fund = Number(filters.fund);
  if (filters.status) query.status = filters.status;
  if (filters.method) query.method = filters.method;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.branch) query.branch = Number(filters.branch);
  const q = filters.search.trim();
  if (q) query.q = q;
  return query;
}

export const isFiltered = (filters: GiftFilters) => Object.keys(giftQueryOf(filters)).length > 0;

export const STATUS_BADGES: Record<GiftStatus, BadgeVariant> = {
  pending: 'info',
  paid: 'success',
  failed: 'error',
  flagged: 'warning',
  refunded: 'neutral',
};

const all = (label: string) => ({ value: '', label });
export const STATUS_OPTIONS = [
  all('All statuses'),
  ...Object.entries(GIFT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];
export const METHOD_OPTIONS = [
  all('All methods'),
  ...Object.entries(GIFT_METHOD_LABELS).map(([value, label]) => ({ value, label })),
];
export const STAFF_METHOD_OPTIONS = STAFF_GIFT_METHODS.map((value) => ({ value, label: GIFT_METHOD_LABELS[value] }));
export const fundOptions = (funds: readonly FundAnswer[], allLabel?: string) => [
  ...(allLabel ? [all(allLabel)] : []),
  ...funds.map((f) => ({ value: String(f.id), label: f.active ? f.name : `${f.name} (inactive)` })),
];

/** "gift GC-7F3A from Ama Mensah": how a button, a dialog and a toast name one gift. */
export const giftName = (gift: Pick<GiftAnswer, 'reference' | 'name'>) =>
  `gift ${gift.reference}${gift.name ? ` from ${gift.name}` : ''}`;

/** The day a gift counts on: paid, or else begun. */
export const giftDay = (gift: Pick<GiftAnswer, 'paidAt' | 'createdAt'>) => (gift.paidAt ?? gift.createdAt).slice(0, 10);

/** The file the CSV export is saved as: the filters' dates when given. */
export function csvFilename(filters: GiftFilters, today: string): string {
  const span = filters.from || filters.to ? `${filters.from || 'start'}-to-${filters.to || today}` : today;
  return `gifts-${span}.csv`;
}

// ---- A batch of envelopes ----

export interface BatchRow {
  /** A key for React that survives removing a row. */
  key: number;
  fund: string;
  amount: string;
  name: string;
  /** The giver's account id as text ('' for a visitor or an unnamed envelope). */
  userId: string;
  /** A mobile money gift's transaction ID. */
  transactionId: string;
}
export interface BatchForm {
  date: string;
  method: StaffGiftMethod;
  total: string;
  rows: BatchRow[];
}

export const emptyRow = (key: number, fund = ''): BatchRow => ({
  key,
  fund,
  amount: '',
  name: '',
  userId: '',
  transactionId: '',
});
export const newBatch = (today: string, fund = ''): BatchForm => ({
  date: today,
  method: 'cash',
  total: '',
  rows: [emptyRow(1, fund)],
});

/** A typed amount in pesewas, or null while it is not one (empty, a typo, out of range). */
export function typedPesewas(text: string, limits?: { min: number; max: number }): number | null {
  if (!text.trim()) return null;
  const parsed = toPesewas(text, limits);
  return parsed.ok ? parsed.pesewas : null;
}

/** An amount field's own check: a gift's amount by the one rule. */
export const amountRule = (text: string) => (typedPesewas(text) === null ? AMOUNT_MESSAGE : null);

/** What the form says as the rows are typed: their sum, the counted total, and whether they agree. */
export function batchTally(form: BatchForm): { sum: number; total: number | null; balanced: boolean; typed: number } {
  let sum = 0;
  let typed = 0;
  for (const row of form.rows) {
    const pesewas = typedPesewas(row.amount);
    if (pesewas !== null) {
      sum += pesewas;
      typed++;
    }
  }
  const total = typedPesewas(form.total, BATCH_TOTAL_LIMITS);
  return { sum, total, typed, balanced: total !== null && typed === form.rows.length && total === sum };
}

/** The tally as one sentence (read out as it changes). */
export function tallyText(form: BatchForm): string {
  const { sum, total, balanced } = batchTally(form);
  const head = `${giftCount(form.rows.length)} add up to ${formatCedis(sum)}`;
  if (total === null) return `${head}. Enter the counted total.`;
  if (balanced) return `${head}, the counted total.`;
  const gap = total - sum;
  return `${head}: ${formatCedis(Math.abs(gap))} ${gap > 0 ? 'short of' : 'over'} the counted total of ${formatCedis(total)}.`;
}

/** The batch as POST /giving/batches/ takes it (the amounts as typed: the API reads cedis text). */
export const batchPayload = (form: BatchForm): BatchBody => ({
  date: form.date,
  method: form.method,
  total: form.total.trim(),
  gifts: form.rows.map((row) => ({
    fund: Number(row.fund) || row.fund,
    amount: row.amount.trim(),
    name: row.name.trim() || null,
    user_id: Number(row.userId) || null,
    // Only mobile money has one; a row typed before the method changed sends none.
    transaction_id: form.method === 'mobile_money' ? row.transactionId.trim() || null : null,
  })),
});
