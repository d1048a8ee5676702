import type { Knex } from 'knex';
import type { Columns } from './columns.ts';

/**
 * Rows sent to the database as one array parameter per column, expanded by `unnest`: how the
 * regulator tables take batches of thousands of rows. Against one JSON parameter per batch
 * (json_to_recordset) the server parses less than half the bytes (no key per cell) and spends
 * about a third less time per financials row (measured on a quarter of FDIC financials), and bind
 * parameters stay one per column, far under the 65,535 limit.
 */

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
      // pg_catalog rather than information_schema.columns, whose views cost a fresh connection tens of milliseconds.
      .raw(
        `select c.relname as table_name, a.attname as column_name, t.typname as udt_name
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_type t on t.oid = a.atttypid
         where c.relnamespace = to_regnamespace(current_schema()) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
      )
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

/** A column or table name, quoted; anything but a plain lower-case identifier is refused. */
export const quoteIdentifier = (name: string) => {
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
 * How a cell travels in PostgreSQL's binary array format (array_recv): its element's byte size
 * (undefined when this cell cannot, e.g. a number given as text: the whole column then goes as a
 * text literal) and how to write it. Nothing is converted to text and back, and nothing escaped:
 * for a quarter of financials (two dozen float columns a row) the conversion was most of the
 * encoding's cost, and for the text and JSON columns the quoting was.
 */
type BinaryElement<Encoded> = { oid: number; encode(value: unknown): Encoded | undefined; size(encoded: Encoded): number; write(buffer: Buffer, offset: number, encoded: Encoded): void };

/** An element kind for the table below, its encoded form hidden (binaryArray hands each `write` what its `encode` made). */
const element = <Encoded>(kind: BinaryElement<Encoded>) => kind as BinaryElement<unknown>;

const postgresEpochDay = Date.UTC(2000, 0, 1) / 86_400_000;

const binaryElements: Record<string, BinaryElement<unknown>> = {
  float8: element<number>({ oid: 701, encode: (value) => (typeof value === 'number' ? value : undefined), size: () => 8, write: (buffer, offset, value) => void buffer.writeDoubleBE(value, offset) }),
  int4: element<number>({
    oid: 23,
    encode: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 ? value : undefined),
    size: () => 4,
    write: (buffer, offset, value) => void buffer.writeInt32BE(value, offset),
  }),
  bool: element<boolean>({ oid: 16, encode: (value) => (typeof value === 'boolean' ? value : undefined), size: () => 1, write: (buffer, offset, value) => void buffer.writeUInt8(value ? 1 : 0, offset) }),
  text: element<string>({
    oid: 25,
    encode: (value) => (typeof value === 'string' ? value : undefined),
    size: (text) => Buffer.byteLength(text),
    write: (buffer, offset, text) => void buffer.write(text, offset),
  }),
  // jsonb's binary form is a version byte (1) and the JSON text; the server still parses the JSON.
  jsonb: element<string>({
    oid: 3802,
    encode: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
    size: (json) => 1 + Buffer.byteLength(json),
    write: (buffer, offset, json) => {
      buffer.writeUInt8(1, offset);
      buffer.write(json, offset + 1);
    },
  }),
  // Days since 2000-01-01, from an ISO date naming a real day (anything else goes as text, for the server to judge).
  date: element<number>({
    oid: 1082,
    encode: (value) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
      const time = Date.parse(`${value}T00:00:00Z`);
      return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? undefined : time / 86_400_000 - postgresEpochDay;
    },
    size: () => 4,
    write: (buffer, offset, days) => void buffer.writeInt32BE(days, offset),
  }),
};

/** The cells at `rows` as a binary array (one dimension, lower bound 1), or null when a cell cannot be sent in binary. */
function binaryArray(cells: readonly unknown[], rows: readonly number[], element: BinaryElement<unknown>): Buffer | null {
  const count = rows.length;
  const encoded = new Array<unknown>(count);
  const sizes = new Int32Array(count).fill(-1); // -1: null
  let bytes = 20 + count * 4;
  for (let index = 0; index < count; index += 1) {
    const value = cells[rows[index]];
    if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) continue;
    const cell = element.encode(value);
    if (cell === undefined) return null;
    encoded[index] = cell;
    sizes[index] = element.size(cell);
    bytes += sizes[index];
  }
  const buffer = Buffer.allocUnsafe(bytes);
  buffer.writeInt32BE(1, 0); // dimensions
  buffer.writeInt32BE(1, 4); // may hold nulls
  buffer.writeInt32BE(element.oid, 8);
  buffer.writeInt32BE(count, 12);
  buffer.writeInt32BE(1, 16); // lower bound
  let offset = 20;
  for (let index = 0; index < count; index += 1) {
    buffer.writeInt32BE(sizes[index], offset);
    offset += 4;
    if (sizes[index] < 0) continue;
    element.write(buffer, offset, encoded[index]);
    offset += sizes[index];
  }
  return buffer;
}

/**
 * The rows of `batch` at the indexes `rows` (in that order) as one array per column, in the order
 * of `columns` (a column the batch lacks is all null): the parameters of `unnestSource`. Numbers,
 * booleans, text, JSON and dates go in binary (a Buffer, which node-postgres sends in binary
 * format), anything else as an array literal. Taking indexes lets callers send a share of a batch
 * without copying it.
 */
export function columnArrays(batch: Columns, rows: readonly number[], columns: readonly string[], types: ReadonlyMap<string, string>): Array<string | Buffer> {
  return columns.map((column) => {
    const cells = batch.columns.get(column) ?? [];
    const kind = binaryElements[types.get(column) ?? ''];
    const binary = kind ? binaryArray(cells, rows, kind) : null;
    if (binary) return binary;
    return `{${rows.map((row) => arrayElement(cells[row])).join(',')}}`;
  });
}
