import { expect } from 'chai';
import type { Knex } from 'knex';
import { openDatabase, type Database } from '../db/database.ts';
import { connectionCuttingProxy, type ConnectionCuttingProxy } from '../../../test/support/connection-cutting-proxy.ts';
import { describeWithDatabase, freshDatabase } from '../../../test/support/database.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { eventStoreContract, readToEnd } from './event-store.contract.ts';
import { PostgresEventStore } from './postgres.ts';
import { WrongExpectedVersionError, type RecordedEvent } from './types.ts';

describeWithDatabase('PostgresEventStore contract', (context) => {
  eventStoreContract(async () => new PostgresEventStore(context.db.knex, undefined, 20));
});

/**
 * The gap problem: a transaction takes a low global position, then commits after others that took
 * higher ones. A reader that advanced by position alone would step over it for good. Needs real
 * concurrent transactions, so PostgreSQL only (PGlite has a single connection).
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('PostgresEventStore catch-up under a slow transaction [postgres] (needs TEST_DATABASE_URL)', () => {
  let db: Database;
  let store: PostgresEventStore;
  let release: () => void;
  let slowInserted: Promise<void>;

  beforeEach(async function () {
    this.timeout(60_000);
    db = await freshDatabase('postgres');
    let markInserted!: () => void;
    slowInserted = new Promise((resolve) => (markInserted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The inline handler runs inside the append's transaction, after its insert: holding it here
    // keeps a transaction open with its low position taken and nothing committed.
    const holdSlowStream = async (events: RecordedEvent[], _trx: Knex.Transaction) => {
      if (events[0].streamId !== 'slow') return;
      markInserted();
      await gate;
    };
    store = new PostgresEventStore(db.knex, holdSlowStream, 10);
  });

  afterEach(async () => {
    release();
    await store.close();
    await db.close();
  });

  const appendFast = async (count: number) => {
    const appended: RecordedEvent[] = [];
    for (let index = 0; index < count; index++) {
      appended.push(...(await store.append(`fast-${index}`, [{ type: 'Fast', data: { index } }], { expectedVersion: 'no_stream' })).events);
    }
    return appended;
  };

  it('holds back events committed after an open transaction, then reads them all, none skipped', async () => {
    const [early] = await appendFast(1);
    const slowAppend = store.append('slow', [{ type: 'Slow', data: {} }], { expectedVersion: 'no_stream' });
    await slowInserted;
    const committedMeanwhile = await Promise.all([1, 2, 3].map((n) => store.append(`late-${n}`, [{ type: 'Late', data: { n } }], { expectedVersion: 'no_stream' })));

    const [slowRow] = await db.knex('events').where({ stream_id: 'slow' }).count({ open: '*' });
    expect(Number(slowRow.open), 'the slow event is not visible yet').to.equal(0);
    const beforeCommit = await readToEnd(store, 'start', 2);
    expect(beforeCommit.events.map((event) => event.streamId)).to.deep.equal([early.streamId]);

    release();
    const [slow] = (await slowAppend).events;
    for (const late of committedMeanwhile) {
      expect(slow.globalPosition, 'the slow event took the lower position').to.be.below(late.events[0].globalPosition);
    }

    const afterCommit = await readToEnd(store, beforeCommit.next, 2);
    expect(afterCommit.events.map((event) => event.streamId).sort()).to.deep.equal(['late-1', 'late-2', 'late-3', 'slow']);
  });

  it('lets a live subscription deliver every event exactly once across the slow commit', async () => {
    await appendFast(2);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(async (event) => void seen.push(event), { from: 'start' });
    await subscription.caughtUp;

    const slowAppend = store.append('slow', [{ type: 'Slow', data: {} }], { expectedVersion: 'no_stream' });
    await slowInserted;
    for (const n of [1, 2, 3]) await store.append(`late-${n}`, [{ type: 'Late', data: { n } }], { expectedVersion: 'no_stream' });
    // Each append above woke the subscription; give it a few polls with the slow transaction open.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.map((event) => event.streamId), 'nothing past the open transaction is delivered').to.deep.equal(['fast-0', 'fast-1']);

    release();
    await slowAppend;
    await eventually(() => seen.length >= 6, 'the held-back events');
    await subscription.close();
    // The slow transaction started first, so it is delivered first: a subscription that had run
    // ahead would have stepped over it and never delivered it.
    expect(seen.map((event) => event.streamId)).to.deep.equal(['fast-0', 'fast-1', 'slow', 'late-1', 'late-2', 'late-3']);
  });
});

/**
 * The append as one statement: the events' insert with the inline projections' writes as its CTEs,
 * on both engines. It must stay all or nothing, place each event's position in its read rows as the
 * database gave it, and hand every case it cannot do in one statement to the transaction.
 */
