import type { Knex } from 'knex';
import { copyRows } from '../backend/src/db/copy-rows.ts';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';
import { isComputed, type KeyedChange, type Row, type RowProjection } from './row-projection.ts';

/**
 * Set-based writes of many events (a rebuild, a bulk import): the changes of a batch are folded in
 * memory per row, starting from the rows already stored, and written with at most three statements
 * per table (new rows, changed rows, removed rows), whatever the number of events.
 */

type Db = Knex | Knex.Transaction;

const defaultsByTable = new Map<string, Promise<Row>>();

/**
 * The table's column defaults as values, for rows built in memory: a row written from JSON gets
 * NULL for a column it lacks, where an INSERT naming its columns would get the default.
 */
function columnDefaults(db: Db, table: string): Promise<Row> {
  let defaults = defaultsByTable.get(table);
  if (!defaults) {
    defaults = (async () => {
      const columns: Array<{ column_name: string; column_default: string }> = (
        await db.raw(
          `select column_name, column_default from information_schema.columns
           where table_schema = current_schema() and table_name = ? and column_default is not null`,
          [table],
        )
      ).rows;
      if (columns.length === 0) return {};
      const select = columns.map((column) => `${column.column_default} as "${column.column_name}"`).join(', ');
      return (await db.raw(`select ${select}`)).rows[0] as Row;
    })();
    defaultsByTable.set(table, defaults);
    defaults.catch(() => defaultsByTable.delete(table));
  }
  return defaults;
}

/**
 * A new row: the table's defaults, then the columns the change gives (an undefined one keeps its
 * default, as in an INSERT). Copied key by key: a spread of the defaults followed by the row's
 * other columns puts every added column on V8's slow path (10 µs a row against 0.5, measured),
 * and a rebuild makes a row for most events.
 */
const withDefaults = (defaults: Row, row: Row): Row => {
  const full: Row = {};
  for (const column of Object.keys(defaults)) full[column] = defaults[column];
  for (const column of Object.keys(row)) if (row[column] !== undefined) full[column] = row[column];
  return full;
};

const keyString = (key: string[], row: Row) => JSON.stringify(key.map((column) => row[column]));

const isOlder = (row: Row, change: KeyedChange) => change.version === null || Number(row.version) < change.version;

function applyChanges(row: Row, changes: Row): void {
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (!isComputed(value)) row[column] = value;
    else if (value.computed === 'increment') row[column] = Number(row[column] ?? 0) + value.by;
    else row[column] = { ...((row[column] as Row | null) ?? {}), ...value.value };
  }
}

/** The row after one change, from the row before it (undefined: no row). */
function fold(row: Row | undefined, change: KeyedChange, defaults: Row): Row | undefined {
  switch (change.kind) {
    case 'insert':
      return row ?? withDefaults(defaults, change.row);
    case 'upsert':
      if (!row) return withDefaults(defaults, change.row);
      if (isOlder(row, change)) for (const column of change.merge) row[column] = change.row[column];
      return row;
    case 'update':
      if (row && isOlder(row, change)) applyChanges(row, change.row);
      return row;
    case 'delete':
      return row && isOlder(row, change) ? undefined : row;
  }
}

/** The rows of `table` whose keys are among `keys`, by key. */
async function storedRows(db: Db, table: string, key: string[], keys: Row[]): Promise<Map<string, Row>> {
  const columns = key.map(() => '??').join(', ');
  const rows: Row[] = (
    await db.raw(`select * from ?? where (${columns}) in (select ${columns} from json_populate_recordset(null::??, ?::json))`, [
      table,
      ...key,
      ...key,
      table,
      JSON.stringify(keys),
    ])
  ).rows;
  return new Map(rows.map((row) => [keyString(key, row), row]));
}

/**
 * Where a batch writes: the projection's own table, or a table being built beside it whose keys
 * the builder alone writes and remembers (`stored`: every key in the table), so it reads back only
 * rows it knows are there, and adds the rows it knows are not with COPY when `copy` is set
 * (PostgreSQL; see copyRows).
 */
export type Target = { table: string; stored?: Set<string>; copy?: boolean };

/**
 * Writes the changes of a batch of events (in order): new rows in one INSERT (or COPY), rows
 * changed from their stored state in one upsert, rows removed in one DELETE, each reading its rows
 * from one JSON parameter.
 */
