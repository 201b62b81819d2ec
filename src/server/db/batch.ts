// Multi-row inserts cut into statements small enough for both databases: SQLite binds at most 32,766
// parameters to one statement, PostgreSQL 65,535. Thousands of rows then take a few statements, not thousands.
export const MAX_PARAMETERS = 32_766;

/** The rows in slices whose parameters (rows × columns of the first row) stay within MAX_PARAMETERS. */
export function* inChunks<T extends object>(rows: readonly T[]): Generator<T[]> {
  if (!rows.length) return;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
