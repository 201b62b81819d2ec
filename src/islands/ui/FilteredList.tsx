// The filtered list every content screen shows under its FilterBar: a spoken count, then the matches as a
// labelled <ul>, or the spec's "No … found" with Clear Filters. useFilteredList holds the filters behind it;
// SearchableList puts the two together on it.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { capitalize } from '../../lib/shared/filters';
import { NoMatches } from './EmptyState';
import { FilterBar, type FilterSelect } from './FilterBar';

/** The search a link brought (?q=, the portal's search results): the screen opens with it in its search box. */
export function searchFromUrl(): string {
  return typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('q') ?? '');
}

/** A screen's filters (starting from `empty`, and ?q= in the search), a patch setter, Clear, and the matches. */
export function useFilteredList<T, F>(items: readonly T[], empty: F, filter: (items: readonly T[], filters: F) => T[]) {
  const [filters, setFilters] = useState<F>(() => {
    const q = searchFromUrl();
    return q && typeof empty === 'object' && empty !== null && 'search' in empty ? { ...empty, search: q } : empty;
  });
  const set = useCallback((patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch })), []);
  const clear = useCallback(() => setFilters(empty), [empty]);
  const shown = useMemo(() => filter(items, filters), [filter, items, filters]);
  return { filters, set, clear, shown, total: items.length };
}

type FilteredListState<T, F> = ReturnType<typeof useFilteredList<T, F>>;

export function FilteredList<T>({
  items,
  total,
  noun,
  label,
  className,
  onClear,
  children,
}: {
  items: readonly T[];
  /** How many there are before filtering. */
  total: number;
  /** Plural, lower case: "sermons" gives "3 of 6 sermons shown" and "No sermons found". */
  noun: string;
  /** The list's accessible name. */
  label: string;
  className: string;
  onClear: () => void;
  /** One <li> per item. */
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <p className="sr-only" role="status">
        {items.length} of {total} {noun} shown
      </p>
      {items.length === 0 ? (
        <NoMatches title={`No ${noun} found`} onClear={onClear} />
      ) : (
        <ul className={className} aria-label={label}>
          {items.map(children)}
        </ul>
      )}
    </>
  );
}

/**
 * A content screen's FilterBar ("Search <noun>") over its FilteredList, both on one useFilteredList. `empty`,
 * when given, stands in for the list (e.g. an empty inbox says so without Clear Filters).
 */
export function SearchableList<T, F extends { search: string }>({
  list,
  noun,
  label = capitalize(noun),
  placeholder,
  selects,
  className,
  empty,
  children,
}: {
  list: FilteredListState<T, F>;
  noun: string;
  label?: string;
  placeholder: string;
  selects?: ReadonlyArray<FilterSelect<Extract<keyof F, string>>>;
  className: string;
  empty?: ReactNode;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <FilterBar
        values={list.filters}
        onChange={list.set}
        searchLabel={`Search ${noun}`}
        placeholder={placeholder}
        onClear={list.clear}
        selects={selects}
      />
      {empty || (
        <FilteredList
          items={list.shown}
          total={list.total}
          noun={noun}
          label={label}
          className={className}
          onClear={list.clear}
        >
          {children}
        </FilteredList>
      )}
    </>
  );
}
