// The households' query keys and reads (TanStack Query, ../../query.ts): the server searches and pages, so each
// search and page is its own list; the rows on screen stay while the next answer comes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listHouseholds } from './api';

export const PAGE_SIZE = 25;

export const householdKeys = {
  all: ['households'] as const,
  list: (search: string, page: number, branch: string) => ['households', 'list', search, page, branch] as const,
};

/** `branch`: a branch's id ('' for every branch of the caller's scope). */
export const householdsQuery = (search: string, page: number, branch = '') =>
  queryOptions({
    queryKey: householdKeys.list(search, page, branch),
    queryFn: () =>
      listHouseholds({
        search: search || undefined,
        limit: PAGE_SIZE,
        offset: page * PAGE_SIZE,
        ...(branch && { branch: Number(branch) }),
      }),
    placeholderData: keepPreviousData,
  });
