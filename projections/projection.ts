import type { Knex } from 'knex';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';

/**
 * A read model: the event types it handles, the tables it owns (emptied by an async replay) and how it
 * applies one event. `apply` must be idempotent: a row keeps the stream version it reflects and an
 * event at or below that version changes nothing (async projectors may deliver an event twice).
 */
export type Projection = {
  name: string;
  tables: string[];
  handles: readonly string[];
  apply(event: RecordedEvent, trx: Knex.Transaction): Promise<void>;
};

export function handlesEvent(projection: Projection, event: RecordedEvent): boolean {
  return projection.handles.includes(event.type);
}
