import type { Knex } from 'knex';
import { startAsyncProjectors } from '../../projections/async-projector.ts';
import { projections } from '../../projections/index.ts';
import type { Projection } from '../../projections/projection.ts';
import { inlineProjections } from '../../projections/runner.ts';
import { logger } from './logging/logger.ts';
import { personalDataCodec } from './privacy/personal-data.ts';
import { EventStoreDbEventStore } from './eventstore/eventstoredb.ts';
import { PostgresEventStore } from './eventstore/postgres.ts';
import { SealedEventStore } from './eventstore/sealed-event-store.ts';
import type { AppendResult, EventStore, ExpectedVersion, NewEvent, Position, ReadAllResult, RecordedEvent, StoredShape, Subscription, SubscriptionHandler } from './eventstore/types.ts';

/**
 * The composition root of the event store and the read models, used by server.ts and worker.ts:
 * the event store knows nothing of projections, the projections know the store's types, and only
 * this file joins them.
 *
 * The Postgres store (default) projects inline, in the append's transaction. With EVENTSTORE_URL the
 * events live in EventStoreDB and async projectors fill the same read tables in PostgreSQL/PGlite;
 * an append answers once the read models that handle its events show them, so a command's answer
 * is never followed by a read that misses it (react-admin reads a record right after creating it).
 */
export async function createEventStore(knex: Knex, eventStoreUrl?: string): Promise<EventStore> {
  if (!eventStoreUrl) return new PostgresEventStore(knex, inlineProjections(projections), undefined, personalDataCodec);
  // Personal fields are sealed with the contacts' keys before they leave for EventStoreDB, as on PostgreSQL.
  const sealed = new SealedEventStore(await EventStoreDbEventStore.connect(eventStoreUrl), knex, personalDataCodec);
  const store = withAsyncProjections(sealed, knex, projections);
  logger.info('Events in EventStoreDB; read models projected asynchronously', { projections: projections.map((projection) => projection.name) });
  return store;
}

/** Starts async projectors over `store`; the store answered waits for them on append and stops them on close. */
export function withAsyncProjections(store: EventStore, knex: Knex, readModels: Projection[]): EventStore {
  return new ProjectedEventStore(store, startAsyncProjectors({ knex, store, projections: readModels }));
}

type Projectors = ReturnType<typeof startAsyncProjectors>;

/** An event store with background projectors: appends wait for their read rows; projectors stop before it closes. */
class ProjectedEventStore implements EventStore {
  readonly kind: EventStore['kind'];

  constructor(
    private readonly store: EventStore,
    private readonly projectors: Pick<Projectors, 'stop' | 'waitForReadModels'>,
  ) {
    this.kind = store.kind;
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const result = await this.store.append(streamId, events, options);
    await this.projectors.waitForReadModels(result.events);
    return result;
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

  seals(streamId: string, events: ReadonlyArray<StoredShape>): boolean {
    return this.store.seals(streamId, events);
  }

  healthCheck(): Promise<void> {
    return this.store.healthCheck();
  }

  async close(): Promise<void> {
    await this.projectors.stop();
    await this.store.close();
  }
}
