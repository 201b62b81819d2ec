// The Giving screen's query keys, reads and writes (TanStack Query, ../../query.ts). The server filters, so each
// set of filters is its own list; the rows on screen stay while the next filters' answer comes. Any write reads
// the gifts and the totals again.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftQuery, GivingRange } from '../../../../lib/shared/giving/api';
import { getSummary, listFunds, listGifts } from './api';

export const givingKeys = {
  all: ['giving'] as const,
  gifts: (query: GiftQuery) => ['giving', 'gifts', query] as const,
  summary: (range: GivingRange, branch?: number) => ['giving', 'summary', range, branch ?? null] as const,
  funds: ['giving', 'funds'] as const,
};

export const giftsQuery = (query: GiftQuery) =>
  queryOptions({
    queryKey: givingKeys.gifts(query),
    queryFn: () => listGifts(query),
    placeholderData: keepPreviousData,
  });

/** The flagged gifts waiting for staff, whatever the filters. */
export const flaggedQuery = giftsQuery({ status: 'flagged' });

export const summaryQuery = (range: GivingRange, branch?: number) =>
  queryOptions({
    queryKey: givingKeys.summary(range, branch),
    queryFn: () => (branch ? getSummary(range, branch) : getSummary(range)),
  });

export const fundsQuery = queryOptions({ queryKey: givingKeys.funds, queryFn: () => listFunds() });

/** A write to giving (a batch, a refund, a resolved gift, a fund): after it, the screen's lists and totals are read again. */
export function useGivingWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => write(input),
    onSettled: () => client.invalidateQueries({ queryKey: givingKeys.all }),
  });
}
