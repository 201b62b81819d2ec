// The prayers screen's query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listPrayers, listStaff } from './api';

export const prayerKeys = {
  all: ['prayers'] as const,
  list: ['prayers', 'list'] as const,
  staff: ['prayers', 'staff'] as const,
};

export const prayersQuery = queryOptions({ queryKey: prayerKeys.list, queryFn: () => listPrayers() });

/** Whom Manage Prayer may assign a request to. */
export const staffQuery = queryOptions({ queryKey: prayerKeys.staff, queryFn: () => listStaff() });
