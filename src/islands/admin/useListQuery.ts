// A content screen's list read through its query. Apart from query.ts, which the app loads at once, so that only
// the screens' chunks carry it.
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { afterWrite } from './query';

const NOTHING_YET: never[] = [];

/**
 * A content screen's list: the query, its items (an empty list while they load) and setItems, which writes a
 * change into the list with afterWrite under the feature's keys.
 */
export function useListQuery<T, K extends QueryKey>(
  keys: { all: QueryKey; list: QueryKey },
  options: UseQueryOptions<T[], Error, T[], K>,
) {
  const client = useQueryClient();
  const query = useQuery(options);
  const items: T[] = query.data ?? NOTHING_YET;
  const setItems = (change: (items: T[]) => T[]) => afterWrite(client, keys.all, keys.list, change);
  return { client, query, items, setItems };
}
