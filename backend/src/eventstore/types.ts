/** What the caller expects the stream's current version to be when appending. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export type EventMetadata = {
  userId?: string;
  correlationId: string;
  causationId?: string;
  requestId: string;
  source: string;
  /** Schema version of `data` for this event type; upcasters lift older versions when read. */
  schemaVersion: number;
};

export type NewEvent = { type: string; data: Record<string, unknown>; schemaVersion?: number };

/**
 * A stored event. `streamVersion` counts from 1 within its stream; `position` is the global order.
 * With the Postgres store the position is the pair (transaction id, global position), which is what
 * lets a catch-up reader never skip an event committed late by a slow transaction.
 */
export type RecordedEvent = {
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
  position: Position;
};

/** An opaque, ordered resume point for readAll and subscriptions; `start` reads from the beginning. */
export type Position = { commit: string; prepare: string } | 'start';

/** What tells whether an event holds personal data: its type and its data. */
export type StoredShape = { type: string; data: unknown };

/**
 * How events are stored and read back when they hold data that must stay erasable: `seal` turns
 * new events into what is stored (in the append's transaction), `reveal` makes stored events readable.
 */
export type EventCodec = {
  /** Whether `seal` may change these events of the stream (those take the transactional append, where sealing runs). */
  seals(streamId: string, events: ReadonlyArray<StoredShape>): boolean;
  seal(trx: import('knex').Knex.Transaction, streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<Array<{ streamId: string; events: NewEvent[] }>>;
  /**
   * `keysRead`, where given, are the keys that open the events (one per event, null: none), read
   * with them through `keyOfEvent`; otherwise `reveal` reads them.
   */
  reveal(events: RecordedEvent[], knex: import('knex').Knex, keysRead?: Array<Uint8Array | null>): Promise<RecordedEvent[]>;
  /**
   * SQL of the key that opens a row `e` of our `events` table (null: none), so the Postgres store
   * reads a stream and its keys in one statement.
   */
  keyOfEvent?: string;
};

export type AppendResult = { nextExpectedVersion: number; events: RecordedEvent[] };

export type ReadAllResult = { events: RecordedEvent[]; next: Position };

export type Subscription = {
  /** Stops delivering; resolves once the handler running now (if any) has finished. */
  close(): Promise<void>;
  /** Resolves once every event that existed when the subscription started has been handled. */
  caughtUp: Promise<void>;
  /** Settles when the subscription stops: resolves after close(), rejects with the error that ended it (a handler's, or the store's). */
  done: Promise<void>;
};

export type SubscriptionHandler = (event: RecordedEvent) => Promise<void>;

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Starts many new streams at once (a bulk import): each stream's events become its first ones. With
   * PostgreSQL all or none are written, in one transaction; a stream that exists already fails the
   * batch with WrongExpectedVersionError. EventStoreDB writes them one stream after another.
   */
  appendNewStreams(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<void>;
  /** The stream's events in order; an empty list when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  readAll(options: { after: Position; limit: number }): Promise<ReadAllResult>;
  /** Catch-up from `from`, then live. Handlers run one at a time, in order. */
  subscribe(handler: SubscriptionHandler, options: { from: Position }): Subscription;
  /** Whether these events of the stream are stored sealed: they hold personal data, which erasure must reach wherever it is kept. */
  seals(streamId: string, events: ReadonlyArray<StoredShape>): boolean;
  healthCheck(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}.`);
  }
}

/** The event store's server cannot be reached (down, restarting, or too slow to answer): a retry later may work. */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`The event store is not reachable: ${message}`, options);
  }
}

/** Compares two positions: negative when a is before b. */
export function comparePositions(a: Position, b: Position): number {
  if (a === 'start') return b === 'start' ? 0 : -1;
  if (b === 'start') return 1;
  const commit = BigInt(a.commit) - BigInt(b.commit);
  if (commit !== 0n) return commit < 0n ? -1 : 1;
  const prepare = BigInt(a.prepare) - BigInt(b.prepare);
  return prepare === 0n ? 0 : prepare < 0n ? -1 : 1;
}
