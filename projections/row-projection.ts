import type { Knex } from 'knex';
import type { z } from 'zod';
import { readEventData, type EventDefinition, type EventOf } from '../backend/src/events/registry.ts';
import type { SetWrite } from '../backend/src/eventstore/postgres.ts';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';
import { mergedRecord } from '../backend/src/merged-record.ts';
import type { Projection } from './projection.ts';

export type Row = Record<string, unknown>;

/** A column value computed from the row's current one: in SQL on a live write, in memory in a batch. */
export type Computed = { computed: 'increment'; by: number } | { computed: 'merge'; value: Row };
export const increment = (by = 1): Computed => ({ computed: 'increment', by });
/** The stored JSON object with these keys set (`||` in SQL). */
export const mergeJson = (value: Row): Computed => ({ computed: 'merge', value });
export const isComputed = (value: unknown): value is Computed => typeof value === 'object' && value !== null && 'computed' in value;

/**
 * What one event does to one row of a row projection's table. Every write is idempotent: a row
 * remembers the stream version it reflects, and an event at or below that version changes nothing.
 * - insert: the row, once (a second insert of the same key changes nothing);
 * - update / delete: the row named by `key` (the stream's row when omitted), when it is older;
 * - upsert: the row, or, when a row of the key is older, its `merge` columns taken from it.
 */
export type RowChange =
  | { kind: 'insert'; row: Row }
  | { kind: 'update'; changes: Row; key?: Row }
  | { kind: 'delete'; key?: Row }
  | { kind: 'upsert'; row: Row; merge: string[] };

export const insert = (row: Row): RowChange => ({ kind: 'insert', row });
export const update = (changes: Row, key?: Row): RowChange => ({ kind: 'update', changes, key });
export const remove = (key?: Row): RowChange => ({ kind: 'delete', key });
export const upsert = (row: Row, merge: string[]): RowChange => ({ kind: 'upsert', row, merge });

/** A change with its key and the version stamps resolved: what the SQL and in-memory writers apply. */
export type KeyedChange = { kind: RowChange['kind']; key: Row; row: Row; merge: string[]; version: number | null };

/** The read table a row projection owns, and how a stream names its row. */
export type RowTable = {
  name: string;
  /** What a reader calls the read model (Data Tools lists it so); `name` is what the rebuild command takes. */
  title: string;
  table: string;
  /** The primary key's columns. */
  key: string[];
  /** Raised whenever what the projection writes changes: the table is then rebuilt beside the serving one and switched. */
  version: number;
  /** The row a stream's update or delete names when the change gives no key. */
  streamKey?: (streamId: string) => Row;
  /** False for an append-only table without version stamps (one row per event). */
  versioned?: boolean;
};

export type RowProjection = Projection & {
  title: string;
  table: string;
  key: string[];
  version: number;
  /** The resolved change an event makes, or undefined when it changes nothing. */
  change(event: RecordedEvent): KeyedChange | undefined;
};

/** The data of one event type of a union `{ type, data }`. */
type DataOf<Event extends { type: string; data: unknown }, Type> = Extract<Event, { type: Type }>['data'];
/** One function per event type: the row change it makes. */
export type RowCases<Event extends { type: string; data: unknown }> = {
  [Type in Event['type']]: (data: DataOf<Event, Type>, event: RecordedEvent) => RowChange | undefined;
};

type Definitions = Record<string, EventDefinition<string, z.ZodType>>;

/** A projection of an aggregate's events (`events`, its definitions) to one table's rows, from one case per event type. */
export function defineRowProjection<Events extends Definitions>(table: RowTable & { events: Events }, cases: RowCases<EventOf<Events>>): RowProjection {
  const byType = cases as Record<string, (data: unknown, event: RecordedEvent) => RowChange | undefined>;
  return rowProjection(table, Object.keys(cases), (event) => byType[event.type](readEventData(event), event));
}

