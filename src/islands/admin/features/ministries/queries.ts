// The ministries' query keys and reads (TanStack Query, ../../query.ts). A write marks them all stale: the list's
// counts, the open ministry's members and the pending requests move together.
import { queryOptions } from '@tanstack/react-query';
import { getMinistry, listJoinRequests, listMinistries } from './api';

export const ministryKeys = {
  all: ['ministries'] as const,
  list: ['ministries', 'list'] as const,
  one: (id: number) => ['ministries', 'one', id] as const,
  requests: ['ministries', 'join-requests'] as const,
};

export const ministriesQuery = () => queryOptions({ queryKey: ministryKeys.list, queryFn: listMinistries });
export const ministryQuery = (id: number) =>
  queryOptions({ queryKey: ministryKeys.one(id), queryFn: () => getMinistry(id) });
export const joinRequestsQuery = () => queryOptions({ queryKey: ministryKeys.requests, queryFn: listJoinRequests });
