import {
  ANY,
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError as ClientWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position as ClientPosition,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { status as grpcStatus } from '@grpc/grpc-js';
import { z } from 'zod';
import { StartupProblem, withoutCredentials } from '../startup/startup-problem.ts';
import { stampMetadata } from './metadata.ts';
import {
  EventStoreUnavailableError,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type ReadAllResult,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from './types.ts';

/** What we read back from the server is an external input: validated before it reaches a projection. */
const metadataSchema = z.object({
  userId: z.string().optional(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  requestId: z.string(),
  source: z.string(),
  schemaVersion: z.number().int().positive(),
});
const dataSchema = z.record(z.string(), z.unknown());

type ClientRecordedEvent = NonNullable<ResolvedEvent['event']>;
type ConcretePosition = Exclude<Position, 'start'>;

/** How many records of $all to fetch per round trip when scanning past system events. */
const scanChunk = 100;

/**
 * The event store on EventStoreDB (or KurrentDB) through `@eventstore/db-client`.
 * Versions count from 1 like the Postgres store: our version N is the server's revision N - 1.
 * Positions are the server's (commit, prepare) log positions as decimal strings. System records
 * ($-prefixed types: links, stats, settings) are invisible through this interface.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** Connects and checks the server answers, so a wrong EVENTSTORE_URL fails at start-up, clearly. */
  static async connect(url: string): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
    try {
      await store.healthCheck();
    } catch (error) {
      await store.close();
      throw new StartupProblem(`Could not reach EventStoreDB at ${withoutCredentials(url)}: ${(error as Error).message}. Start it, or correct EVENTSTORE_URL.`, { cause: error, mayPass: true });
    }
    return store;
  }

  async appendNewStreams(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<void> {
    for (const { streamId, events } of streams) await this.append(streamId, events, { expectedVersion: 'no_stream' });
  }

  async append(streamId: string, events: NewEvent[], { expectedVersion }: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const toAppend = events.map((event) => {
      const metadata = stampMetadata(event.schemaVersion ?? 1);
      // $correlationId/$causationId are the server's own names, used by its projections and UI.
      return jsonEvent({ type: event.type, data: event.data, metadata: { ...metadata, $correlationId: metadata.correlationId, $causationId: metadata.causationId } });
    });
    let nextRevision: bigint;
    try {
      // Sent again with the same event ids, an append whose answer was lost is recognised by the server
      // and answered without being written twice: a dropped connection neither loses nor doubles it.
      ({ nextExpectedRevision: nextRevision } = await retriedWhileUnavailable(() =>
        this.client.appendToStream(streamId, toAppend, { expectedRevision: expectedRevisionOf(expectedVersion) }).catch((error: unknown) => {
          throw unavailableOr(error);
        }),
      ));
    } catch (error) {
      if (error instanceof ClientWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, versionOf(error.actualVersion));
      }
      throw unavailableOr(error);
    }
    // The append answers only the last revision; read our events back for their positions and times
    // (tried again too: the write happened, and a 503 now would have the user send it twice).
    const firstRevision = nextRevision - BigInt(events.length) + 1n;
    const recorded = await retriedWhileUnavailable(() => this.readStreamFrom(streamId, firstRevision, events.length));
    return { nextExpectedVersion: Number(nextRevision) + 1, events: recorded };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.readStreamFrom(streamId, START);
  }

  private async readStreamFrom(streamId: string, fromRevision: bigint | typeof START, maxCount?: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS, ...(maxCount ? { maxCount } : {}) })) {
        if (resolved.event && isApplicationEvent(resolved.event)) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw unavailableOr(error);
    }
    return events;
  }

  /**
   * Reads $all forwards after `after`, skipping system records. A read from a position includes
   * the record at that position, so it is dropped; `next` is the last record scanned, which may be
   * a system record, so the next read does not scan it again.
   */
  async readAll({ after, limit }: { after: Position; limit: number }): Promise<ReadAllResult> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll needs a positive whole limit, got ${limit}`);
    const events: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      const chunkSize = limit - events.length + 1;
      const records = await this.scanAll(FORWARDS, cursor === 'start' ? START : clientPosition(cursor), chunkSize);
      for (const record of records) {
        const position = positionOf(record);
        if (cursor !== 'start' && comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        if (isApplicationEvent(record)) events.push(toRecordedEvent(record));
        if (events.length === limit) return { events, next: cursor };
      }
      if (records.length < chunkSize) return { events, next: cursor };
    }
  }

  /** Reads up to `maxCount` records of $all, fully consumed so no server stream is left open. */
  private async scanAll(direction: typeof FORWARDS | typeof BACKWARDS, fromPosition: ReadPosition, maxCount: number): Promise<ClientRecordedEvent[]> {
    const records: ClientRecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readAll({ direction, fromPosition, maxCount }) as AsyncIterable<AllStreamResolvedEvent>) {
        if (resolved.event) records.push(resolved.event);
      }
    } catch (error) {
      throw unavailableOr(error);
    }
    return records;
  }

  /** The position of the newest application event, or undefined when there is none. */
  private async lastApplicationPosition(): Promise<ConcretePosition | undefined> {
    let from: ReadPosition = END;
    let skip: ConcretePosition | undefined;
    for (;;) {
      const records = await this.scanAll(BACKWARDS, from, scanChunk + 1);
      for (const record of records) {
        const position = positionOf(record);
        if (skip && comparePositions(position, skip) === 0) continue;
        if (isApplicationEvent(record)) return position;
        skip = position;
      }
      if (records.length < scanChunk + 1 || !skip) return undefined;
      from = clientPosition(skip);
    }
  }

  /**
   * subscribeToAll with system records filtered out on the server. `caughtUp` resolves once the
   * newest application event that existed at subscription time has been handled (the server's own
   * caught-up signal arrives ahead of the events still buffered, and older servers do not send it).
   */
  subscribe(handler: SubscriptionHandler, { from }: { from: Position }): Subscription {
    const stream = this.client.subscribeToAll({
      fromPosition: from === 'start' ? START : clientPosition(from),
      filter: excludeSystemEvents(),
    });
    let closed = false;
    let lastHandled: Position = from;
    let target: ConcretePosition | null | undefined;
    let markCaughtUp!: () => void;
    let failCaughtUp!: (error: unknown) => void;
    const caughtUp = new Promise<void>((resolve, reject) => {
      markCaughtUp = resolve;
      failCaughtUp = reject;
    });
    const checkCaughtUp = () => {
      if (target === null || (target !== undefined && comparePositions(lastHandled, target) >= 0)) markCaughtUp();
    };
    this.lastApplicationPosition().then((position) => {
      target = position ?? null;
      checkCaughtUp();
    }, failCaughtUp);

    const done = (async () => {
      try {
        for await (const resolved of stream as AsyncIterable<AllStreamResolvedEvent>) {
          if (closed) return;
          if (!resolved.event || !isApplicationEvent(resolved.event)) continue;
          const event = toRecordedEvent(resolved.event);
          // Subscriptions start after `from`; the check keeps that true whatever the server does.
          if (comparePositions(event.position, lastHandled) <= 0) continue;
          await handler(event);
          lastHandled = event.position;
          checkCaughtUp();
        }
      } catch (error) {
        if (!closed) throw error;
      } finally {
        await stream.unsubscribe().catch(() => undefined);
      }
    })();
    done.then(() => failCaughtUp(new Error('The subscription was closed before it caught up.')), failCaughtUp);
    caughtUp.catch(() => undefined);
    done.catch(() => undefined);

    const subscription: Subscription = {
      caughtUp,
      done,
      close: async () => {
        closed = true;
        await stream.unsubscribe().catch(() => undefined);
        // Ends the iteration even if the cancelled server stream never sends its end.
        stream.destroy();
        await done.catch(() => undefined);
      },
    };
    this.subscriptions.add(subscription);
    void done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /** Events are stored as given here: nothing is sealed. */
  seals(): boolean {
    return false;
  }

  async healthCheck(): Promise<void> {
    await this.scanAll(BACKWARDS, END, 1);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}

/** Attempts at an append, or at reading what it wrote, while the server cannot be reached; the pause before each retry (ms, times the attempt). */
const unavailableAttempts = 3;
const unavailablePauseMs = 200;

async function retriedWhileUnavailable<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError) || attempt >= unavailableAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, unavailablePauseMs * attempt));
    }
  }
}

/**
 * A server that cannot be reached (down, restarting, too slow) becomes the store's own error, answered
 * 503; anything else is left as it is. Reads fail with the client's own error classes, an append with
 * the bare gRPC status.
 */
function unavailableOr(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const unreachable = error instanceof UnavailableError || error instanceof DeadlineExceededError || code === grpcStatus.UNAVAILABLE || code === grpcStatus.DEADLINE_EXCEEDED;
  return unreachable ? new EventStoreUnavailableError((error as Error).message, { cause: error }) : error;
}

function expectedRevisionOf(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

function versionOf(revision: CurrentRevision): number {
  return revision === NO_STREAM ? 0 : Number(revision) + 1;
}

function clientPosition(position: ConcretePosition): ClientPosition {
  return { commit: BigInt(position.commit), prepare: BigInt(position.prepare) };
}

function positionOf(record: ClientRecordedEvent): ConcretePosition {
  if (!record.position) throw new Error('EventStoreDB did not send event positions; Charterline needs EventStoreDB 22.6 or later.');
  return { commit: record.position.commit.toString(), prepare: record.position.prepare.toString() };
}

/** Ours: JSON and not a system record ($-prefixed types are links, stats and settings). */
function isApplicationEvent(record: ClientRecordedEvent): boolean {
  return record.isJson && !record.type.startsWith('$');
}

function toRecordedEvent(record: ClientRecordedEvent): RecordedEvent {
  const position = positionOf(record);
  return {
    streamId: record.streamId,
    streamVersion: Number(record.revision) + 1,
    globalPosition: Number(position.commit),
    type: record.type,
    data: dataSchema.parse(record.data),
    metadata: metadataSchema.parse(record.metadata),
    recordedAt: record.created,
    position,
  };
}