export async function writeChanges(db: Db, projection: RowProjection, changes: KeyedChange[], { table, stored: known, copy }: Target = { table: projection.table }): Promise<void> {
  if (changes.length === 0) return;
  const { key } = projection;
  const byRow = new Map<string, KeyedChange[]>();
  for (const change of changes) {
    const id = keyString(key, change.key);
    const list = byRow.get(id);
    if (list) list.push(change);
    else byRow.set(id, [change]);
  }
  const defaults = await columnDefaults(db, projection.table);
  // A row only ever inserted in the batch needs no stored state: inserting it is a no-op when it
  // exists. With every key of the table known, whether it exists is known, and a new one is added.
  const added: Row[] = [];
  const inserted: Row[] = [];
  const folded: Array<[string, KeyedChange[]]> = [];
  for (const entry of byRow) {
    if (!entry[1].every((change) => change.kind === 'insert')) folded.push(entry);
    else if (!known) inserted.push(entry[1][0].row);
    else if (!known.has(entry[0])) {
      added.push(entry[1][0].row);
      known.add(entry[0]);
    }
  }
  const toRead = known ? folded.filter(([id]) => known.has(id)) : folded;
  const stored = toRead.length ? await storedRows(db, table, key, toRead.map(([, list]) => list[0].key)) : new Map<string, Row>();
  const changed: Row[] = [];
  const removed: Row[] = [];
  for (const [id, list] of folded) {
    const before = stored.get(id);
    let row = before && { ...before };
    for (const change of list) row = fold(row, change, defaults);
    if (row) (known && !before ? added : changed).push(row);
    else if (before) removed.push(list[0].key);
    if (known && row) known.add(id);
    else known?.delete(id);
  }
  const keyColumns = key.map(() => '??').join(', ');
  if (added.length && copy) await copyRows(db, table, await tableColumns(db, projection.table), added, defaults);
  else if (added.length) await db.raw('insert into ?? select * from json_populate_recordset(null::??, ?::json)', [table, table, JSON.stringify(added.map((row) => withDefaults(defaults, row)))]);
  if (inserted.length) {
    const rows = JSON.stringify(inserted.map((row) => withDefaults(defaults, row)));
    await db.raw(`insert into ?? select * from json_populate_recordset(null::??, ?::json) on conflict (${keyColumns}) do nothing`, [table, table, rows, ...key]);
  }
  if (changed.length) {
    const set = (await tableColumns(db, projection.table)).filter((column) => !key.includes(column));
    await db.raw(
      `insert into ?? select * from json_populate_recordset(null::??, ?::json) on conflict (${keyColumns}) do update set ${set.map(() => '?? = excluded.??').join(', ')}`,
      [table, table, JSON.stringify(changed), ...key, ...set.flatMap((column) => [column, column])],
    );
  }
  if (removed.length) {
    await db.raw(`delete from ?? where (${keyColumns}) in (select ${keyColumns} from json_populate_recordset(null::??, ?::json))`, [table, ...key, ...key, table, JSON.stringify(removed)]);
  }
}

const columnsByTable = new Map<string, Promise<string[]>>();

function tableColumns(db: Db, table: string): Promise<string[]> {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = db
      .raw('select column_name from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position', [table])
      .then((result: { rows: Array<{ column_name: string }> }) => result.rows.map((row) => row.column_name));
    columnsByTable.set(table, columns);
    columns.catch(() => columnsByTable.delete(table));
  }
  return columns;
}

/** The changes a projection makes for a batch of events, in order (work in memory only). */
export function changesOf(projection: RowProjection, events: RecordedEvent[]): KeyedChange[] {
  const changes: KeyedChange[] = [];
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    const change = projection.change(event);
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * Writes a batch of events through every projection that handles them, set-based. In a transaction
 * the tables are written one after another; on a pool (a rebuild's build tables), side by side.
 */
export async function writeEvents(db: Db, projections: RowProjection[], events: RecordedEvent[], targetOf?: (projection: RowProjection) => Target): Promise<void> {
  const write = (projection: RowProjection) => writeChanges(db, projection, changesOf(projection, events), targetOf?.(projection));
  if ('isTransaction' in db && db.isTransaction) for (const projection of projections) await write(projection);
  else await Promise.all(projections.map(write));
}
