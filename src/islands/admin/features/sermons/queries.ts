// The sermons screen's query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listSermons } from './api';

export const sermonKeys = {
  all: ['sermons'] as const,
  list: ['sermons', 'list'] as const,
};

export const sermonsQuery = queryOptions({ queryKey: sermonKeys.list, queryFn: () => listSermons() });
