// A screen's list from the API (sermons, events): loading, a load error with its message for LoadError's
// Retry, and the list itself, which the screen's actions update from the server's answers.
import { useCallback, useEffect, useState } from 'react';
import { apiErrorInfo } from '../../lib/client/api-client';

export type ListLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** "Failed to load sermons." plus the server's detail or the network message. */
export function listLoadErrorMessage(noun: string, error: unknown): string {
  const info = apiErrorInfo(error);
  return `Failed to load ${noun}. ${info.detail ?? info.message}`;
}

export function useApiList<T>(fetchList: () => Promise<T[]>, noun: string) {
  const [items, setItems] = useState<T[]>([]);
  const [load, setLoad] = useState<ListLoad>({ status: 'loading' });

  const fetchAll = useCallback(async () => {
    try {
      const list = await fetchList();
      setItems(Array.isArray(list) ? list : []);
      setLoad({ status: 'ready' });
    } catch (error) {
      setLoad({ status: 'error', message: listLoadErrorMessage(noun, error) });
    }
  }, [fetchList, noun]);

  useEffect(() => {
    // fetchAll sets state only after its await, never synchronously in this effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void fetchAll();
  }, [fetchAll]);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    return fetchAll();
  }, [fetchAll]);

  return { items, setItems, load, reload };
}
