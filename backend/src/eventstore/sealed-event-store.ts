import type { Knex } from 'knex';
import { currentContext, runWithContext } from '../context/request-context.ts';
import type { AppendResult, EventCodec, EventStore, ExpectedVersion, NewEvent, Position, ReadAllResult, RecordedEvent, StoredShape, Subscription, SubscriptionHandler } from './types.ts';

/**
 * An event store whose events pass through a codec on their way in and out, for a store that keeps
 * its events outside our database (EventStoreDB): appends are sealed first (the codec's keys live in
 * our database, created in a transaction of their own), and every read, the append's answer and
 * every subscription delivery are revealed. The Postgres store runs the codec inside its own append
 * transaction instead.
 */
export class SealedEventStore implements EventStore {
  readonly kind: EventStore['kind'];

  constructor(
    private readonly store: EventStore,
    private readonly knex: Knex,
    private readonly codec: EventCodec,
  ) {
    this.kind = store.kind;
  }

  private async sealed(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<Array<{ streamId: string; events: NewEvent[] }>> {
    if (!streams.some(({ streamId, events }) => this.codec.seals(streamId, events))) return streams;
    return this.knex.transaction((trx) => this.codec.seal(trx, streams));
  }

  /** Seals, then writes in the caller's request context (a database driver's callbacks may not carry it, and the events are stamped from it). */
  private async write<T>(streams: Array<{ streamId: string; events: NewEvent[] }>, work: (stored: Array<{ streamId: string; events: NewEvent[] }>) => Promise<T>): Promise<T> {
    const context = currentContext();
    const stored = await this.sealed(streams);
    return context ? runWithContext(context, () => work(stored)) : work(stored);
  }

  seals(streamId: string, events: ReadonlyArray<StoredShape>): boolean {
    return this.codec.seals(streamId, events);
  }

  private reveal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.codec.reveal(events, this.knex);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const result = await this.write([{ streamId, events }], ([stored]) => this.store.append(streamId, stored.events, options));
    return { ...result, events: await this.reveal(result.events) };
  }

  async appendNewStreams(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<void> {
    await this.write(streams, (stored) => this.store.appendNewStreams(stored));
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.reveal(await this.store.readStream(streamId));
  }

  async readAll(options: { after: Position; limit: number }): Promise<ReadAllResult> {
    const result = await this.store.readAll(options);
    return { ...result, events: await this.reveal(result.events) };
  }

  subscribe(handler: SubscriptionHandler, options: { from: Position }): Subscription {
    return this.store.subscribe(async (event) => handler((await this.reveal([event]))[0]), options);
  }

  healthCheck(): Promise<void> {
    return this.store.healthCheck();
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
