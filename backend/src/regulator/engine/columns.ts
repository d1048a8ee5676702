/**
 * Rows held as columns: one array per column (or FDIC field code), all `size` long, a missing
 * cell null or undefined. Bulk imports, syncs and the demo load move financials this way: a
 * quarter file's few dozen input columns are parsed and normalised column by column, and each
 * column goes to the database as one array parameter (unnest.ts), with no object per row between.
 */
export type Columns = { size: number; columns: Map<string, unknown[]> };

type Row = Record<string, unknown>;

/** Objects as columns: every key any of them has, undefined where one lacks it. */
export function columnsOfRows(rows: readonly Row[]): Columns {
  const columns = new Map<string, unknown[]>();
  const size = rows.length;
  for (let index = 0; index < size; index += 1) {
    const row = rows[index];
    for (const key in row) {
      let cells = columns.get(key);
      if (!cells) columns.set(key, (cells = new Array<unknown>(size)));
      cells[index] = row[key];
    }
  }
  return { size, columns };
}

/** Row `index` as an object of its non-blank cells (null and undefined left out). */
export function rowAt(batch: Columns, index: number): Row {
  const row: Row = {};
  for (const [name, cells] of batch.columns) {
    const value = cells[index];
    if (value !== null && value !== undefined) row[name] = value;
  }
  return row;
}

/** The row indexes from..to-1. */
export function indexRange(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, index) => from + index);
}

/** The rows at `indexes`, in that order. */
export function pickRows(batch: Columns, indexes: readonly number[]): Columns {
  const columns = new Map<string, unknown[]>();
  for (const [name, cells] of batch.columns) {
    const picked = new Array<unknown>(indexes.length);
    for (let index = 0; index < indexes.length; index += 1) picked[index] = cells[indexes[index]];
    columns.set(name, picked);
  }
  return { size: indexes.length, columns };
}

/** A key per row (of `rows`, default all) from the key columns (joined when there are several), for finding one key's rows. */
export function rowKeys(batch: Columns, keyColumns: readonly string[], rows: readonly number[] = indexRange(0, batch.size)): string[] {
  const keyCells = keyColumns.map((column) => batch.columns.get(column) ?? []);
  return rows.map((index) => {
    let key = String(keyCells[0][index]);
    for (let column = 1; column < keyCells.length; column += 1) key += `\u0000${String(keyCells[column][index])}`;
    return key;
  });
}
