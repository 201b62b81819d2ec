// The search box, filter selects and Clear button every content screen starts with.
import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { SearchIcon } from './icons';

export interface FilterBarProps {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  placeholder: string;
  onClear: () => void;
  /** False turns Clear off (nothing to clear); the content screens leave it on. */
  canClear?: boolean;
  /** The filter <Select>s. */
  children?: ReactNode;
}

export function FilterBar({
  search,
  onSearch,
  searchLabel,
  placeholder,
  onClear,
  canClear = true,
  children,
}: FilterBarProps) {
  const id = useId();
  return (
    <div
      role="search"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 lg:flex-row lg:items-end"
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          {searchLabel}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
          <input
            id={id}
            type="search"
            value={search}
            placeholder={placeholder}
            onChange={(e) => onSearch(e.target.value)}
            className="w-full rounded-lg border border-border bg-input py-2 pr-3 pl-9 text-sm text-text placeholder:text-muted"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <Button variant="outline" onClick={onClear} disabled={!canClear}>
          Clear
        </Button>
      </div>
    </div>
  );
}
