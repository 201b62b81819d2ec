// A search the server runs (Giving, the Outbox, Households): sent once typing pauses, not on every key.
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
