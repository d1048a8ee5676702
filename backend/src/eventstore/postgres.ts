import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import pg from 'pg';
import { stampMetadata } from './metadata.ts';
import { pollingSubscription } from './polling-subscription.ts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventCodec,
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

/**
 * Runs in the append's transaction: inline projections see exactly the events being committed.
 * `writesOnly(types)` says the handler only writes (reads nothing back) for events of those types:
 * its statements can then be recorded and sent behind the append without waiting for each answer.
 */
export type InlineHandler = ((events: RecordedEvent[], trx: Knex.Transaction) => Promise<void>) & { writesOnly?(types: string[]): boolean };

const uniqueViolation = '23505';
const streamVersionConstraint = 'events_stream_version_unique';
/** An `any` append that loses a race simply goes again on top of the winner. */
const anyVersionAttempts = 20;
const subscriptionBatchSize = 500;
/** Rows per insert statement when starting many streams (a bulk import). */
const newStreamChunk = 2000;

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
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly knex: Knex,
    private readonly inline?: InlineHandler,
    private readonly pollIntervalMs = 250,
    /** Seals personal data on append and reveals it on read; events are stored as given without one. */
    private readonly codec?: EventCodec,
  ) {
    this.appended.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], { expectedVersion }: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const types = events.map((event) => event.type);
    // events with personal data are sealed inside the append's transaction, which the pipelined path has not
    const pipelined = !this.codec?.seals(types) && (!this.inline || (this.inline.writesOnly?.(types) ?? false));
    for (let attempt = 1; ; attempt++) {
      try {
        const result =
          (pipelined ? await this.appendPipelined(streamId, events, expectedVersion) : undefined) ??
          (await this.knex.transaction((trx) => this.appendInTransaction(trx, streamId, events, expectedVersion)));
        this.appended.emit('appended');
        return result;
      } catch (error) {
        // Two writers read the same version and raced: the loser sees the unique index.
        if (!isStreamVersionConflict(error)) throw error;
        if (expectedVersion === 'any' && attempt < anyVersionAttempts) continue;
        throw new WrongExpectedVersionError(streamId, expectedVersion, await streamVersion(this.knex, streamId));
      }
    }
  }

  /**
   * The append in two round trips on a PostgreSQL connection in pipeline mode: BEGIN with one
   * statement that checks the expected version and inserts the events, then the inline projections'
   * statements (recorded, not awaited one by one) with COMMIT. The unique (stream, version) index
   * still judges races. Undefined where the connection cannot pipeline (PGlite, in process: there a
   * round trip costs nothing).
   */
  private async appendPipelined(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult | undefined> {
    // PGlite's single in-process connection (a pool of one) has no round trips to save.
    if ((this.knex.client as { config: { pool?: { max?: number } } }).config.pool?.max === 1) return undefined;
    const connection = (await this.knex.client.acquireConnection()) as pg.Client;
    const pipelining = connection as { pipeline: boolean };
    pipelining.pipeline = true;
    let open = false;
    try {
      const expected = expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion;
      const begin = connection.query('begin');
      const insert = connection.query<EventRow>(pipelinedInsert, [
        streamId,
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(stampMetadata(event.schemaVersion ?? 1))),
        expected,
      ]);
      open = true;
      const [, inserted] = await Promise.all([begin, insert]);
      if (inserted.rows.length === 0) {
        await connection.query('rollback');
        open = false;
        throw new WrongExpectedVersionError(streamId, expectedVersion, await streamVersion(this.knex, streamId));
      }
      const recorded = inserted.rows.sort((a, b) => a.stream_version - b.stream_version).map(toRecordedEvent);
      const statements = this.inline ? await recordStatements(this.knex, (trx) => this.inline!(recorded, trx)) : [];
      await Promise.all([...statements.map(({ sql, bindings }) => connection.query(sql, bindings as unknown[])), connection.query('commit')]);
      open = false;
      return { nextExpectedVersion: recorded[recorded.length - 1].streamVersion, events: recorded };
    } catch (error) {
      if (open) await connection.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      pipelining.pipeline = false;
      await this.knex.client.releaseConnection(connection);
    }
  }

  private async appendInTransaction(trx: Knex.Transaction, streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const current = await streamVersion(trx, streamId);
    assertExpected(streamId, expectedVersion, current);
    const stored = this.codec ? (await this.codec.seal(trx, [{ streamId, events }]))[0].events : events;
    const rows: EventRow[] = await trx('events')
      .insert(
        stored.map((event, index) => ({
          stream_id: streamId,
          stream_version: current + index + 1,
          type: event.type,
          data: event.data,
          metadata: stampMetadata(event.schemaVersion ?? 1),
        })),
      )
      .returning(['global_position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'recorded_at', 'tx_id']);
    // projections and the caller get a sealed event as given (readable); others as stored, as a rebuild reads them
    const recorded = rows
      .sort((a, b) => a.stream_version - b.stream_version)
      .map((row, index) => (stored[index] === events[index] ? toRecordedEvent(row) : { ...toRecordedEvent(row), data: events[index].data }));
    if (this.inline) await this.inline(recorded, trx);
    return { nextExpectedVersion: current + events.length, events: recorded };
  }

  async appendNewStreams(streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<void> {
    if (streams.length === 0) return;
    try {
      await this.knex.transaction(async (trx) => {
        const stored = this.codec ? await this.codec.seal(trx, streams) : streams;
        // a sealed event reaches the projections as given (readable)
        const given = new Map(
          stored.flatMap(({ events }, streamIndex) =>
            events.flatMap((event, index) => (event === streams[streamIndex].events[index] ? [] : [[`${index + 1}:${streams[streamIndex].streamId}`, streams[streamIndex].events[index].data] as const])),
          ),
        );
        const rows = stored.flatMap(({ streamId, events }) =>
          events.map((event, index) => ({
            stream_id: streamId,
            stream_version: index + 1,
            type: event.type,
            data: event.data,
            metadata: stampMetadata(event.schemaVersion ?? 1),
          })),
        );
        const recorded: RecordedEvent[] = [];
        for (let start = 0; start < rows.length; start += newStreamChunk) {
          const inserted: EventRow[] = await trx('events')
            .insert(rows.slice(start, start + newStreamChunk))
            .returning(['global_position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'recorded_at', 'tx_id']);
          recorded.push(...inserted.map((row) => ({ ...toRecordedEvent(row), data: given.get(`${row.stream_version}:${row.stream_id}`) ?? row.data })));
        }
        recorded.sort((a, b) => a.globalPosition - b.globalPosition);
        if (this.inline) await this.inline(recorded, trx);
      });
    } catch (error) {
      if (!isStreamVersionConflict(error)) throw error;
      const existing = await this.knex('events').whereIn('stream_id', streams.map((stream) => stream.streamId)).first('stream_id');
      throw new WrongExpectedVersionError(existing?.stream_id ?? streams[0].streamId, 'no_stream', 1);
    }
    this.appended.emit('appended');
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await this.knex('events').where({ stream_id: streamId }).orderBy('stream_version');
    return this.readable(rows.map(toRecordedEvent));
  }

  /**
   * Reads committed events after `after`, ordered by (transaction id, position), and only those of
   * transactions older than every transaction still running (pg_snapshot_xmin). A transaction that
   * took a lower position but commits late is therefore read later, never skipped: every transaction
   * that could still commit has an id at or above that horizon, so nothing can appear behind a reader.
   */
  async readAll({ after, limit }: { after: Position; limit: number }): Promise<ReadAllResult> {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`readAll needs a positive whole limit, got ${limit}`);
    const query = this.knex('events')
      .whereRaw('tx_id < pg_snapshot_xmin(pg_current_snapshot())')
      .orderBy([{ column: 'tx_id' }, { column: 'global_position' }])
      .limit(limit);
    if (after !== 'start') query.whereRaw('(tx_id, global_position) > (?::xid8, ?::bigint)', [after.commit, after.prepare]);
    const rows: EventRow[] = await query;
    const events = await this.readable(rows.map(toRecordedEvent));
    return { events, next: events.length ? events[events.length - 1].position : after };
  }

  /**
   * Polls readAll; an append in this process wakes it at once, the poll interval covers appends
   * made by other processes and transactions that were still running at the last read.
   */
  subscribe(handler: SubscriptionHandler, { from }: { from: Position }): Subscription {
    const subscription = pollingSubscription({
      from,
      handler,
      batchSize: subscriptionBatchSize,
      pollIntervalMs: this.pollIntervalMs,
      read: (after, limit) => this.readAll({ after, limit }),
      onWake: (wake) => {
        this.appended.on('appended', wake);
        return () => this.appended.off('appended', wake);
      },
    });
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  private readable(events: RecordedEvent[]): Promise<RecordedEvent[]> | RecordedEvent[] {
    return this.codec ? this.codec.reveal(events, this.knex) : events;
  }

  async healthCheck(): Promise<void> {
    await this.knex('events').select(this.knex.raw('1')).limit(1);
  }

  /** Ends every open subscription; the database connection belongs to the caller. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.appended.removeAllListeners();
  }
}

/**
 * One statement: the stream's current version, the check against the expected one (null: any), and
 * the events numbered after it. No row comes back when the check fails.
 */
const pipelinedInsert = `
  with current_version as (select coalesce(max(stream_version), 0)::int as version from events where stream_id = $1)
  insert into events (stream_id, stream_version, type, data, metadata)
  select $1, current_version.version + event.n::int, event.type, event.data, event.metadata
  from current_version, unnest($2::text[], $3::jsonb[], $4::jsonb[]) with ordinality as event(type, data, metadata, n)
  where $5::int is null or current_version.version = $5::int
  returning global_position, stream_id, stream_version, type, data, metadata, recorded_at, tx_id`;

/**
 * Runs `write` against a stand-in transaction that records each statement it would send (as SQL
 * with bindings) instead of sending it; each statement answers nothing, so `write` must not read.
 */
async function recordStatements(knex: Knex, write: (trx: Knex.Transaction) => Promise<void>): Promise<Knex.SqlNative[]> {
  const statements: Knex.SqlNative[] = [];
  const recorder = (table: string) => {
    const builder = knex(table);
    Object.defineProperty(builder, 'then', {
      value: (resolve: (value: unknown) => unknown, reject: (error: unknown) => unknown) => {
        try {
          statements.push(builder.toSQL().toNative());
        } catch (error) {
          return Promise.reject(error).then(resolve, reject);
        }
        return Promise.resolve(undefined).then(resolve, reject);
      },
    });
    return builder;
  };
  await write(recorder as unknown as Knex.Transaction);
  return statements;
}

function isStreamVersionConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === uniqueViolation && constraint === streamVersionConstraint;
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
