import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { takeAdvisoryLock } from './advisory-lock.ts';

describeWithDatabase('advisory locks', (context) => {
  const key = 72_410_999;
  before(function () {
    if (context.engine !== 'postgres') this.skip(); // the embedded database serves one process: nothing to lock against
  });

  it('is held by one session at a time, the next taking it once it is let go', async () => {
    const { knex } = context.db;
    const first = await takeAdvisoryLock(knex, key, { wait: false });
    expect(first).to.not.equal(undefined);
    expect(await takeAdvisoryLock(knex, key, { wait: false })).to.equal(undefined);
    const waiting = takeAdvisoryLock(knex, key, { wait: true });
    await first!.release();
    await (await waiting)!.release();
  });

  it('lets go without failing when its connection was lost (the database restarted), the lock gone with it', async () => {
    const { knex } = context.db;
    const lock = await takeAdvisoryLock(knex, key, { wait: false });
    const { rows } = await knex.raw("select pid from pg_locks where locktype = 'advisory' and objid = ? and database = (select oid from pg_database where datname = current_database())", [key]);
    await knex.raw('select pg_terminate_backend(?)', [rows[0].pid]);
    await eventually(async () => (await knex.raw('select 1 from pg_stat_activity where pid = ?', [rows[0].pid])).rows.length === 0, 'the session holding the lock to end');
    await lock!.release();
    const again = await takeAdvisoryLock(knex, key, { wait: false });
    expect(again).to.not.equal(undefined);
    await again!.release();
  });
});
