import type { Knex } from 'knex';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';

/**
 * A read model: the event types it handles, the tables it owns (truncated on rebuild) and how it
 * applies one event. `apply` must be idempotent: a row keeps the stream version it reflects and an
 * event at or below that version changes nothing (async projectors may deliver an event twice).
 */
export type Projection = {
  name: string;
  tables: string[];
  handles: readonly string[];
  apply(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
  /**
   * True when every write goes through versioned-rows (with `keyColumns` when the key is not `id`)
   * and `apply` reads no table: a rebuild may then collect its rows in memory and write in bulk.
   */
  bufferedRebuild?: boolean;
};

export function handlesEvent(projection: Projection, event: RecordedEvent): boolean {
  return projection.handles.includes(event.type);
}
