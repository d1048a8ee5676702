import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { describeWithDatabase } from '../../../test/support/database.ts';
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
});
