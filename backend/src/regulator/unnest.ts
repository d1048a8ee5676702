import type { Knex } from 'knex';

/**
 * Rows sent to the database as one array parameter per column, expanded by `unnest`: how the
 * regulator tables take batches of thousands of rows. Against one JSON parameter per batch
 * (json_to_recordset) the server parses less than half the bytes (no key per cell) and spends
 * about a third less time per financials row (measured on a quarter of FDIC financials), and bind
 * parameters stay one per column, far under the 65,535 limit.
 */

type Row = Record<string, unknown>;

// Keyed on the client's config, which a transaction shares with the handle it was started from.
const schemaTypes = new WeakMap<object, Promise<Map<string, Map<string, string>>>>();

/**
 * The type name (udt_name: float8, int4, text, jsonb, ...) of each column of each table, read in
 * one query once per database. Call it before holding the only connection (PGlite) in a
 * transaction, or with that transaction.
 */
export function columnTypes(knex: Knex): Promise<Map<string, Map<string, string>>> {
  const owner = (knex.client as { config?: object }).config ?? knex;
  let types = schemaTypes.get(owner);
  if (!types) {
    types = knex
      .raw('select table_name, column_name, udt_name from information_schema.columns where table_schema = current_schema()')
      .then((result: { rows: Array<{ table_name: string; column_name: string; udt_name: string }> }) => {
        const tables = new Map<string, Map<string, string>>();
        for (const row of result.rows) {
          let columns = tables.get(row.table_name);
          if (!columns) tables.set(row.table_name, (columns = new Map()));
          columns.set(row.column_name, row.udt_name);
        }
        return tables;
      });
    types.catch(() => schemaTypes.delete(owner));
    schemaTypes.set(owner, types);
  }
  return types;
}

/** The column types of `table`; an error naming the table when the schema lacks it. */
export async function tableColumnTypes(knex: Knex, table: string): Promise<Map<string, string>> {
  const types = (await columnTypes(knex)).get(table);
  if (!types) throw new Error(`No table ${table} in the database; are the migrations run?`);
  return types;
}

const quoteIdentifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a column name: ${name}`);
  return `"${name}"`;
};

/**
 * `unnest(?::float8[], ?::text[], ...) as x("a", "b", ...)`: a row source of `columns`, one
 * bind parameter per column, filled by `columnArrays`.
 */
export function unnestSource(columns: readonly string[], types: ReadonlyMap<string, string>): string {
  const parameters = columns.map((column) => {
    const type = types.get(column);
    if (!type || !/^[a-z][a-z0-9_]*$/.test(type)) throw new Error(`Column ${column} has no type that can be sent as an array (${type ?? 'unknown'}).`);
    return `?::${type}[]`;
  });
  return `unnest(${parameters.join(', ')}) as x(${columns.map(quoteIdentifier).join(', ')})`;
}

/**
 * `insert into table (columns) select ... from unnest(...) on conflict (keys) do update set ...`,
 * `updated_at` set to now() when asked. `value` gives the new value of each column that is not a
 * key, from its quoted name and the quoted table (`excluded."x"` replaces the stored value). With
 * `onlyWhenChanged` a stored row whose values would all stay the same is left alone: no new row
 * version, no index entries, and its updated_at keeps the time it last changed.
 */
export function upsertStatement(
  table: string,
  keyColumns: readonly string[],
  columns: readonly string[],
  types: ReadonlyMap<string, string>,
  options: { withUpdatedAt: boolean; onlyWhenChanged?: boolean; value: (column: string, name: string, target: string) => string },
): string {
  const target = quoteIdentifier(table);
  const written = options.withUpdatedAt ? [...columns, 'updated_at'] : columns;
  const selected = options.withUpdatedAt ? [...columns.map(quoteIdentifier), 'now()'] : columns.map(quoteIdentifier);
  const updated = written.filter((column) => !keyColumns.includes(column));
  const assignments = updated.map((column) => `${quoteIdentifier(column)} = ${options.value(column, quoteIdentifier(column), target)}`);
  let onConflict = assignments.length > 0 ? `do update set ${assignments.join(', ')}` : 'do nothing';
  const compared = updated.filter((column) => column !== 'updated_at');
  if (options.onlyWhenChanged && assignments.length > 0 && compared.length > 0) {
    const stored = compared.map((column) => `${target}.${quoteIdentifier(column)}`);
    const incoming = compared.map((column) => options.value(column, quoteIdentifier(column), target));
    onConflict += ` where (${stored.join(', ')}) is distinct from (${incoming.join(', ')})`;
  }
  return (
    `insert into ${target} (${written.map(quoteIdentifier).join(', ')}) select ${selected.join(', ')} from ${unnestSource(columns, types)} ` +
    `on conflict (${keyColumns.map(quoteIdentifier).join(', ')}) ${onConflict}`
  );
}

const needsEscape = /["\\]/;
const escaped = /["\\]/g;

/** One cell as an element of an array literal: NULL, a bare number or boolean, else a quoted string (objects as JSON). */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return needsEscape.test(text) ? `"${text.replace(escaped, '\\$&')}"` : `"${text}"`;
}

/**
 * Element types sent in PostgreSQL's binary array format (array_recv): a number needs no
 * conversion to text here nor back on the server, which for a quarter of financials (two dozen
 * float columns a row) was most of the encoding's cost.
 */
const binaryElements: Record<string, { oid: number; size: number; write(buffer: Buffer, offset: number, value: unknown): boolean }> = {
  float8: { oid: 701, size: 8, write: (buffer, offset, value) => typeof value === 'number' && (buffer.writeDoubleBE(value, offset), true) },
  int4: {
    oid: 23,
    size: 4,
    write: (buffer, offset, value) => typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 && (buffer.writeInt32BE(value, offset), true),
  },
  bool: { oid: 16, size: 1, write: (buffer, offset, value) => typeof value === 'boolean' && (buffer.writeUInt8(value ? 1 : 0, offset), true) },
};

/**
 * rows[from..to) of one column as a binary array (one dimension, lower bound 1), or null when a
 * cell is not of the element's JS type (a number given as text, say): the text literal takes it then.
 */
function binaryArray(rows: readonly Row[], from: number, to: number, column: string, element: (typeof binaryElements)[string]): Buffer | null {
  const count = to - from;
  const buffer = Buffer.allocUnsafe(20 + count * (4 + element.size));
  buffer.writeInt32BE(1, 0); // dimensions
  buffer.writeInt32BE(1, 4); // may hold nulls
  buffer.writeInt32BE(element.oid, 8);
  buffer.writeInt32BE(count, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  let offset = 20;
  for (let index = from; index < to; index += 1) {
    const value = rows[index][column];
    if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
      buffer.writeInt32BE(-1, offset);
      offset += 4;
      continue;
    }
    buffer.writeInt32BE(element.size, offset);
    if (!element.write(buffer, offset + 4, value)) return null;
    offset += 4 + element.size;
  }
  return buffer.subarray(0, offset);
}

/**
 * rows[from..to) as one array per column, in the order of `columns`: the parameters of
 * `unnestSource`. Numbers and booleans go in binary (a Buffer, which node-postgres sends in binary
 * format), everything else as an array literal.
 */
export function columnArrays(rows: readonly Row[], from: number, to: number, columns: readonly string[], types: ReadonlyMap<string, string>): Array<string | Buffer> {
  return columns.map((column) => {
    const element = binaryElements[types.get(column) ?? ''];
    const binary = element ? binaryArray(rows, from, to, column, element) : null;
    if (binary) return binary;
    const cells: string[] = new Array(to - from);
    for (let index = from; index < to; index += 1) cells[index - from] = arrayElement(rows[index][column]);
    return `{${cells.join(',')}}`;
  });
}