describeWithDatabase('PostgresEventStore append in one statement', (context) => {
  before(async () => {
    await context.db.knex.schema.createTable('projected_rows', (table) => {
      table.text('id').primary();
      table.bigInteger('global_position');
      table.integer('stream_version');
      table.timestamp('recorded_at', { useTz: true });
      table.text('note');
    });
  });

  /**
   * A projection of each event to one row of `projected_rows` keyed by `id(event)` (a row already
   * there gets the newer note), given both as the transaction's handler and as one-statement writes.
   */
  const projecting = (id: (event: RecordedEvent) => string) => {
    const rowOf = (event: RecordedEvent) => ({ id: id(event), global_position: event.globalPosition, stream_version: event.streamVersion, recorded_at: event.recordedAt, note: String((event.data as { note?: string }).note ?? '') });
    const sql = 'insert into projected_rows (id, global_position, stream_version, recorded_at, note) values (?, ?, ?, ?, ?) on conflict (id) do update set note = excluded.note';
    let inTransaction = 0;
    const handler = async (events: RecordedEvent[], trx: Knex.Transaction) => {
      inTransaction += 1;
      for (const event of events) {
        const row = rowOf(event);
        await trx.raw(sql, [row.id, row.global_position, row.stream_version, row.recorded_at, row.note]);
      }
    };
    let oneStatement = 0;
    const writes = (events: RecordedEvent[]) => {
      oneStatement += 1;
      return events.map((event) => {
        const row = rowOf(event);
        return { sql, bindings: [row.id, row.global_position, row.stream_version, row.recorded_at, row.note], row: row.id };
      });
    };
    return { handler: Object.assign(handler, { writes }), oneStatementCalls: () => oneStatement, transactionCalls: () => inTransaction };
  };

  const storedAndProjected = async (streamId: string) => {
    const stored: Array<{ global_position: string; stream_version: number; recorded_at: Date }> = await context.db
      .knex('events')
      .where({ stream_id: streamId })
      .orderBy('stream_version')
      .select('global_position', 'stream_version', 'recorded_at');
    const projected: Array<{ global_position: string; stream_version: number; recorded_at: Date }> = await context.db
      .knex('projected_rows')
      .whereIn('global_position', stored.map((row) => row.global_position))
      .orderBy('stream_version');
    const shape = (rows: typeof stored) => rows.map((row) => [Number(row.global_position), row.stream_version, row.recorded_at.getTime()]);
    return { stored: shape(stored), projected: shape(projected) };
  };

  it("writes each event's position and time into its read rows as the database gave them, at an expected version and at any", async () => {
    const { handler, transactionCalls } = projecting((event) => `${event.streamId}/${event.streamVersion}`);
    const store = new PostgresEventStore(context.db.knex, handler);
    const first = await store.append('one-statement-positions', [1, 2, 3].map((n) => ({ type: 'Counted', data: { n } })), { expectedVersion: 'no_stream' });
    await store.append('one-statement-other', [{ type: 'Counted', data: { n: 0 } }], { expectedVersion: 'no_stream' });
    const second = await store.append('one-statement-positions', [4, 5].map((n) => ({ type: 'Counted', data: { n } })), { expectedVersion: 3 });
    expect(transactionCalls(), 'appends at a known version, in one statement').to.equal(0);
    const third = await store.append('one-statement-positions', [{ type: 'Counted', data: { n: 6 } }], { expectedVersion: 'any' });
    const { stored, projected } = await storedAndProjected('one-statement-positions');
    expect(transactionCalls(), 'the append at any version, in the transaction').to.equal(1);
    expect(stored).to.have.length(6);
    expect(projected).to.deep.equal(stored);
    expect([...first.events, ...second.events, ...third.events].map((event) => [event.globalPosition, event.streamVersion, event.recordedAt.getTime()])).to.deep.equal(stored);
  });

  it('gives back an appended event with its keys in the order the table gives them back', async () => {
    const data = JSON.parse('{"zeta":1,"b":{"yy":[{"é":1,"e":2,"ab":3}],"x":null},"a":"1","__proto__":{"é":0,"z":1},"ä":2,"ab":true}');
    const store = new PostgresEventStore(context.db.knex, projecting((event) => event.streamId).handler);
    const [appended] = (await store.append('one-statement-key-order', [{ type: 'Ordered', data }], { expectedVersion: 'no_stream' })).events;
    const [read] = await store.readStream('one-statement-key-order');
    const keysDeep = (value: unknown): unknown =>
      value === null || typeof value !== 'object' ? value : Array.isArray(value) ? value.map(keysDeep) : Object.entries(value).map(([key, inner]) => [key, keysDeep(inner)]);
    expect(keysDeep(appended.data)).to.deep.equal(keysDeep(read.data));
    expect(Object.keys(appended.data)).to.deep.equal(['a', 'b', 'ab', 'ä', 'zeta', '__proto__']);
    expect(Object.getPrototypeOf(appended.data)).to.equal(Object.prototype);
  });

  it('stores no event when a projection statement fails in the database', async () => {
    const failing = Object.assign(async () => undefined, { writes: () => [{ sql: 'insert into no_such_read_table (id) values (?)', bindings: [1], row: 'no_such_read_table 1' }] });
    const store = new PostgresEventStore(context.db.knex, failing);
    let failure: unknown;
    await store.append('one-statement-db-failure', [{ type: 'Tried', data: {} }], { expectedVersion: 'no_stream' }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/no_such_read_table/);
    expect(await context.db.knex('events').where({ stream_id: 'one-statement-db-failure' }).pluck('type')).to.deep.equal([]);
  });

  it('stores no event when working out the writes throws, and the store goes on appending', async () => {
    const { handler } = projecting((event) => event.streamId);
    const broken = Object.assign(async () => undefined, {
      writes: () => {
        throw new Error('projection bug');
      },
    });
    let failure: unknown;
    await new PostgresEventStore(context.db.knex, broken).append('one-statement-handler-failure', [{ type: 'Tried', data: {} }], { expectedVersion: 'no_stream' }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/projection bug/);
    expect(await context.db.knex('events').where({ stream_id: 'one-statement-handler-failure' }).pluck('type')).to.deep.equal([]);
    await new PostgresEventStore(context.db.knex, handler).append('one-statement-after-failure', [{ type: 'Done', data: {} }], { expectedVersion: 'no_stream' });
    expect(await context.db.knex('events').where({ stream_id: 'one-statement-after-failure' }).pluck('type')).to.deep.equal(['Done']);
  });

  it('stores neither events nor read rows at a stale expected version, and says which version the stream is at', async () => {
    const { handler } = projecting((event) => `${event.streamId}/${event.streamVersion}`);
    const store = new PostgresEventStore(context.db.knex, handler);
    await store.append('one-statement-stale', [{ type: 'Opened', data: {} }, { type: 'Named', data: {} }], { expectedVersion: 'no_stream' });
    let failure: unknown;
    await store.append('one-statement-stale', [{ type: 'Renamed', data: {} }], { expectedVersion: 1 }).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(WrongExpectedVersionError);
    expect((failure as WrongExpectedVersionError).actual).to.equal(2);
    const { stored, projected } = await storedAndProjected('one-statement-stale');
    expect(stored).to.have.length(2);
    expect(projected).to.deep.equal(stored);
  });

  it("refuses a projection that writes an event's position in a form the append cannot place, storing nothing", async () => {
    const hiding = Object.assign(async () => undefined, {
      writes: (events: RecordedEvent[]) => [{ sql: 'insert into projected_rows (id, note) values (?, ?)', bindings: ['hidden', JSON.stringify({ at: events[0].globalPosition })], row: 'hidden' }],
    });
    let failure: unknown;
    await new PostgresEventStore(context.db.knex, hiding).append('one-statement-hidden-position', [{ type: 'Tried', data: {} }], { expectedVersion: 'no_stream' }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/cannot place/);
    expect(await context.db.knex('events').where({ stream_id: 'one-statement-hidden-position' }).pluck('type')).to.deep.equal([]);
  });

  it('hands two writes to one row to the transaction, where the second sees the first', async () => {
    const { handler, oneStatementCalls, transactionCalls } = projecting((event) => event.streamId);
    const store = new PostgresEventStore(context.db.knex, handler);
    await store.append('one-statement-same-row', [{ type: 'Noted', data: { note: 'first' } }, { type: 'Noted', data: { note: 'second' } }], { expectedVersion: 'no_stream' });
    expect(oneStatementCalls()).to.equal(1);
    expect(transactionCalls()).to.equal(1);
    expect(await context.db.knex('projected_rows').where({ id: 'one-statement-same-row' }).pluck('note')).to.deep.equal(['second']);
    expect(await context.db.knex('events').where({ stream_id: 'one-statement-same-row' }).orderBy('stream_version').pluck('type')).to.deep.equal(['Noted', 'Noted']);
  });
});

