// The top bar search's logic, apart from its rendering: results grouped by kind in a fixed order (each with its
// position in the whole list, for aria-activedescendant), and the active option moving with the arrow keys.
import { SEARCH_KINDS, SEARCH_KIND_LABELS, type SearchKind, type SearchResult } from '../../../lib/shared/search/api';
import { SEARCH_LIMITS } from '../../../lib/shared/search/api';

export interface ResultGroup {
  kind: SearchKind;
  label: string;
  items: (SearchResult & { index: number })[];
}

export function groupResults(results: readonly SearchResult[]): ResultGroup[] {
  const groups: ResultGroup[] = [];
  let index = 0;
  for (const kind of SEARCH_KINDS) {
    const items = results.filter((r) => r.kind === kind).map((r) => ({ ...r, index: index++ }));
    if (items.length) groups.push({ kind, label: SEARCH_KIND_LABELS[kind], items });
  }
  return groups;
}

/** The active option after an arrow key: wraps at both ends; -1 (none) goes to the first or the last. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}

/** Whether a query is long enough to send. */
export const searchable = (text: string) => {
  const q = text.trim();
  return q.length >= SEARCH_LIMITS.min && q.length <= SEARCH_LIMITS.max;
};
