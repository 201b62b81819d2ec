// The inbox's query keys and reads (TanStack Query, ../../query.ts). The unread count on the sidebar is under
// the same root (../../unread.ts), so invalidating the feature after a write refreshes it too.
import { queryOptions } from '@tanstack/react-query';
import { listMessages } from './api';

export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
};

export const messagesQuery = queryOptions({ queryKey: messageKeys.list, queryFn: () => listMessages() });
