// The unread-messages count on the sidebar and the top bar. Its key sits under the messages feature's keys, so the
// inbox's writes (which invalidate ['messages']) refresh it; the sidebar also asks again on every move between
// screens (a cheap count), so a message that arrived meanwhile shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client/api-client';

export const unreadKey = ['messages', 'unread-count'] as const;

/** GET /messages/unread-count/ */
export const unreadQuery = queryOptions({
  queryKey: unreadKey,
  queryFn: async () => (await api<{ unread: number }>('/messages/unread-count/')).unread,
});

/** The count, or null before the first answer. The badge is a hint: on a failure it keeps what it showed. */
export function useUnreadMessages(): number | null {
  return useQuery(unreadQuery).data ?? null;
}