/** A row projection from one function over every event type it handles. */
export function rowProjection(table: RowTable, handles: readonly string[], project: (event: RecordedEvent) => RowChange | undefined): RowProjection {
  const versioned = table.versioned ?? true;
  const keyOf = (row: Row) => Object.fromEntries(table.key.map((column) => [column, row[column]]));
  const change = (event: RecordedEvent): KeyedChange | undefined => {
    const found = project(event);
    if (!found) return undefined;
    const version = versioned ? event.streamVersion : null;
    const stamps = versioned ? { version: event.streamVersion, updated_at: event.recordedAt } : {};
    switch (found.kind) {
      case 'insert':
      case 'upsert': {
        // A row inserted again (a restored record) may say when it was first created; else its event's time.
        const row = mergedRecord(found.row, versioned ? { ...stamps, created_at: found.row.created_at ?? event.recordedAt } : null);
        const merge = found.kind === 'upsert' ? [...found.merge, ...Object.keys(stamps)] : [];
        return { kind: found.kind, key: keyOf(row), row, merge, version };
      }
      case 'update':
        return { kind: 'update', key: found.key ?? table.streamKey!(event.streamId), row: mergedRecord(found.changes, stamps), merge: [], version };
      case 'delete':
        return { kind: 'delete', key: found.key ?? table.streamKey!(event.streamId), row: {}, merge: [], version };
    }
  };
  return {
    name: table.name,
    title: table.title,
    table: table.table,
    tables: [table.table],
    key: table.key,
    version: table.version,
    handles,
    change,
    async apply(event, trx) {
      const keyed = change(event);
      if (keyed) await writeChange(trx, table.table, table.key, keyed);
    },
  };
}

/** One change as one statement: SQL with a `?` for each value, in the order of `bindings`. */
export type ChangeStatement = { sql: string; bindings: unknown[] };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** A value as the driver must receive it: arrays and objects as JSON text (an array would become a Postgres array). */
const bound = (value: unknown) => (value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value);

/** Statement texts by the shape of the change (table, kind, columns, computed columns): built once, then only bound. */
const textsByShape = new Map<string, string>();
const textsKept = 1_000;

function columnsOf(row: Row): string[] {
  const columns: string[] = [];
  for (const column in row) if (row[column] !== undefined) columns.push(column);
  return columns;
}

/** What `column = ...` sets in an update: the value, or for a computed one the SQL computing it from the stored value. */
function assignment(column: string, value: unknown): string {
  if (!isComputed(value)) return `${quoted(column)} = ?`;
  return value.computed === 'increment' ? `${quoted(column)} = ${quoted(column)} + ?` : `${quoted(column)} = ${quoted(column)} || ?::jsonb`;
}

const computedValue = (value: Computed) => (value.computed === 'increment' ? value.by : JSON.stringify(value.value));

/** Whether the statement writes only over an older row (one whose version is below the change's). */
const checksVersion = (change: KeyedChange) => change.version !== null && (change.kind === 'upsert' ? change.merge.length > 0 : change.kind !== 'insert');

