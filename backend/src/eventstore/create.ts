import type { Knex } from 'knex';
import { startAsyncProjectors } from '../../../projections/async-projector.ts';
import { projections } from '../../../projections/index.ts';
import { inlineProjections } from '../../../projections/runner.ts';
import { logger } from '../http/logger.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';
import { PostgresEventStore } from './postgres.ts';
import type { AppendResult, EventStore, ExpectedVersion, NewEvent, Position, ReadAllResult, RecordedEvent, Subscription, SubscriptionHandler } from './types.ts';

/**
 * The Postgres store (default) projects inline, in the append's transaction. With EVENTSTORE_URL the
 * events live in EventStoreDB and async projectors fill the same read tables in PostgreSQL/PGlite.
 */
export async function createEventStore(knex: Knex, eventStoreUrl?: string): Promise<EventStore> {
  if (!eventStoreUrl) return new PostgresEventStore(knex, inlineProjections(projections));
  const store = await EventStoreDbEventStore.connect(eventStoreUrl);
  const projectors = startAsyncProjectors({ knex, store, projections });
  logger.info('Events in EventStoreDB; read models projected asynchronously', { projections: projections.map((projection) => projection.name) });
  return new ProjectedEventStore(store, () => projectors.stop());
}

/** An event store with background projectors that stop before it closes. */
class ProjectedEventStore implements EventStore {
  readonly kind: EventStore['kind'];

  constructor(
    private readonly store: EventStore,
    private readonly stopProjectors: () => Promise<void>,
  ) {
    this.kind = store.kind;
  }

  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return this.store.append(streamId, events, options);
  }

  appendNewStreams(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<void> {
    return this.store.appendNewStreams(streams);
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.store.readStream(streamId);
  }

  readAll(options: { after: Position; limit: number }): Promise<ReadAllResult> {
    return this.store.readAll(options);
  }

  subscribe(handler: SubscriptionHandler, options: { from: Position }): Subscription {
    return this.store.subscribe(handler, options);
  }

  healthCheck(): Promise<void> {
    return this.store.healthCheck();
  }

  async close(): Promise<void> {
    await this.stopProjectors();
    await this.store.close();
  }
}
