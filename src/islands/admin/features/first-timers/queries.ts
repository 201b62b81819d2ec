// The first-timers board's query keys and reads (TanStack Query, ../../query.ts).
import { queryOptions } from '@tanstack/react-query';
import { listAssignees, listFirstTimers } from './api';

export const firstTimerKeys = {
  all: ['first-timers'] as const,
  list: ['first-timers', 'list'] as const,
  assignees: ['first-timers', 'assignees'] as const,
};

export const firstTimersQuery = queryOptions({ queryKey: firstTimerKeys.list, queryFn: listFirstTimers });
export const assigneesQuery = queryOptions({ queryKey: firstTimerKeys.assignees, queryFn: listAssignees });
