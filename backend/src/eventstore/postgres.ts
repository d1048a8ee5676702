import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import { stampMetadata } from './metadata.ts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type ReadAllResult,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from './types.ts';

type EventRow = {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
  tx_id: string;
};

/** Runs in the append's transaction: inline projections see exactly the events being committed. */
export type InlineHandler = (events: RecordedEvent[], trx: Knex.Transaction) => Promise<void>;

const uniqueViolation = '23505';

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    globalPosition: row.global_position,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    position: { commit: String(row.tx_id), prepare: String(row.global_position) },
  };
}

/**
 * Event store on the `events` table. Works on PostgreSQL and PGlite.
 * The unique (stream_id, stream_version) index is the arbiter of optimistic concurrency.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly appended = new EventEmitter();

  constructor(
    private readonly knex: Knex,
    private readonly inline?: InlineHandler,
    private readonly pollIntervalMs = 250,
  ) {
    this.appended.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], { expectedVersion }: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.knex.transaction(async (trx) => {
        const current = await streamVersion(trx, streamId);
        assertExpected(streamId, expectedVersion, current);
        const rows: EventRow[] = await trx('events')
          .insert(
            events.map((event, index) => ({
              stream_id: streamId,
              stream_version: current + index + 1,
              type: event.type,
              data: event.data,
              metadata: stampMetadata(event.schemaVersion ?? 1),
            })),
          )
          .returning(['global_position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'recorded_at', 'tx_id']);
        const recorded = rows.sort((a, b) => a.stream_version - b.stream_version).map(toRecordedEvent);
        if (this.inline) await this.inline(recorded, trx);
        return { nextExpectedVersion: current + events.length, events: recorded };
      });
      this.appended.emit('appended');
      return result;
    } catch (error) {
      // Two writers read the same version and raced: the loser sees the unique index.
      if ((error as { code?: string }).code === uniqueViolation && (error as { constraint?: string }).constraint === 'events_stream_version_unique') {
        throw new WrongExpectedVersionError(streamId, expectedVersion, await streamVersion(this.knex, streamId));
      }
      throw error;
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await this.knex('events').where({ stream_id: streamId }).orderBy('stream_version');
    return rows.map(toRecordedEvent);
  }

  /**
   * Reads committed events after `after`, ordered by (transaction id, position), and only those of
   * transactions older than every transaction still running (pg_snapshot_xmin). A transaction that
   * took a lower position but commits late is therefore read later, never skipped.
   */
  async readAll({ after, limit }: { after: Position; limit: number }): Promise<ReadAllResult> {
    const query = this.knex('events')
      .whereRaw('tx_id < pg_snapshot_xmin(pg_current_snapshot())')
      .orderBy([{ column: 'tx_id' }, { column: 'global_position' }])
      .limit(limit);
    if (after !== 'start') query.whereRaw('(tx_id, global_position) > (?::xid8, ?::bigint)', [after.commit, after.prepare]);
    const rows: EventRow[] = await query;
    const events = rows.map(toRecordedEvent);
    return { events, next: events.length ? events[events.length - 1].position : after };
  }

  subscribe(handler: SubscriptionHandler, { from }: { from: Position }): Subscription {
    let closed = false;
    let wake: (() => void) | undefined;
    const onAppended = () => wake?.();
    this.appended.on('appended', onAppended);
    let markCaughtUp!: () => void;
    let failCaughtUp!: (error: unknown) => void;
    const caughtUp = new Promise<void>((resolve, reject) => {
      markCaughtUp = resolve;
      failCaughtUp = reject;
    });
    const loop = (async () => {
      let position = from;
      let reportedCaughtUp = false;
      while (!closed) {
        const { events, next } = await this.readAll({ after: position, limit: 500 });
        for (const event of events) {
          if (closed) return;
          await handler(event);
        }
        position = next;
        if (events.length < 500) {
          if (!reportedCaughtUp) {
            reportedCaughtUp = true;
            markCaughtUp();
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.pollIntervalMs);
            wake = () => {
              clearTimeout(timer);
              // let the appending transaction's commit become visible to our snapshot first
              setTimeout(resolve, 5);
            };
          });
        }
      }
    })().catch((error) => {
      failCaughtUp(error);
      throw error;
    });
    loop.catch(() => undefined);
    return {
      caughtUp,
      close: async () => {
        closed = true;
        wake?.();
        this.appended.off('appended', onAppended);
        await loop.catch(() => undefined);
      },
    };
  }

  async healthCheck(): Promise<void> {
    await this.knex('events').select(this.knex.raw('1')).limit(1);
  }

  async close(): Promise<void> {
    this.appended.removeAllListeners();
  }
}

async function streamVersion(knex: Knex, streamId: string): Promise<number> {
  const row = await knex('events').where({ stream_id: streamId }).max('stream_version as version').first();
  return Number(row?.version ?? 0);
}

function assertExpected(streamId: string, expected: ExpectedVersion, actual: number): void {
  if (expected === 'any') return;
  if (expected === 'no_stream' ? actual !== 0 : expected !== actual) {
    throw new WrongExpectedVersionError(streamId, expected, actual);
  }
}
