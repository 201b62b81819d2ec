// The portal's one data layer (TanStack Query): every screen reads through useQuery and writes through useMutation,
// with each feature's query keys in its own queries.ts. One client for the app, made here so tests build the same.
import { hashKey, QueryClient, type QueryClientConfig, type QueryKey } from '@tanstack/react-query';
import { apiErrorInfo, errorStatus } from '../../lib/client/api-client';

/** Moving between screens within this time shows the answer already held instead of asking again. */
export const STALE_MS = 30_000;
const MAX_RETRIES = 2;

/** A refusal (4xx) will be refused again; a lost connection or a server fault (5xx) may pass on a second try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  const transient = status === null || status >= 500;
  return transient && failureCount < MAX_RETRIES;
}

export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: shouldRetry, staleTime: STALE_MS, ...config.defaultOptions?.queries },
      // A write is not repeated on its own: it may have reached the server before the connection broke.
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

/** "Failed to load the figures." plus the server's detail or the network message. */
export function loadErrorMessage(failure: string, error: unknown): string {
  const info = apiErrorInfo(error);
  return `${failure} ${info.detail ?? info.message}`;
}

/** "Failed to load sermons." plus the server's detail or the network message. */
export const listLoadErrorMessage = (noun: string, error: unknown) =>
  loadErrorMessage(`Failed to load ${noun}.`, error);

/**
 * After a write: the list on screen takes the server's answer at once and is only marked stale (read again the
 * next time it is shown); the feature's other queries (the inbox's unread count, an open dialog's list) are read
 * again now.
 */
export function afterWrite<T>(client: QueryClient, feature: QueryKey, list: QueryKey, change: (items: T[]) => T[]) {
  client.setQueryData<T[]>(list, (items) => (items ? change(items) : items));
  const listHash = hashKey(list);
  void client.invalidateQueries({ queryKey: list, refetchType: 'none' });
  void client.invalidateQueries({ queryKey: feature, predicate: (query) => query.queryHash !== listHash });
}
