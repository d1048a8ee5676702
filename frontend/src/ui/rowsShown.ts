/** A long list draws this many rows, and this many more each time the reader asks. */
export const ROWS_AT_A_TIME = 50;

/**
 * The rows a long list draws: the first (or the last) `limit`, and how many it keeps back behind a
 * button. Hundreds of rows of buttons and tooltips drawn at once held the page still for seconds.
 */
export function rowsShown<Row>(rows: readonly Row[], limit: number, keep: 'first' | 'last' = 'first'): { shown: readonly Row[]; hidden: number } {
  const hidden = Math.max(0, rows.length - limit);
  if (hidden === 0) return { shown: rows, hidden };
  return { shown: keep === 'first' ? rows.slice(0, limit) : rows.slice(hidden), hidden };
}
