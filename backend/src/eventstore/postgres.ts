import { EventEmitter } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import pg from 'pg';
import { lostConnectionRetryPausesMs } from '../db/lost-connection-retries.ts';
import { preparedQuery, statementName } from '../db/prepared.ts';
import { setField } from '../merged-record.ts';
import { batchStatement, positionStandIn, standInIndex, standInText, type BatchedAppend } from './append-batch.ts';
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
  type StoredShape,
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
 * A write as one record of a statement that makes every write of its `shape` at once: the record
 * (its values by column), its table, and that statement, reading the records from `records` (a
 * FROM item named `record` whose rows have the table's row type, which the batch gives) and each
 * record's column through `valueOf(column, reference)` (the reference as it stands, or an
 * expression around it).
 */
export type SetWrite = { shape: string; table: string; record: Record<string, unknown>; statement(valueOf: (column: string, reference: string) => string, records: string): string };

/**
 * One write of an inline projection: SQL with a `?` per value, its values, the row it writes (table
 * and key), and where it can be one, the same write as a set record (see append-batch.ts).
 */
export type InlineWrite = { sql: string; bindings: unknown[]; row: string; set?(): SetWrite | undefined };

/**
 * Runs in the append's transaction: inline projections see exactly the events being committed.
 * `writes(events)`, where given, is the same work as statements that only write (read nothing
 * back), or undefined where it must read: the append can then send them with its events' insert
 * as one statement.
 */
export type InlineHandler = ((events: RecordedEvent[], trx: Knex.Transaction) => Promise<void>) & { writes?(events: RecordedEvent[]): InlineWrite[] | undefined };

/**
 * One-statement appends a store sends at once; more wait and go together as a batch. At 16 clients
 * on 2 cores, two, three, four and six ran within noise of each other (commands/s), and one lost
 * to two in the commands bench (42-44 % of plain INSERTs against 43-46 %).
 */
const statementsAtOnce = 2;
/** Appends one batch holds at most. */
const batchLimit = 64;

type PendingAppend = { streamId: string; expected: number; rows: SerialisedEvents; readable: ReturnType<typeof given> };
type WaitingAppend = PendingAppend & { resolve(result: AppendResult | undefined): void; reject(error: unknown): void };

/** Whether a projection's writes can go in one statement: it gave them (it reads nothing), and no two write one row (the parts of a statement all see the rows as they were before it). */
const oneStatementWrites = (writes: InlineWrite[] | undefined): writes is InlineWrite[] => writes !== undefined && new Set(writes.map((write) => write.row)).size === writes.length;

const recordedResult = (recorded: RecordedEvent[]): AppendResult => ({ nextExpectedVersion: recorded[recorded.length - 1].streamVersion, events: recorded });

