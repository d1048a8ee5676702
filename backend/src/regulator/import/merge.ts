import type { Knex } from 'knex';
import { indexRange, rowKeys, type Columns } from '../engine/columns.ts';
import type { RegulatorTable } from '../store.ts';
import { columnArrays, quoteIdentifier, tableColumnTypes, upsertStatement } from '../engine/unnest.ts';
import { attributeMergeValue } from './as-of.ts';

const batchSize = 5000;

/** A merge ready to send: its statement and the parameters (column arrays) of each batch. */
export type PreparedMerge = { sql: string; batches: Array<Array<string | Buffer>>; rows: number };

export type MergeOptions = {
  withUpdatedAt?: boolean;
  /** A column dating each row's values (fdic_institutions.repdte): a row older than the stored one only fills its blanks. */
  datedBy?: string;
  /**
   * Each row carries `as_of` (attribute -> source stamp, see as-of.ts): every attribute keeps the
   * value of its newest source, in whatever order the rows arrive.
   */
  attributeDates?: boolean;
};

/**
 * Prepares an upsert of rows so that a file fills in what it knows and never blanks what another
 * source knew: on conflict each column keeps its current value where the new one is null, and
 * `raw` is the union of both records. (store.ts upserts replace whole rows, which is right for a
 * sync of complete records but would let the active-institutions list erase the regulator a SOD
 * file supplied, or a race/education file erase the income an economic file supplied.)
 *
 * This is the CPU-side half (duplicate keys combined, batches encoded), so an importer can do it
 * while the database is still busy with the previous write. Columns null in every row are left
 * out: they would change nothing (a stored value is kept, a new row gets null), and a quarter of
 * FDIC financials fills about a third of the columns. A stored row the file would not change is
 * not rewritten, so importing a file again writes nothing.
 */
export async function prepareMerge(
  knex: Knex,
  table: RegulatorTable,
  keyColumns: readonly string[],
  batch: Columns,
  rows: readonly number[],
  options: MergeOptions = {},
): Promise<PreparedMerge> {
  if (rows.length === 0) return { sql: '', batches: [], rows: 0 };
  const dateOf = options.attributeDates ? rowStamp(batch) : options.datedBy ? columnDate(batch, options.datedBy) : undefined;
  const unique = combineDuplicateKeys(batch, dateOf ? oldestFirst(rows, dateOf) : rows, keyColumns);
  const types = await tableColumnTypes(knex, table);
  const columns = [...batch.columns]
    .filter(([column, cells]) => types.has(column) && column !== 'updated_at' && (keyColumns.includes(column) || unique.some((row) => cells[row] !== null && cells[row] !== undefined)))
    .map(([column]) => column);
  const batches: PreparedMerge['batches'] = [];
  for (let start = 0; start < unique.length; start += batchSize) batches.push(columnArrays(batch, unique.slice(start, start + batchSize), columns, types));
  const withUpdatedAt = options.withUpdatedAt === true && types.has('updated_at');
  const datedBy = options.datedBy && columns.includes(options.datedBy) ? options.datedBy : undefined;
  const value = options.attributeDates ? attributeMergeValue : (column: string, name: string, target: string) => mergedValue(column, name, target, datedBy);
  return { sql: upsertStatement(table, keyColumns, columns, types, { withUpdatedAt, onlyWhenChanged: true, value }), batches, rows: unique.length };
}

/** Merges rows stamped with their sources' dates (`as_of`, see as-of.ts) at once: each attribute keeps its newest source's value. */
export async function mergeDatedRows(knex: Knex, table: RegulatorTable, keyColumns: readonly string[], rows: Columns): Promise<number> {
  const merge = await prepareMerge(knex, table, keyColumns, rows, indexRange(0, rows.size), { withUpdatedAt: true, attributeDates: true });
  return writeMerge(knex, merge);
}

/** Sends a prepared merge; returns the number of rows written. */
export async function writeMerge(knex: Knex, merge: PreparedMerge): Promise<number> {
  for (const batch of merge.batches) await knex.raw(merge.sql, batch);
  return merge.rows;
}

/**
 * Each column keeps its stored value where the new one is null; raw records merge; updated_at and
 * is_demo are replaced. With `datedBy`, a record dated before the stored row (an older quarter's
 * financials naming the bank) only fills the row's blanks: it never turns newer figures back.
 */
function mergedValue(column: string, name: string, target: string, datedBy: string | undefined): string {
  if (column === 'updated_at' || column === 'is_demo') return `excluded.${name}`;
  const newer = column === 'raw' ? `${target}.raw || excluded.raw` : `coalesce(excluded.${name}, ${target}.${name})`;
  if (!datedBy) return newer;
  const older = column === 'raw' ? `excluded.raw || ${target}.raw` : `coalesce(${target}.${name}, excluded.${name})`;
  return `case when excluded.${quoteIdentifier(datedBy)} < ${target}.${quoteIdentifier(datedBy)} then ${older} else ${newer} end`;
}

/** A row's date from the `datedBy` column ('' when undated). */
function columnDate(batch: Columns, datedBy: string): (row: number) => string {
  const dates = batch.columns.get(datedBy) ?? [];
  return (row) => (dates[row] === null || dates[row] === undefined ? '' : String(dates[row]));
}

/** A row's date from the stamp of its source record (`as_of.raw`). */
function rowStamp(batch: Columns): (row: number) => string {
  const stamps = batch.columns.get('as_of') ?? [];
  return (row) => (stamps[row] as Record<string, string> | undefined)?.raw ?? '';
}

/** `rows` ordered by date, undated first, keeping file order among equals: the newest of a key is combined last. */
function oldestFirst(rows: readonly number[], dateOf: (row: number) => string): number[] {
  return [...rows].sort((a, b) => (dateOf(a) < dateOf(b) ? -1 : dateOf(a) > dateOf(b) ? 1 : 0));
}

/**
 * One row per key among `rows` (indexes into `batch`): a later row's non-null values overwrite the
 * first row of its key in `batch`, and raw records merge (ON CONFLICT cannot update one row twice
 * in a statement). Returns the indexes of the rows kept.
 */
function combineDuplicateKeys(batch: Columns, rows: readonly number[], keyColumns: readonly string[]): readonly number[] {
  const firstOfKey = new Map<string, number>();
  const kept: number[] = [];
  const keys = rowKeys(batch, keyColumns, rows);
  for (let position = 0; position < rows.length; position += 1) {
    const index = rows[position];
    const first = firstOfKey.get(keys[position]);
    if (first === undefined) {
      firstOfKey.set(keys[position], index);
      kept.push(index);
      continue;
    }
    for (const [column, cells] of batch.columns) {
      const value = cells[index];
      if (column === 'raw' || column === 'as_of') cells[first] = { ...(cells[first] as object), ...(value as object) };
      else if (value !== null && value !== undefined) cells[first] = value;
    }
  }
  return kept.length === rows.length ? rows : kept;
}
