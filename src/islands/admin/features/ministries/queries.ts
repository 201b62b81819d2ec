// The ministries' query keys and reads (TanStack Query, ../../query.ts). A write marks them all stale: the list's
// counts, the open ministry's members and the requests (pending and decided) move together.
import { queryOptions } from '@tanstack/react-query';
import { getMinistry, listJoinRequests, listMinistries } from './api';

export const ministryKeys = {
  all: ['ministries'] as const,
  list: (branch: string) => ['ministries', 'list', branch] as const,
  one: (id: number) => ['ministries', 'one', id] as const,
  requests: ['ministries', 'join-requests'] as const,
  decided: ['ministries', 'join-requests', 'decided'] as const,
};

/** `branch`: a branch's id ('' for every branch of the caller's scope). */
export const ministriesQuery = (branch = '') =>
  queryOptions({
    queryKey: ministryKeys.list(branch),
    queryFn: () => listMinistries(branch ? Number(branch) : undefined),
  });
export const ministryQuery = (id: number) =>
  queryOptions({ queryKey: ministryKeys.one(id), queryFn: () => getMinistry(id) });
export const joinRequestsQuery = () =>
  queryOptions({ queryKey: ministryKeys.requests, queryFn: () => listJoinRequests() });

/** Accepted and declined requests together, the latest decided first. */
export const decidedRequestsQuery = () =>
  queryOptions({
    queryKey: ministryKeys.decided,
    queryFn: async () => {
      const [accepted, declined] = await Promise.all([listJoinRequests('accepted'), listJoinRequests('declined')]);
      return [...accepted, ...declined].sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? ''));
    },
  });
