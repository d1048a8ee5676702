import type { Knex } from 'knex';
import type { RegulatorTable } from '../store.ts';

type Row = Record<string, unknown>;

const columnTypes = new WeakMap<Knex, Map<string, Promise<Map<string, string>>>>();

/** The SQL type of each column of a table, read once per database handle. */
function typesOf(knex: Knex, table: string): Promise<Map<string, string>> {
  let perTable = columnTypes.get(knex);
  if (!perTable) columnTypes.set(knex, (perTable = new Map()));
  let types = perTable.get(table);
  if (!types) {
    types = knex
      .raw('select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ?', [table])
      .then((result: { rows: Array<{ column_name: string; data_type: string }> }) => new Map(result.rows.map((row) => [row.column_name, row.data_type])));
    perTable.set(table, types);
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
 * A batch travels as one JSON parameter expanded by jsonb_to_recordset: far cheaper than
 * binding every cell, and free of the 65,535-parameter limit.
 */
export async function mergeRows(knex: Knex, table: RegulatorTable, keyColumns: readonly string[], rows: readonly Row[], options: { withUpdatedAt?: boolean } = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = keyColumns.map((column) => String(row[column])).join('\u0000');
    const earlier = byKey.get(key);
    byKey.set(key, earlier ? combine(earlier, row) : row);
  }
  const unique = [...byKey.values()];
  const types = await typesOf(knex, table);
  const columns = Object.keys(unique[0]).filter((column) => types.has(column));
  if (options.withUpdatedAt && types.has('updated_at') && !columns.includes('updated_at')) columns.push('updated_at');
  const now = new Date().toISOString();
  const updates = columns
    .filter((column) => !keyColumns.includes(column))
    .map((column) => {
      if (column === 'raw') return `raw = ??.raw || excluded.raw`;
      if (column === 'updated_at' || column === 'is_demo') return `?? = excluded.??`;
      return `?? = coalesce(excluded.??, ??.??)`;
    });
  const updateBindings = columns
    .filter((column) => !keyColumns.includes(column))
    .flatMap((column) => (column === 'raw' ? [table] : column === 'updated_at' || column === 'is_demo' ? [column, column] : [column, column, table, column]));
  const columnList = columns.map(() => '??').join(', ');
  const recordType = columns.map((column) => `?? ${types.get(column)}`).join(', ');
  const sql =
    `insert into ?? (${columnList}) select ${columnList} from jsonb_to_recordset(?::jsonb) as x(${recordType}) ` +
    `on conflict (${keyColumns.map(() => '??').join(', ')}) do update set ${updates.join(', ')}`;
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    const json = JSON.stringify(options.withUpdatedAt ? batch.map((row) => ({ ...row, updated_at: now })) : batch);
    await knex.raw(sql, [table, ...columns, ...columns, json, ...columns, ...keyColumns, ...updateBindings]);
  }
  return unique.length;
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
