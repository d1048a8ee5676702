import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { gatherStatistics } from '../db/statistics.ts';
import { touchReadModels } from '../read-cache/position.ts';
import { activityTotal } from './activity-total.ts';

describeWithDatabase('activity totals kept between counts', (context) => {
  let userId: string;
  beforeEach(async () => {
    userId = randomUUID();
    await context.db.knex('users').insert({ id: userId, name: 'Counter', email: `${userId}@example.test`, password_hash: 'x' });
  });

  /** One event of the user and its feed row, written in `db`'s transaction as the activity projection writes them. */
  async function recordEvent(db: Knex, resource = 'tasks') {
    const streamId = `${resource.slice(0, -1)}-${randomUUID()}`;
    const [{ global_position: position }] = await db('events')
      .insert({ stream_id: streamId, stream_version: 1, type: 'TaskCreated', data: {}, metadata: { userId, correlationId: 'c', requestId: 'r', source: 'ui', schemaVersion: 1 } })
      .returning('global_position');
    await db('activity').insert({
      global_position: position,
      user_id: userId,
      resource,
      record_id: streamId,
      stream_id: streamId,
      stream_version: 1,
      event_type: 'TaskCreated',
      summary: 'Task created',
      occurred_at: new Date(),
    });
  }
  const feed = (resource?: string) => {
    const query = context.db.knex('activity').where('user_id', userId);
    return resource ? query.where('resource', resource) : query;
  };
  const total = (resource?: string) => activityTotal(context.db.knex, userId, `test ${resource ?? 'all'}`, feed(resource));

  it('counts the feed, then only what was written since, and keeps the settled part for the next process', async () => {
    const { knex } = context.db;
    for (let index = 0; index < 5; index += 1) await recordEvent(knex);
    expect(await total()).to.equal(5);
    const kept = await knex('list_totals').where({ user_id: userId, list_key: 'test all' }).first();
    expect(Number(kept.settled_count)).to.equal(5);
    await recordEvent(knex);
    await recordEvent(knex, 'contacts');
    expect(await total()).to.equal(7);
    expect(await total('contacts')).to.equal(1);
    expect(await total()).to.equal(7);
  });

  it('counts every row again once the read rows were rewritten (a touch)', async () => {
    const { knex } = context.db;
    await recordEvent(knex);
    await recordEvent(knex);
    expect(await total()).to.equal(2);
    // A rewrite that removes a row (as a rebuild could) is told by the touch, not by an event.
    const [oldest] = await feed().orderBy('global_position').limit(1).pluck('global_position');
    await knex('activity').where('global_position', oldest).delete();
    await touchReadModels(knex, userId);
    expect(await total()).to.equal(1);
  });

  it('counts a row whose transaction commits after a later one, with a lower position (PostgreSQL)', async function () {
    if (context.engine !== 'postgres') this.skip();
    const { knex } = context.db;
    await recordEvent(knex);
    const early = await knex.transaction();
    try {
      await recordEvent(early);
      await recordEvent(knex);
      expect(await total()).to.equal(2);
      await early.commit();
      expect(await total()).to.equal(3);
      await recordEvent(knex);
      expect(await total()).to.equal(4);
      expect(await total()).to.equal(await feed().clone().count('* as n').first().then((row) => Number(row!.n)));
    } finally {
      if (!early.isCompleted()) await early.rollback();
    }
  });

  it('after a write reads only the rows written since, with the coarse statistics the embedded engine gathers', async () => {
    const { knex } = context.db;
    // written over many transactions, as a user's history is: the planner then has a spread of tx_ids to guess from
    const transactions = 200;
    const perTransaction = 100;
    const written = transactions * perTransaction;
    for (let transaction = 0; transaction < transactions; transaction += 1) {
      await knex.raw(
        `with added as (
           insert into events (stream_id, stream_version, type, data, metadata)
           select 'task-' || gen_random_uuid(), 1, 'TaskCreated', '{}', jsonb_build_object('userId', ?::text, 'source', 'ui', 'schemaVersion', 1)
           from generate_series(1, ?) returning global_position, stream_id
         )
         insert into activity (global_position, user_id, resource, record_id, stream_id, stream_version, event_type, summary, occurred_at)
         select global_position, ?, 'tasks', stream_id, stream_id, 1, 'TaskCreated', 'Task created', now() from added`,
        [userId, perTransaction, userId],
      );
    }
    for (const table of ['events', 'activity']) await gatherStatistics(knex, table);
    expect(await total()).to.equal(written);
    await recordEvent(knex);
    const counts: Array<{ sql: string; bindings: Knex.RawBinding[] }> = [];
    const capture = (query: { sql: string; bindings: Knex.RawBinding[] }) => /count\(\*\)/.test(query.sql) && counts.push(query);
    knex.on('query', capture);
    try {
      expect(await total()).to.equal(written + 1);
    } finally {
      knex.off('query', capture);
    }
    const [{ sql, bindings }] = counts;
    const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await knex.raw(`explain (analyze, buffers, format json) ${sql.replace(/\$\d+/g, '?')}`, bindings)).rows;
    // a scan of the user's feed (the plan the coarse statistics led to) reads about 500 pages
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).to.be.below(50);
  });
});
