// A search the server runs (Giving, the Outbox, Households): sent once typing pauses, not on every key; with the
// other filters of a list the server filters, the state its FilterBar shows (useServerFilters).
import { useEffect, useState } from 'react';

/** How long typing must pause before the search is sent. */
export const SEARCH_PAUSE_MS = 300;

/** The search to send: `typed` once it has stood SEARCH_PAUSE_MS; the setter takes one at once (Clear). */
export function useSearchPause(typed: string) {
  const [search, setSearch] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return [search, setSearch] as const;
}

/**
 * The filters of a list the server filters (Giving, the Outbox): as set, the search to send, a change and Clear
 * (which also sends the empty search at once), and the FilterBar's props. `onChange` hears both (Giving shows its
 * first page again).
 */
export function useServerFilters<F extends { search: string }>(
  empty: F,
  isFiltered: (filters: F) => boolean,
  onChange?: () => void,
) {
  const [filters, setFilters] = useState<F>(empty);
  const [search, setSearch] = useSearchPause(filters.search);
  const set = (patch: Partial<F>) => {
    setFilters((f) => ({ ...f, ...patch }));
    onChange?.();
  };
  const clear = () => {
    setFilters(empty);
    setSearch('');
    onChange?.();
  };
  const bar = { values: filters, onChange: set, onClear: clear, canClear: isFiltered(filters) };
  return { filters, search, set, clear, bar };
}
