import type { Knex } from 'knex';
import type { RegulatorTable } from '../store.ts';

type Row = Record<string, unknown>;

// Keyed on the client's config, which a transaction shares with the handle it was started from.
const schemaTypes = new WeakMap<object, Promise<Map<string, Map<string, string>>>>();

/**
 * The SQL type of each column of each table, read in one query once per database. Call it before
 * holding the only connection (PGlite) in a transaction that then prepares merges.
 */
export function columnTypes(knex: Knex): Promise<Map<string, Map<string, string>>> {
  const owner = (knex.client as { config?: object }).config ?? knex;
  let types = schemaTypes.get(owner);
  if (!types) {
    types = knex
      .raw('select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()')
      .then((result: { rows: Array<{ table_name: string; column_name: string; data_type: string }> }) => {
        const tables = new Map<string, Map<string, string>>();
        for (const row of result.rows) {
          let columns = tables.get(row.table_name);
          if (!columns) tables.set(row.table_name, (columns = new Map()));
          columns.set(row.column_name, row.data_type);
        }
        return tables;
      });
    types.catch(() => schemaTypes.delete(owner));
    schemaTypes.set(owner, types);
  }
  return types;
}

const batchSize = 5000;

/**
 * Upserts rows so that a file fills in what it knows and never blanks what another source knew:
 * on conflict each column keeps its current value where the new one is null, and `raw` is the
 * union of both records. (store.ts upserts replace whole rows, which is right for a sync of
 * complete records but would let the active-institutions list erase the regulator a SOD file
 * supplied, or a race/education file erase the income an economic file supplied.)
 *
 * A batch travels as one JSON parameter expanded by json_to_recordset: far cheaper than binding
 * every cell, and free of the 65,535-parameter limit. `json`, not `jsonb`: the server parses the
 * text once instead of first building a binary document of the whole batch (measured: about a
 * third less server CPU), and null cells are left out of the text, since a missing key reads as
 * null (half the bytes of a financials row).
 */
export async function mergeRows(knex: Knex, table: RegulatorTable, keyColumns: readonly string[], rows: readonly Row[], options: { withUpdatedAt?: boolean } = {}): Promise<number> {
  return writeMerge(knex, await prepareMerge(knex, table, keyColumns, rows, options));
}

/** A merge ready to send: its statement and the JSON text of each batch. */
export type PreparedMerge = { sql: string; batches: string[]; rows: number };

/**
 * The CPU-side half of mergeRows (duplicate keys combined, batches serialised), so an importer can
 * do it while the database is still busy with the previous write.
 */
export async function prepareMerge(knex: Knex, table: RegulatorTable, keyColumns: readonly string[], rows: readonly Row[], options: { withUpdatedAt?: boolean } = {}): Promise<PreparedMerge> {
  if (rows.length === 0) return { sql: '', batches: [], rows: 0 };
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = keyColumns.length === 1 ? String(row[keyColumns[0]]) : keyColumns.map((column) => String(row[column])).join('\u0000');
    const earlier = byKey.get(key);
    byKey.set(key, earlier ? combine(earlier, row) : row);
  }
  const unique = [...byKey.values()];
  const types = (await columnTypes(knex)).get(table);
  if (!types) throw new Error(`No table ${table} in the database; are the migrations run?`);
  const columns = Object.keys(unique[0]).filter((column) => types.has(column) && column !== 'updated_at');
  const updatedAt = options.withUpdatedAt && types.has('updated_at') ? new Date().toISOString() : undefined;
  const batches: string[] = [];
  for (let start = 0; start < unique.length; start += batchSize) {
    batches.push(batchJson(unique, start, Math.min(start + batchSize, unique.length), columns, updatedAt));
  }
  return { sql: mergeStatement(table, keyColumns, updatedAt ? [...columns, 'updated_at'] : columns, types), batches, rows: unique.length };
}

/** Sends a prepared merge; returns the number of rows written. */
export async function writeMerge(knex: Knex, merge: PreparedMerge): Promise<number> {
  for (const batch of merge.batches) await knex.raw(merge.sql, [batch]);
  return merge.rows;
}

const quote = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a column name: ${name}`);
  return `"${name}"`;
};

function mergeStatement(table: string, keyColumns: readonly string[], columns: readonly string[], types: Map<string, string>): string {
  const target = quote(table);
  const updates = columns
    .filter((column) => !keyColumns.includes(column))
    .map((column) => {
      const name = quote(column);
      if (column === 'raw') return `raw = ${target}.raw || excluded.raw`;
      if (column === 'updated_at' || column === 'is_demo') return `${name} = excluded.${name}`;
      return `${name} = coalesce(excluded.${name}, ${target}.${name})`;
    });
  const columnList = columns.map(quote).join(', ');
  const recordType = columns.map((column) => `${quote(column)} ${types.get(column)}`).join(', ');
  const onConflict = updates.length > 0 ? `do update set ${updates.join(', ')}` : 'do nothing';
  return (
    `insert into ${target} (${columnList}) select ${columnList} from json_to_recordset(?::json) as x(${recordType}) ` +
    `on conflict (${keyColumns.map(quote).join(', ')}) ${onConflict}`
  );
}

/**
 * rows[from..to) as a JSON array of objects holding only the non-null cells of `columns` (plus
 * updated_at), written by hand: one pass, no intermediate objects. A missing key reads as null in
 * json_to_recordset and json_populate_recordset alike.
 */
export function batchJson(rows: readonly Row[], from: number, to: number, columns: readonly string[], updatedAt: string | undefined): string {
  const keys = columns.map((column) => `${JSON.stringify(column)}:`);
  const stamp = updatedAt === undefined ? '' : `"updated_at":${JSON.stringify(updatedAt)}`;
  const parts: string[] = new Array(to - from);
  for (let index = from; index < to; index += 1) {
    const row = rows[index];
    let text = '{';
    let first = true;
    for (let column = 0; column < columns.length; column += 1) {
      const value = row[columns[column]];
      if (value === null || value === undefined) continue;
      text += (first ? '' : ',') + keys[column] + (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'null') : JSON.stringify(value));
      first = false;
    }
    parts[index - from] = `${text}${stamp && !first ? ',' : ''}${stamp}}`;
  }
  return `[${parts.join(',')}]`;
}

/** Two rows for one key within a batch: the later one's non-null values win; raw records merge. */
function combine(earlier: Row, later: Row): Row {
  const out: Row = { ...earlier };
  for (const [column, value] of Object.entries(later)) {
    if (column === 'raw') out.raw = { ...(earlier.raw as object), ...(value as object) };
    else if (value !== null && value !== undefined) out[column] = value;
  }
  return out;
}
