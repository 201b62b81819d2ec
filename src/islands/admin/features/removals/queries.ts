// The removal requests' query keys and read (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listRemovalRequests } from './api';

export const removalKeys = {
  all: ['removals'] as const,
  list: ['removals', 'list'] as const,
};

export const removalRequestsQuery = queryOptions({ queryKey: removalKeys.list, queryFn: listRemovalRequests });
