// The Giving screen's calls (docs/API.md, Giving), one function an endpoint. Amounts go as typed cedis and come
// back as cedis; the server keeps pesewas.
import { api } from '../../../../lib/client/api-client';
import type {
  BatchAnswer,
  BatchBody,
  FundAnswer,
  FundBody,
  FundChange,
  GiftAnswer,
  GiftQuery,
  GivingRange,
  GivingSummary,
  RefundBody,
  ResolveBody,
} from '../../../../lib/shared/giving/api';

/** GET /giving/gifts/?fund=&status=&method=&from=&to=&q= (newest first) */
export const listGifts = (query: GiftQuery) => api<GiftAnswer[]>('/giving/gifts/', { query });

/**
 * GET /giving/gifts/?format=csv with the same filters: the file's text, fetched with the bearer token (a plain
 * link could not send it), for the screen to hand to the browser as a download.
 */
export const exportGiftsCsv = (query: GiftQuery) =>
  api<string>('/giving/gifts/', { query: { ...query, format: 'csv' }, headers: { Accept: 'text/csv' } });

/** POST /giving/batches/: a Sunday's envelopes; the total must equal the sum of the gifts. */
export const recordBatch = (body: BatchBody) => api<BatchAnswer>('/giving/batches/', { method: 'POST', body });

/** POST /giving/gifts/{id}/refund/ (a paid gift) */
export const refundGift = (id: number, body: RefundBody) =>
  api<GiftAnswer>(`/giving/gifts/${id}/refund/`, { method: 'POST', body });

/** POST /giving/gifts/{id}/resolve/ (a flagged gift): credit it or mark it failed. */
export const resolveGift = (id: number, body: ResolveBody) =>
  api<GiftAnswer>(`/giving/gifts/${id}/resolve/`, { method: 'POST', body });

/** GET /giving/summary/?range=: totals per fund for the range and the period before. */
/** GET /giving/summary/?range=&branch= */
export const getSummary = (range: GivingRange, branch?: number) =>
  api<GivingSummary>('/giving/summary/', { query: { range, ...(branch && { branch }) } });

/** GET /giving/funds/all/: every fund, inactive ones too. */
export const listFunds = () => api<FundAnswer[]>('/giving/funds/all/');

/** POST /giving/funds/ */
export const createFund = (body: FundBody) => api<FundAnswer>('/giving/funds/', { method: 'POST', body });

/** PATCH /giving/funds/{id}/: rename, describe, make inactive or active again. */
export const updateFund = (id: number, change: FundChange) =>
  api<FundAnswer>(`/giving/funds/${id}/`, { method: 'PATCH', body: change });