const uniqueViolation = '23505';
/** Raised by events_next_version when the stream is not at the expected version; the detail is its version. */
const wrongVersion = 'CLWEV';
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
  /** One-statement appends waiting for a statement to finish (see appendInOneStatement). */
  private waiting: WaitingAppend[] = [];
  private statementsRunning = 0;
  private sendScheduled = false;

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
    const expected = expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? 0 : expectedVersion;
    // stamped once: the metadata (with its request id) is how an append in doubt is recognised
    const rows = serialise(events);
    for (let attempt = 1; ; attempt++) {
      try {
        const result =
          (await this.appendInOneStatement(streamId, events, rows, expected)) ??
          (await this.knex.transaction((trx) => this.appendInTransaction(trx, streamId, events, rows, expected)));
        this.appended.emit('appended');
        return result;
      } catch (error) {
        if (expected !== null && isConnectionLost(error)) {
          const committed = await this.committedDespite(streamId, events, rows, expected);
          if (committed === undefined) throw error;
          this.appended.emit('appended');
          return committed;
        }
        const { code, detail } = error as { code?: string; detail?: string };
        if (code === wrongVersion) throw new WrongExpectedVersionError(streamId, expectedVersion, Number(detail));
        // Two writers read the same version and raced: the loser sees the unique index.
        if (!isStreamVersionConflict(error)) throw error;
        if (expected === null && attempt < anyVersionAttempts) continue;
        throw new WrongExpectedVersionError(streamId, expectedVersion, await streamVersion(this.knex, streamId));
      }
    }
  }

  /**
   * The append as one statement, which needs no transaction of its own: the events' insert (which
   * checks the expected version and fails otherwise) and the inline projections' writes as its
   * data-modifying CTEs, which take the positions the insert gives from it. One round trip, named
   * and prepared once per connection on PostgreSQL. Undefined where that cannot be: at any version
   * (the versions are not known before the insert), events whose personal data is sealed (sealing
   * reads and creates keys), projections that read, and two writes to one row (the CTEs of one
   * statement all see the rows as they were before it). An append of one event that comes while
   * a statement runs waits, and goes with the others waiting as one batch (see sendWaiting).
   */
  private appendInOneStatement(streamId: string, events: NewEvent[], rows: SerialisedEvents, expected: number | null): Promise<AppendResult | undefined> | undefined {
    if (expected === null || this.seals(streamId, events) || (this.inline && !this.inline.writes)) return undefined;
    const pending = { streamId, expected, rows, readable: given(streamId, events, rows) };
    if (events.length > 1 || this.statementsRunning === 0) return this.sendAlone(pending);
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...pending, resolve, reject });
      this.sendWaitingSoon();
    });
  }

  /**
   * Sends what waits once the appends started in this turn of the event loop have joined it: when
   * a batch answers, its callers' next commands come in the same turn, and would otherwise go one
   * by one while a statement slot is free.
   */
  private sendWaitingSoon(): void {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.sendWaiting();
    });
  }

  private async sendAlone({ streamId, expected, rows, readable }: PendingAppend): Promise<AppendResult | undefined> {
    this.statementsRunning += 1;
    try {
      let recordedAt: Date | null = null;
      let writes: InlineWrite[] = [];
      if (this.inline?.writes) {
        recordedAt = new Date();
        const found = this.inline.writes(standIns(readable, expected, recordedAt));
        if (!oneStatementWrites(found)) return undefined;
        writes = found;
      }
      const { sql, bindings } = withWrites(eventsInsert(streamId, expected, rows, recordedAt), writes, expected, readable.length);
      const inserted = await this.run<InsertedRow>(sql, bindings);
      return recordedResult(placed(readable, inserted.sort(byStreamVersion)));
    } finally {
      this.statementsRunning -= 1;
      this.sendWaiting();
    }
  }

  /**
   * Sends what waits, as statements finish: as many waiting appends as fit one batch (distinct
   * streams, distinct rows written, every write a set record), the rest in later ones. An append
   * whose writes cannot be set records goes alone; one whose projections cannot write in one
   * statement, to its transaction.
   */
  private sendWaiting(): void {
    while (this.waiting.length > 0 && this.statementsRunning < statementsAtOnce) {
      if (this.waiting.length === 1) {
        const only = this.waiting.pop()!;
        this.sendAlone(only).then(only.resolve, only.reject);
        return;
      }
      const recordedAt = new Date();
      const batch: Array<{ waiting: WaitingAppend; append: BatchedAppend }> = [];
      const streams = new Set<string>();
      const rowsWritten = new Set<string>();
      const later: WaitingAppend[] = [];
      for (const waiting of this.waiting) {
        if (batch.length >= batchLimit || streams.has(waiting.streamId)) {
          later.push(waiting);
          continue;
        }
        let writes: InlineWrite[] | undefined;
        try {
          writes = this.inline?.writes ? this.inline.writes(standIns(waiting.readable, waiting.expected, recordedAt, batch.length)) : [];
        } catch (error) {
          waiting.reject(error);
          continue;
        }
        if (!oneStatementWrites(writes)) {
          waiting.resolve(undefined);
          continue;
        }
        const sets = writes.map((write) => write.set?.());
        if (!sets.every((set): set is SetWrite => set !== undefined)) {
          this.sendAlone(waiting).then(waiting.resolve, waiting.reject);
          continue;
        }
        if (writes.some((write) => rowsWritten.has(write.row))) {
          later.push(waiting);
          continue;
        }
        streams.add(waiting.streamId);
        for (const write of writes) rowsWritten.add(write.row);
        const [type, data, metadata] = [waiting.rows.types[0], waiting.rows.data[0], waiting.rows.metadata[0]];
        batch.push({ waiting, append: { streamId: waiting.streamId, expected: waiting.expected, type, data, metadata, writes: sets } });
      }
      this.waiting = later;
      if (batch.length === 1) this.sendAlone(batch[0].waiting).then(batch[0].waiting.resolve, batch[0].waiting.reject);
      else if (batch.length > 1) void this.sendBatch(batch, recordedAt);
    }
  }

  private async sendBatch(batch: Array<{ waiting: WaitingAppend; append: BatchedAppend }>, recordedAt: Date): Promise<void> {
    this.statementsRunning += 1;
    try {
      const { sql, bindings } = batchStatement(batch.map((member) => member.append), recordedAt);
      const answered = this.run<InsertedRow & { stream_id: string }>(sql, bindings).catch((error: unknown) => {
        throw isConnectionLost(error) ? new ConnectionLost('connection lost', { cause: error }) : error;
      });
      const inserted = new Map((await answered).map((row) => [row.stream_id, row]));
      for (const { waiting } of batch) waiting.resolve(recordedResult(placed(waiting.readable, [inserted.get(waiting.streamId)!])));
    } catch (error) {
      // A lost connection is every append's answer, as it would have been alone (whether the
      // statement committed is unknown). Otherwise one append failed the statement (a stream not at
      // its expected version, a write refused): each goes again alone, to its own answer.
      if (error instanceof ConnectionLost) for (const { waiting } of batch) waiting.reject(error.cause);
      else for (const { waiting } of batch) this.sendAlone(waiting).then(waiting.resolve, waiting.reject);
    } finally {
      this.statementsRunning -= 1;
      this.sendWaiting();
    }
  }

  /**
   * One statement with `?` placeholders. On PostgreSQL it is prepared once per connection, under a
   * name made from its text; the embedded engine (one connection in this process) runs it through
   * knex, whose query events tell the answer cache that this process wrote.
   */
  private async run<Row>(sql: string, bindings: unknown[]): Promise<Row[]> {
    if ((this.knex.client as { config: { pool?: { max?: number } } }).config.pool?.max === 1) return ((await this.knex.raw(sql, bindings as Knex.RawBinding[])) as { rows: Row[] }).rows;
    const text = numbered(sql);
    const name = statementName(text);
    const connection = (await this.knex.client.acquireConnection()) as pg.Client;
    try {
      return (await connection.query<Row & pg.QueryResultRow>(name === undefined ? { text, values: bindings } : { name, text, values: bindings })).rows;
    } finally {
      await this.knex.client.releaseConnection(connection);
    }
  }

  private async appendInTransaction(trx: Knex.Transaction, streamId: string, events: NewEvent[], serialised: SerialisedEvents, expected: number | null): Promise<AppendResult> {
    const stored = this.codec ? (await this.codec.seal(trx, [{ streamId, events }]))[0].events : events;
    const rows = stored === events ? serialised : { ...serialised, data: stored.map((event) => JSON.stringify(event.data)) };
    const insert = eventsInsert(streamId, expected, rows, null);
    const { rows: inserted } = (await trx.raw(insert.sql, insert.bindings as Knex.RawBinding[])) as { rows: InsertedRow[] };
    inserted.sort(byStreamVersion);
    // projections and the caller get a sealed event as given (readable); others as stored, as a rebuild reads them
    const recorded = placed(
      given(streamId, events, rows).map((event, index) => (stored[index] === events[index] ? event : { ...event, data: events[index].data })),
      inserted,
    );
    if (this.inline) await this.inline(recorded, trx);
    return recordedResult(recorded);
  }

  /**
   * The append, if it committed although its connection was lost: the answer went with the
   * connection, not necessarily the write. Its events then stand at the versions it expected, with
   * the metadata it stamped (whose request id no other append shares). A statement whose backend
   * was terminated, or whose database restarted, committed or died whole before that; one whose
   * connection a network fault cut may still be running, and is answered as unreachable, as is an
   * append the database cannot be asked about.
   */
  private async committedDespite(streamId: string, events: NewEvent[], rows: SerialisedEvents, expected: number): Promise<AppendResult | undefined> {
    // The pool's other connections a termination closed say so in this turn of the event loop:
    // asking at once would mostly take one of them.
    await new Promise((resolve) => setImmediate(resolve));
    for (let attempt = 0; attempt <= lostConnectionRetryPausesMs.length; attempt += 1) {
      try {
        const found: Array<InsertedRow & Pick<EventRow, 'type' | 'metadata'>> = await this.knex('events')
          .where('stream_id', streamId)
          .whereBetween('stream_version', [expected + 1, expected + rows.types.length])
          .orderBy('stream_version')
          .select('global_position', 'stream_version', 'type', 'metadata', 'recorded_at', 'tx_id');
        const ours = found.length === rows.types.length && found.every((row, index) => row.type === rows.types[index] && isDeepStrictEqual(row.metadata, JSON.parse(rows.metadata[index])));
        return ours ? recordedResult(placed(given(streamId, events, rows), found)) : undefined;
      } catch {
        if (attempt < lostConnectionRetryPausesMs.length) await new Promise((resolve) => setTimeout(resolve, lostConnectionRetryPausesMs[attempt]));
      }
    }
    return undefined;
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

  /**
   * Read before every command and for every History: a prepared statement (a third less time on the
   * embedded engine, measured). With a codec whose keys are in our database, the events' keys come
   * in the same statement.
   */
  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const keyed = this.codec?.keyOfEvent;
    if (!this.codec || keyed === undefined) {
      const rows = await preparedQuery<EventRow>(this.knex, 'event_store_read_stream', 'select * from events where stream_id = $1 order by stream_version', [streamId]);
      return this.readable(rows.map(toRecordedEvent));
    }
    const rows = await preparedQuery<EventRow & { opening_key: Uint8Array | null }>(
      this.knex,
      'event_store_read_stream_with_keys',
      `select e.*, ${keyed} as opening_key from events e where e.stream_id = $1 order by e.stream_version`,
      [streamId],
    );
    return this.codec.reveal(rows.map(toRecordedEvent), this.knex, rows.map((row) => row.opening_key));
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

  seals(streamId: string, events: ReadonlyArray<StoredShape>): boolean {
    return this.codec?.seals(streamId, events) ?? false;
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

type InsertedRow = Pick<EventRow, 'global_position' | 'stream_version' | 'recorded_at' | 'tx_id'>;

/**
 * One statement: the stream's next version (events_next_version checks it against the expected one,
 * null: any, and fails the statement otherwise) and the events numbered from it, in order. Takes the
 * stream, the time recorded (null: the transaction's), the stream again, the expected version, then
 * the events' types, data and metadata as arrays.
 */
const insertEvents = `
  insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
  select ?::text, next.version + event.n::int - 1, event.type, event.data, event.metadata, coalesce(?::timestamptz, now())
  from (select events_next_version(?::text, ?::int) as version) next,
    unnest(?::text[], ?::jsonb[], ?::jsonb[]) with ordinality as event(type, data, metadata, n)
  order by event.n
  returning global_position, stream_version, recorded_at, tx_id`;

/** The same for one event: the stream, the stream again, the expected version, the type, data, metadata and time. */
const insertEvent = `
  insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
  values (?::text, events_next_version(?::text, ?::int), ?::text, ?::jsonb, ?::jsonb, coalesce(?::timestamptz, now()))
  returning global_position, stream_version, recorded_at, tx_id`;

/**
 * The events' insert with its values. One event, what a command usually appends, binds its fields
 * as they are: as arrays each would be written into an array literal and parsed back out of it.
 */
function eventsInsert(streamId: string, expected: number | null, rows: SerialisedEvents, recordedAt: Date | null): { sql: string; bindings: unknown[] } {
  if (rows.types.length === 1) return { sql: insertEvent, bindings: [streamId, streamId, expected, rows.types[0], rows.data[0], rows.metadata[0], recordedAt] };
  return { sql: insertEvents, bindings: [streamId, recordedAt, streamId, expected, rows.types, rows.data, rows.metadata] };
}

const numberedTexts = new Map<string, string>();
const numberedTextsKept = 2_000;

/** A statement with a `?` per value as a pg connection takes it, with numbered parameters ($1, $2, ...). */
function numbered(sql: string): string {
  let text = numberedTexts.get(sql);
  if (text === undefined) {
    let count = 0;
    text = sql.replace(/\?/g, () => `$${++count}`);
    if (numberedTexts.size >= numberedTextsKept) numberedTexts.clear();
    numberedTexts.set(sql, text);
  }
  return text;
}

/**
 * JSON text as a jsonb column gives it back: objects' keys shortest first, then in byte order (jsonb
 * keeps no other order), so what reads an event just appended sees what reads it later from the table.
 */
function readStored<Value>(text: string): Value {
  return inJsonbOrder(JSON.parse(text)) as Value;
}

function inJsonbOrder(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  const record = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort(jsonbKeyOrder)) setField(ordered, key, inJsonbOrder(record[key]));
  return ordered;
}

const isAscii = (text: string) => Buffer.byteLength(text) === text.length;

function jsonbKeyOrder(a: string, b: string): number {
  // an ASCII key's length and order are its bytes'; others are compared as UTF-8
  if (isAscii(a) && isAscii(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length - right.length || Buffer.compare(left, right);
}

const byStreamVersion = (a: InsertedRow, b: InsertedRow) => a.stream_version - b.stream_version;

type SerialisedEvents = { types: string[]; data: string[]; metadata: string[] };

function serialise(events: NewEvent[]): SerialisedEvents {
  return {
    types: events.map((event) => event.type),
    data: events.map((event) => JSON.stringify(event.data)),
    metadata: events.map((event) => JSON.stringify(stampMetadata(event.schemaVersion ?? 1))),
  };
}

/** The events as appended, numbered from the expected version, before the database gives them a position and time. */
function given(streamId: string, events: NewEvent[], rows: SerialisedEvents) {
  return events.map((event, index) => ({ streamId, streamVersion: 0, type: event.type, data: readStored<RecordedEvent['data']>(rows.data[index]), metadata: readStored<EventMetadata>(rows.metadata[index]) }));
}

/**
 * The events as the projections see them before the database has answered: versions counted from
 * the expected one, the time the append gives, and for each position a stand-in no real position
 * can be (positions count up from 1), which `withWrites` turns into SQL.
 */
function standIns(readable: ReturnType<typeof given>, expected: number, recordedAt: Date, first = 0): RecordedEvent[] {
  return readable.map((event, index) => ({
    ...event,
    streamVersion: expected + index + 1,
    globalPosition: positionStandIn(first + index),
    recordedAt,
    position: { commit: '0', prepare: '0' },
  }));
}

/**
 * The events' insert with the projections' writes as its data-modifying CTEs. Each position
 * stand-in bound in a write becomes the position the insert gave that event, read from the
 * insert's RETURNING. A stand-in that reached a write in another form (inside JSON, as text)
 * cannot be replaced: that is a projection bug, refused rather than written.
 */
function withWrites(insert: { sql: string; bindings: unknown[] }, writes: InlineWrite[], expected: number, count: number): { sql: string; bindings: unknown[] } {
  if (writes.length === 0) return insert;
  const bindings = [...insert.bindings];
  const ctes = writes.map(({ sql, bindings: values }, at) => {
    const pieces = sql.split('?');
    if (pieces.length !== values.length + 1) throw new Error(`A projection's write has ${pieces.length - 1} placeholders for ${values.length} values: ${sql}`);
    let text = pieces[0];
    values.forEach((value, position) => {
      const index = standInIndex(value, count);
      if (index >= 0) {
        text += '(select global_position from appended where stream_version = ?)';
        bindings.push(expected + index + 1);
      } else {
        if (typeof value === 'string' && value.includes(standInText)) throw new Error(`A projection wrote an event's position into ${sql} in a form the append cannot place.`);
        text += '?';
        bindings.push(value);
      }
      text += pieces[position + 1];
    });
    return `write_${at + 1} as (${text})`;
  });
  return { sql: `with appended as (${insert.sql}), ${ctes.join(', ')} select * from appended`, bindings };
}

/** The events with the version, position and time the database gave them (rows in the events' order). */
function placed(events: Array<Omit<RecordedEvent, 'globalPosition' | 'recordedAt' | 'position'>>, rows: InsertedRow[]): RecordedEvent[] {
  return events.map((event, index) => ({
    ...event,
    streamVersion: rows[index].stream_version,
    globalPosition: rows[index].global_position,
    recordedAt: rows[index].recorded_at,
    position: { commit: String(rows[index].tx_id), prepare: String(rows[index].global_position) },
  }));
}

/** A batch statement's connection failed (see isConnectionLost); `cause` is the driver's error. */
class ConnectionLost extends Error {}

/** A failure of the connection, not an answer about the statement: no SQLSTATE, or a connection (08) or operator intervention (57, such as a terminated backend) class. */
function isConnectionLost(error: unknown): boolean {
  const { code } = error as { code?: unknown };
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57');
}

function isStreamVersionConflict(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === uniqueViolation && constraint === streamVersionConstraint;
}

async function streamVersion(knex: Knex, streamId: string): Promise<number> {
  const row = await knex('events').where({ stream_id: streamId }).max('stream_version as version').first();
  return Number(row?.version ?? 0);
}
