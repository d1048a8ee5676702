import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { bankTimeline } from './activity-routes.ts';

describeWithDatabase("a bank's timeline", (context) => {
  it('reads the rows of the records that named the bank, not the whole feed before them', async () => {
    const { knex } = context.db;
    const userId = randomUUID();
    await knex('users').insert({ id: userId, name: 'Timeline', email: `${userId}@example.test`, password_hash: 'x' });
    // 2,000 tasks of ten events each, oldest first; each names its bank in its first event only,
    // and the bank asked for is named by the five oldest (the feed is read newest first)
    await knex.raw(
      `insert into activity (global_position, user_id, resource, record_id, stream_id, stream_version, event_type, summary, occurred_at, bank_id)
       select task * 10 + version, ?, 'tasks', 'task' || task, 'task-task' || task, version, 'TaskRescheduled', 'Task rescheduled',
         timestamptz '2026-01-01' + make_interval(mins => task * 10 + version), case when version = 1 then case when task < 5 then 7 else 100 + task % 50 end end
       from generate_series(0, 1999) as task, generate_series(1, 10) as version`,
      [userId],
    );
    await knex.raw('analyze activity');
    const page = bankTimeline(knex, userId, 7)(knex('activity').where('user_id', userId)).orderByRaw('occurred_at desc nulls last, global_position desc').limit(25);
    const rows = await page.clone().pluck('global_position');
    expect(rows.map(Number)).to.deep.equal(Array.from({ length: 25 }, (_, index) => 50 - index));
    const { sql, bindings } = page.toSQL();
    const [{ 'QUERY PLAN': [{ Plan: plan }] }] = (await knex.raw(`explain (analyze, buffers, format json) ${sql}`, bindings)).rows;
    // the records' own rows: about 70 pages; the feed read newest first down to them: about 360
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).to.be.below(150);
  });
});
