// The search box, filter selects and Clear button every list screen starts with. The screen keeps its filters
// as one object with a `search` text; each select names the key it sets (useFilteredList gives the setter).
import { useId } from 'react';
import { Button } from './Button';
import type { FormOption } from './Field';
import { SearchIcon } from './icons';
import { Select } from './Select';

export interface FilterSelect<K extends string = string> {
  key: K;
  label: string;
  options: readonly FormOption[];
}

export interface FilterBarProps<F extends { search: string }> {
  values: F;
  onChange: (patch: Partial<F>) => void;
  onClear: () => void;
  searchLabel: string;
  placeholder: string;
  selects?: ReadonlyArray<FilterSelect<Extract<keyof F, string>>>;
  /** Keep the selects' labels for assistive technology only. */
  hideLabels?: boolean;
  /** False turns Clear off (nothing to clear); the content screens leave it on. */
  canClear?: boolean;
}

export function FilterBar<F extends { search: string }>({
  values,
  onChange,
  onClear,
  searchLabel,
  placeholder,
  selects = [],
  hideLabels = false,
  canClear = true,
}: FilterBarProps<F>) {
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
            value={values.search}
            placeholder={placeholder}
            onChange={(e) => onChange({ search: e.target.value } as Partial<F>)}
            className="w-full rounded-lg border border-border bg-input py-2 pr-3 pl-9 text-sm text-text placeholder:text-muted"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {selects.map((select) => (
          <Select
            key={select.key}
            label={select.label}
            hideLabel={hideLabels}
            value={String(values[select.key])}
            options={select.options}
            onChange={(value) => onChange({ [select.key]: value } as Partial<F>)}
          />
        ))}
        <Button variant="outline" onClick={onClear} disabled={!canClear}>
          Clear
        </Button>
      </div>
    </div>
  );
}
