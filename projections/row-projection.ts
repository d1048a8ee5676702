import type { Knex } from 'knex';
import type { z } from 'zod';
import { readEventData, type EventDefinition, type EventOf } from '../backend/src/events/registry.ts';
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
        const row = mergedRecord(found.row, versioned ? { ...stamps, created_at: event.recordedAt } : null);
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

/**
 * A row as the driver must receive it: arrays and objects as JSON text (an array would become a
 * Postgres array), computed values as SQL. The SQL comes from the query's own client: an append
 * may hand in a transaction that only records the statements.
 */
function sqlRow(query: Knex.QueryBuilder, row: Row): Row {
  const raw = (sql: string, bindings: unknown[]) => (query.client as unknown as Knex).raw(sql, bindings as Knex.RawBinding[]);
  const toSql = (column: string, value: unknown) => {
    if (isComputed(value)) return value.computed === 'increment' ? raw('?? + ?', [column, value.by]) : raw('?? || ?::jsonb', [column, JSON.stringify(value.value)]);
    return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
  };
  return Object.fromEntries(Object.entries(row).map(([column, value]) => [column, toSql(column, value)]));
}

/** One change as one statement: the live write of an append. */
export async function writeChange(trx: Knex.Transaction, table: string, key: string[], change: KeyedChange): Promise<void> {
  const query = trx(table);
  const older = (scoped: Knex.QueryBuilder) => (change.version === null ? scoped : scoped.andWhere(`${table}.version`, '<', change.version));
  switch (change.kind) {
    case 'insert':
      await query.insert(sqlRow(query, change.row)).onConflict(key).ignore();
      return;
    case 'upsert':
      await older(query.insert(sqlRow(query, change.row)).onConflict(key).merge(change.merge));
      return;
    case 'update':
      await older(query.where(change.key)).update(sqlRow(query, change.row));
      return;
    case 'delete':
      await older(query.where(change.key)).delete();
      return;
  }
}
