// The outbox's query keys and reads (TanStack Query, ../../query.ts): the server filters, so each set of filters is
// its own list; the rows on screen stay while the next filters' answer comes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxQuery } from '../../../../lib/shared/outbox/api';
import { listOutbox } from './api';

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (query: OutboxQuery) => ['outbox', 'list', query] as const,
};

export const outboxQuery = (query: OutboxQuery) =>
  queryOptions({
    queryKey: outboxKeys.list(query),
    queryFn: () => listOutbox(query),
    placeholderData: keepPreviousData,
  });
