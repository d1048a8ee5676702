import { expect } from 'chai';
import type { Knex } from 'knex';
import { batchStatement, positionStandIn } from '../backend/src/eventstore/append-batch.ts';
import { PostgresEventStore } from '../backend/src/eventstore/postgres.ts';
import { WrongExpectedVersionError, type NewEvent, type RecordedEvent } from '../backend/src/eventstore/types.ts';
import { describeWithDatabase } from '../test/support/database.ts';
import { writeEvents } from './row-batch.ts';
import { changeSet, increment, insert, mergeJson, remove, rowProjection, update, upsert, type RowProjection } from './row-projection.ts';
import { inlineProjections } from './runner.ts';

/**
 * Appends of one event that come while statements run wait and go together as one statement
 * (append-batch.ts). Started in one tick, the first appends go alone and the rest wait for them, so
 * the batch is certain: its events share one transaction id.
 */
describeWithDatabase('inline projections, appends sent together', (context) => {
  before(async () => {
    await context.db.knex.schema.createTable('batched_counters', (table) => {
      table.text('id').primary();
      table.text('note');
      table.integer('hits').notNullable().defaultTo(0);
      table.jsonb('tags').notNullable().defaultTo('{}');
      table.integer('version').notNullable();
      table.timestamp('created_at', { useTz: true });
      table.timestamp('updated_at', { useTz: true });
    });
    await context.db.knex.schema.createTable('batched_feed', (table) => {
      table.bigInteger('global_position').primary();
      table.text('stream_id').notNullable();
      table.text('event_type').notNullable();
    });
  });

  beforeEach(async () => {
    await context.db.knex.raw('truncate batched_counters, batched_feed');
  });

  const data = (event: RecordedEvent) => event.data as { note?: string; tag?: string; row?: string };
  const counters = rowProjection({ name: 'batched_counters', title: 'Batched counters', table: 'batched_counters', key: ['id'], version: 1, streamKey: (streamId) => ({ id: streamId }) }, ['Opened', 'Bumped', 'Noted', 'Closed'], (event) => {
    switch (event.type) {
      case 'Opened':
        return insert({ id: event.streamId, note: data(event).note ?? null });
      case 'Bumped':
        return update({ hits: increment(), tags: mergeJson({ [data(event).tag ?? 'none']: true }) });
      case 'Noted':
        return upsert({ id: data(event).row ?? event.streamId, note: data(event).note ?? null }, ['note']);
      default:
        return remove();
    }
  });
  const feed = rowProjection({ name: 'batched_feed', title: 'Batched feed', table: 'batched_feed', key: ['global_position'], version: 1, versioned: false }, ['Opened', 'Bumped', 'Noted', 'Closed'], (event) =>
    insert({ global_position: event.globalPosition, stream_id: event.streamId, event_type: event.type }),
  );
  const projections: RowProjection[] = [counters, feed];
  const newStore = () => new PostgresEventStore(context.db.knex, inlineProjections(projections));
  const one = (type: string, eventData: Record<string, unknown> = {}): NewEvent[] => [{ type, data: eventData }];
  const streams = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

  const transactionsOf = async (streamIds: string[]) => new Set(await context.db.knex('events').whereIn('stream_id', streamIds).pluck('tx_id')).size;

  const rowsOf = async () => ({
    counters: await context.db.knex('batched_counters').orderBy('id').select('id', 'note', 'hits', 'tags', 'version'),
    feed: (await context.db.knex('batched_feed').orderBy('global_position').select('global_position', 'stream_id', 'event_type')).map((row) => ({ ...row, global_position: Number(row.global_position) })),
  });

  it("sends appends that wait while a statement runs as one statement, each event's position in its own read rows", async () => {
    const store = newStore();
    const ids = streams('together', 12);
    const appended = await Promise.all(ids.map((id, index) => store.append(id, one('Opened', { note: `n${index}` }), { expectedVersion: 'no_stream' })));
    expect(await transactionsOf(ids)).to.be.below(ids.length);
    const stored = await context.db.knex('events').whereIn('stream_id', ids).orderBy('global_position').select('global_position', 'stream_id', 'type');
    expect(appended.map((result) => result.events[0].globalPosition).sort((a, b) => a - b)).to.deep.equal(stored.map((row) => Number(row.global_position)));
    const { counters: rows, feed: feedRows } = await rowsOf();
    expect(feedRows).to.deep.equal(stored.map((row) => ({ global_position: Number(row.global_position), stream_id: row.stream_id, event_type: row.type })));
    expect(rows.map((row) => [row.id, row.note, row.version])).to.deep.equal(ids.map((id) => [id, `n${id.split('-')[1]}`, 1]).sort());
  });

  it('reaches the rows a batch updates through their key, not by reading the whole table', async () => {
    const { knex } = context.db;
    await knex.raw(`insert into batched_counters (id, version) select 'row-' || i, 1 from generate_series(1, 20000) as i`);
    await knex.raw('analyze batched_counters');
    const appends = Array.from({ length: 15 }, (_, index) => {
      const bumped: RecordedEvent = { streamId: `row-${index}`, streamVersion: 2, globalPosition: positionStandIn(index), type: 'Bumped', data: { tag: 'hot' }, metadata: { correlationId: 'c', requestId: 'r', source: 'ui', schemaVersion: 1 }, recordedAt: new Date(), position: { commit: '0', prepare: '0' } };
      return { streamId: bumped.streamId, expected: 1, type: bumped.type, data: JSON.stringify(bumped.data), metadata: '{}', writes: [changeSet(counters.table, counters.key, counters.change(bumped)!)!] };
    });
    const { sql, bindings } = batchStatement(appends, new Date());
    const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await knex.raw(`explain (format json) ${sql}`, bindings as Knex.RawBinding[])).rows;
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
    const scannedTables = (node: PlanNode): string[] => [...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []), ...(node.Plans ?? []).flatMap(scannedTables)];
    expect(scannedTables(plan)).to.not.include('batched_counters');
  });

  it('fails only the append whose stream is not at its expected version; the others are stored and projected', async () => {
    const store = newStore();
    const ids = streams('stale', 8);
    for (const id of ids) await store.append(id, one('Opened'), { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled(ids.map((id, index) => store.append(id, one('Bumped', { tag: `t${index}` }), { expectedVersion: index === 5 ? 7 : 1 })));
    expect(results.map((result) => result.status)).to.deep.equal(ids.map((_, index) => (index === 5 ? 'rejected' : 'fulfilled')));
    expect((results[5] as PromiseRejectedResult).reason).to.be.instanceOf(WrongExpectedVersionError);
    const { counters: rows } = await rowsOf();
    expect(rows.map((row) => [row.id, row.hits, row.version])).to.deep.equal(ids.map((id, index) => [id, index === 5 ? 0 : 1, index === 5 ? 1 : 2]));
    expect(rows[2].tags).to.deep.equal({ t2: true });
  });

  it('sends two appends that write one row in different statements, both applied', async () => {
    const store = newStore();
    const ids = streams('shared', 6);
    await Promise.all(ids.map((id) => store.append(id, one('Noted', { row: 'shared-row', note: id }), { expectedVersion: 'no_stream' })));
    expect(await transactionsOf(ids)).to.equal(ids.length);
    const { counters: rows, feed: feedRows } = await rowsOf();
    expect(rows).to.have.length(1);
    expect(feedRows).to.have.length(ids.length);
  });

  it("fails only the append whose projection hides its event's position where it cannot be placed", async () => {
    const hiding = rowProjection({ name: 'batched_feed', title: 'Batched feed', table: 'batched_feed', key: ['global_position'], version: 1, versioned: false }, ['Opened'], (event) =>
      insert({ global_position: event.globalPosition, stream_id: event.streamId, event_type: event.streamId === 'hiding-3' ? `at ${event.globalPosition}` : event.type }),
    );
    const store = new PostgresEventStore(context.db.knex, inlineProjections([counters, hiding]));
    const ids = streams('hiding', 6);
    const results = await Promise.allSettled(ids.map((id) => store.append(id, one('Opened'), { expectedVersion: 'no_stream' })));
    expect(results.map((result) => result.status)).to.deep.equal(ids.map((id) => (id === 'hiding-3' ? 'rejected' : 'fulfilled')));
    expect(String((results[3] as PromiseRejectedResult).reason)).to.match(/cannot place/);
    expect(await context.db.knex('events').whereIn('stream_id', ids).orderBy('stream_id').pluck('stream_id')).to.deep.equal(ids.filter((id) => id !== 'hiding-3'));
  });

  it('fails only the append whose write the database refuses; the others of its batch are stored and projected', async () => {
    const refusing = rowProjection({ name: 'batched_counters', title: 'Batched counters', table: 'batched_counters', key: ['id'], version: 1 }, ['Opened'], (event) =>
      insert({ id: event.streamId, hits: event.streamId === 'refused-2' ? null : 0 }),
    );
    const store = new PostgresEventStore(context.db.knex, inlineProjections([refusing, feed]));
    const ids = streams('refused', 6);
    const results = await Promise.allSettled(ids.map((id) => store.append(id, one('Opened'), { expectedVersion: 'no_stream' })));
    expect(results.map((result) => result.status)).to.deep.equal(ids.map((id) => (id === 'refused-2' ? 'rejected' : 'fulfilled')));
    expect(String((results[2] as PromiseRejectedResult).reason)).to.match(/hits/);
    const { counters: rows, feed: feedRows } = await rowsOf();
    expect(rows.map((row) => row.id)).to.deep.equal(ids.filter((id) => id !== 'refused-2'));
    expect(feedRows.map((row) => row.stream_id).sort()).to.deep.equal(ids.filter((id) => id !== 'refused-2'));
  });

  it('answers every append of a batch whose connection was lost with that failure, sending none of them again', async function () {
    if (context.engine !== 'pglite') this.skip(); // the embedded engine's statements go through knex.raw, where the loss is staged
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    const knex = context.db.knex;
    const losing = new Proxy(knex, {
      get: (target, property) =>
        property === 'raw' ? (sql: string, bindings: unknown[]) => (sql.trimStart().startsWith('with input as') ? Promise.reject(lost) : target.raw(sql, bindings as never)) : Reflect.get(target, property),
    });
    const store = new PostgresEventStore(losing, inlineProjections(projections));
    const ids = streams('lost', 6);
    const results = await Promise.allSettled(ids.map((id) => store.append(id, one('Opened'), { expectedVersion: 'no_stream' })));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(failures.length).to.be.at.least(2);
    for (const failure of failures) expect(failure.reason).to.equal(lost);
    expect(await knex('events').whereIn('stream_id', ids).count({ stored: '*' })).to.deep.equal([{ stored: ids.length - failures.length }]);
  });

  it('leaves the same rows as writing every event again one batch after another (a rebuild)', async () => {
    const store = newStore();
    const ids = streams('same', 10);
    await Promise.all(ids.map((id) => store.append(id, one('Opened', { note: 'opened' }), { expectedVersion: 'no_stream' })));
    await Promise.all(ids.map((id, index) => store.append(id, one('Bumped', { tag: `a${index % 3}` }), { expectedVersion: 1 })));
    await Promise.all(ids.map((id, index) => store.append(id, index % 4 === 0 ? one('Closed') : one('Noted', { note: `noted ${index}` }), { expectedVersion: 2 })));
    await Promise.all(ids.filter((_, index) => index % 4 !== 0).map((id) => store.append(id, one('Bumped', { tag: 'b' }), { expectedVersion: 3 })));
    expect(await transactionsOf(ids)).to.be.below(34);
    const live = await rowsOf();
    expect(live.counters).to.have.length(7);
    expect(live.counters.find((row) => row.id === 'same-1')).to.deep.include({ note: 'noted 1', hits: 2, tags: { a1: true, b: true }, version: 4 });

    const { events } = await store.readAll({ after: 'start', limit: 10_000 });
    await context.db.knex.raw('truncate batched_counters, batched_feed');
    await context.db.knex.transaction((trx) => writeEvents(trx, projections, events.filter((event) => ids.includes(event.streamId))));
    expect(await rowsOf()).to.deep.equal(live);
  });
});
