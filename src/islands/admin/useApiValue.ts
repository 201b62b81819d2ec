// One answer of the API for a screen's part (the dashboard's figures, the system status, an analytics report):
// loading, the answer, or the failure's message for that part's own Retry. A reload keeps the answer shown
// until the next one arrives; an answer to an older request never replaces a newer one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorInfo } from '../../lib/client/api-client';

export type ApiValue<T> =
  { status: 'loading'; value?: T } | { status: 'error'; message: string; value?: T } | { status: 'ready'; value: T };

export function useApiValue<T>(fetchValue: () => Promise<T>, failure: string) {
  const [state, setState] = useState<ApiValue<T>>({ status: 'loading' });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setState((s) => ({ status: 'loading', value: s.value }));
    try {
      const value = await fetchValue();
      if (ticket === latest.current) setState({ status: 'ready', value });
    } catch (error) {
      const info = apiErrorInfo(error);
      if (ticket === latest.current)
        setState((s) => ({ status: 'error', message: `${failure} ${info.detail ?? info.message}`, value: s.value }));
    }
  }, [fetchValue, failure]);

  useEffect(() => {
    // load sets state only after its await for the answer; the loading mark keeps any earlier value.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  return { state, reload: load };
}
