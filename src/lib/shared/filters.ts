// Search and filter rules of every list, public and admin (docs/PRODUCT.md (Validation)): case-insensitive
// substring search over each list's fields, filters combined with AND, and the value 'all' meaning no filter.
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

/** "one-time" -> "One-time", "bible-study" -> "Bible-study": display labels for enum values. */
export function capitalize(value: string): string {
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** Select options: 'All …' first, then each value with its label. */
export function filterOptions(allLabel: string, values: readonly string[], label: (v: string) => string = capitalize) {
  return [{ value: ALL, label: allLabel }, ...values.map((value) => ({ value, label: label(value) }))];
}

/** The total of a list's figures (a stat card's sum), skipping anything that is not a finite number. */
export function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + (Number.isFinite(v) ? v : 0), 0);
}