function statementText(table: string, key: string[], change: KeyedChange, columns: string[]): string {
  const olderRow = `${quoted(table)}."version" < ?`;
  const older = checksVersion(change) ? ` and ${olderRow}` : '';
  const keyMatch = key.map((column) => `${quoted(column)} = ?`).join(' and ');
  switch (change.kind) {
    case 'insert':
    case 'upsert': {
      const into = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values (${columns.map(() => '?').join(', ')}) on conflict (${key.map(quoted).join(', ')})`;
      if (change.kind === 'insert' || change.merge.length === 0) return `${into} do nothing`;
      const merged = change.merge.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(', ');
      return `${into} do update set ${merged}${checksVersion(change) ? ` where ${olderRow}` : ''}`;
    }
    case 'update':
      return `update ${quoted(table)} set ${columns.map((column) => assignment(column, change.row[column])).join(', ')} where ${keyMatch}${older}`;
    case 'delete':
      return `delete from ${quoted(table)} where ${keyMatch}${older}`;
  }
}

/** What a change's statement text depends on: its table, kind, columns (computed ones with how), merged columns and whether it checks a version. */
function shapeOf(table: string, change: KeyedChange, columns: string[]): string {
  const columnShapes = columns.map((column) => {
    const value = change.row[column];
    return isComputed(value) ? `${column}:${value.computed}` : column;
  });
  return `${table}\u0000${change.kind}\u0000${columnShapes.join(',')}\u0000${change.merge.join(',')}\u0000${change.version === null}`;
}

/**
 * One change as one statement, the live write of an append: every write is idempotent (see
 * RowChange). Computed values (an increment, a JSON merge) are computed in SQL from the stored
 * value, so they apply to updates only.
 */
export function changeStatement(table: string, key: string[], change: KeyedChange): ChangeStatement {
  const columns = columnsOf(change.row);
  const computed = columns.filter((column) => isComputed(change.row[column]));
  if (computed.length && change.kind !== 'update') throw new Error(`A ${change.kind} into ${table} cannot compute ${computed.join(', ')}: computed values apply to updates only.`);
  const shape = shapeOf(table, change, columns);
  let sql = textsByShape.get(shape);
  if (sql === undefined) {
    if (textsByShape.size >= textsKept) textsByShape.clear();
    textsByShape.set(shape, (sql = statementText(table, key, change, columns)));
  }
  const bindings = columns.map((column) => {
    const value = change.row[column];
    return isComputed(value) ? computedValue(value) : bound(value);
  });
  if (change.kind === 'update' || change.kind === 'delete') {
    for (const column of key) {
      if (change.key[column] === undefined || change.key[column] === null) throw new Error(`A ${change.kind} of ${table} needs a value for its key column ${column}.`);
      bindings.push(change.key[column]);
    }
  }
  if (checksVersion(change)) bindings.push(change.version);
  return { sql, bindings };
}

/**
 * A change as one record of a set statement, where it can be one: not an update or delete that
 * sets a key column (its record would hold the old and the new key under one name), nor one whose
 * version to check is not the version it writes (a set statement checks against the record's).
 * Same rules as changeStatement: an insert or upsert writes once or over an older row only.
 */
export function changeSet(table: string, key: string[], change: KeyedChange): SetWrite | undefined {
  const columns = columnsOf(change.row);
  const checked = checksVersion(change);
  if (checked && change.kind !== 'delete' && change.row.version !== change.version) return undefined;
  if ((change.kind === 'update' || change.kind === 'delete') && key.some((column) => columns.includes(column))) return undefined;
  const shape = shapeOf(table, change, columns);
  const record: Row = {};
  for (const column of columns) {
    const value = change.row[column];
    record[column] = isComputed(value) ? (value.computed === 'increment' ? value.by : value.value) : value;
  }
  if (change.kind === 'update' || change.kind === 'delete') for (const column of key) record[column] = change.key[column];
  if (checked) record.version = change.version;
  const target = quoted(table);
  return {
    shape,
    table: target,
    record,
    statement(valueOf, records) {
      const value = (column: string) => valueOf(column, `record.${quoted(column)}`);
      const older = checked ? ` and ${target}."version" < record."version"` : '';
      const keyMatch = key.map((column) => `${target}.${quoted(column)} = ${value(column)}`).join(' and ');
      switch (change.kind) {
        case 'insert':
        case 'upsert': {
          const into = `insert into ${target} (${columns.map(quoted).join(', ')}) select ${columns.map(value).join(', ')} from ${records} on conflict (${key.map(quoted).join(', ')})`;
          if (change.kind === 'insert' || change.merge.length === 0) return `${into} do nothing`;
          const merged = change.merge.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(', ');
          return `${into} do update set ${merged}${checked ? ` where ${target}."version" < excluded."version"` : ''}`;
        }
        case 'update': {
          const assigned = columns.map((column) => {
            const given = change.row[column];
            if (!isComputed(given)) return `${quoted(column)} = ${value(column)}`;
            return given.computed === 'increment' ? `${quoted(column)} = ${target}.${quoted(column)} + ${value(column)}` : `${quoted(column)} = ${target}.${quoted(column)} || ${value(column)}`;
          });
          return `update ${target} set ${assigned.join(', ')} from ${records} where ${keyMatch}${older}`;
        }
        case 'delete':
          return `delete from ${target} using ${records} where ${keyMatch}${older}`;
      }
    },
  };
}

/** One change as one statement, in the append's transaction. */
export async function writeChange(trx: Knex.Transaction, table: string, key: string[], change: KeyedChange): Promise<void> {
  const { sql, bindings } = changeStatement(table, key, change);
  await trx.raw(sql, bindings as Knex.RawBinding[]);
}
