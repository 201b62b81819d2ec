// Search and filter rules shared by the content screens (docs/PRODUCT.md (Validation)): case-insensitive substring
// search over each screen's fields, filters combined with AND, and the value 'all' meaning no filter.
export const ALL = 'all';

/** True when the query is blank or any field (strings or string lists) contains it, ignoring case. */
export function matchesSearch(
  query: string,
  fields: ReadonlyArray<string | readonly string[] | null | undefined>,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((field) => {
    if (!field) return false;
    if (typeof field === 'string') return field.toLowerCase().includes(q);
    return field.some((item) => item.toLowerCase().includes(q));
  });
}

/** A filter value of 'all' (or empty) lets everything through. */
export function matchesFilter(value: string | null | undefined, filter: string): boolean {
  return !filter || filter === ALL || value === filter;
}

export { visibleTags } from '../../ui/tags';

/** "one-time" -> "One-time", "bible-study" -> "Bible-study": display labels for enum values. */
export function capitalize(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** Select options: 'All …' first, then each value with its label. */
export function filterOptions(allLabel: string, values: readonly string[], label: (v: string) => string = capitalize) {
  return [{ value: ALL, label: allLabel }, ...values.map((value) => ({ value, label: label(value) }))];
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + (Number.isFinite(v) ? v : 0), 0);
}