/**
 * A connection that dies mid-append leaves the client without an answer, not necessarily without a
 * write. The store asks the database which it was, so a command that took effect is not reported
 * failed (and sent again by its user). Needs connections to cut, so PostgreSQL only.
 */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('PostgresEventStore when a connection dies mid-append [postgres] (needs TEST_DATABASE_URL)', () => {
  let db: Database;
  let proxy: ConnectionCuttingProxy;
  let proxied: Database;
  let store: PostgresEventStore;

  before(async function () {
    this.timeout(60_000);
    db = await freshDatabase('postgres');
    const url = new URL((db.knex.client.config as { connection: { connectionString: string } }).connection.connectionString);
    proxy = await connectionCuttingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 4 });
  });

  beforeEach(() => {
    store = new PostgresEventStore(proxied.knex);
  });

  after(async () => {
    await proxied?.close();
    await proxy?.close();
    await db?.close();
  });

  const storedIn = (streamId: string) => db.knex('events').where({ stream_id: streamId }).orderBy('stream_version').select('global_position', 'stream_version', 'type');

  it('answers an append whose answer was lost after it committed with the events it stored, stored once', async () => {
    proxy.cutAt('answer-lost', 'answer');
    const { events } = await store.append('answer-lost', [{ type: 'Noted', data: { note: 'once' } }], { expectedVersion: 'no_stream' });
    expect(proxy.cuts()).to.equal(1);
    const stored = await storedIn('answer-lost');
    expect(stored.map((row) => [Number(row.global_position), row.stream_version])).to.deep.equal([[events[0].globalPosition, 1]]);
    expect(events[0].data).to.deep.equal({ note: 'once' });
  });

  it('answers every append of a batch whose answer was lost, each with its own event', async () => {
    proxy.cutAt('batch-lost-b', 'answer');
    // the first goes alone; the three that come while it runs go together as one statement
    const appends = ['batch-lost-a', 'batch-lost-b', 'batch-lost-c', 'batch-lost-d'].map((streamId) => store.append(streamId, [{ type: 'Noted', data: { streamId } }], { expectedVersion: 'no_stream' }));
    const results = await Promise.all(appends);
    expect(proxy.cuts()).to.equal(1);
    for (const result of results) {
      const [event] = result.events;
      const stored = await storedIn(event.streamId);
      expect(stored.map((row) => Number(row.global_position)), event.streamId).to.deep.equal([event.globalPosition]);
      expect(event.data).to.deep.equal({ streamId: event.streamId });
    }
  });

  it('fails an append whose request was lost, storing nothing, and the same append then goes through', async () => {
    proxy.cutAt('request-lost', 'request');
    const lost = await store.append('request-lost', [{ type: 'Noted', data: {} }], { expectedVersion: 'no_stream' }).then(() => undefined, (error: unknown) => error);
    expect(proxy.cuts()).to.equal(1);
    expect(lost, 'the connection error').to.be.instanceOf(Error);
    expect(await storedIn('request-lost')).to.deep.equal([]);
    await store.append('request-lost', [{ type: 'Noted', data: {} }], { expectedVersion: 'no_stream' });
    expect((await storedIn('request-lost')).map((row) => row.stream_version)).to.deep.equal([1]);
  });

  it('fails an append in a transaction whose connection died before its commit, storing nothing', async () => {
    // a projection that reads sends the append to a transaction of its own
    const reading = Object.assign(async () => undefined, {});
    store = new PostgresEventStore(proxied.knex, reading);
    proxy.cutAt('transaction-lost', 'answer');
    const lost = await store.append('transaction-lost', [{ type: 'Noted', data: {} }], { expectedVersion: 'no_stream' }).then(() => undefined, (error: unknown) => error);
    expect(proxy.cuts()).to.equal(1);
    expect(lost, 'the connection error').to.be.instanceOf(Error);
    expect(await storedIn('transaction-lost')).to.deep.equal([]);
  });

  it("does not take another append's event at the expected version for its own", async () => {
    proxy.cutAt('someone-else', 'request');
    const lost = store.append('someone-else', [{ type: 'Noted', data: { by: 'me' } }], { expectedVersion: 'no_stream' }).then(() => undefined, (error: unknown) => error);
    // another writer takes version 1 meanwhile: the lost append must not answer with it
    await new PostgresEventStore(db.knex).append('someone-else', [{ type: 'Noted', data: { by: 'them' } }], { expectedVersion: 'no_stream' });
    expect(await lost, 'the connection error').to.be.instanceOf(Error);
  });
});
