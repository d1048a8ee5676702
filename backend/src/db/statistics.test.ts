import { expect } from 'chai';
import { openDatabase, type Database } from './database.ts';
import { refreshStaleStatistics } from './statistics.ts';

describe('planner statistics on the embedded engine', () => {
  let db: Database;
  before(async () => {
    db = await openDatabase({ engine: 'pglite' });
    await db.knex.raw('create table loaded (id serial primary key, note text)');
    await db.knex.raw('create table small (id serial primary key)');
    await db.knex.raw('insert into small default values');
  });
  after(async () => db.close());

  const load = (rows: number) => db.knex.raw(`insert into loaded (note) select 'row ' || g from generate_series(1, ?) g`, [rows]);
  const statistics = async () => Number((await db.knex.raw(`select count(*) as count from pg_stats where tablename = 'loaded'`)).rows[0].count);

  it('analyzes a table loaded since it was created, and leaves a table of a few rows alone', async () => {
    await load(5_000);
    expect(await statistics()).to.equal(0);
    expect(await refreshStaleStatistics(db.knex)).to.deep.equal(['loaded']);
    expect(await statistics()).to.be.greaterThan(0);
  });

  it('skips a table dropped between being listed and being analyzed', async () => {
    await db.knex.raw('create table dropped (id serial primary key, note text)');
    await db.knex.raw(`insert into dropped (note) select 'row ' || g from generate_series(1, 5000) g`);
    const raw = db.knex.raw.bind(db.knex);
    const dropping = new Proxy(db.knex, {
      get: (target, property) => (property === 'transaction' ? async (work: (trx: unknown) => Promise<void>) => { await raw('drop table if exists dropped'); return target.transaction(work as never); } : Reflect.get(target, property)),
    });
    expect(await refreshStaleStatistics(dropping)).to.deep.equal([]);
  });

  it('analyzes it again only once it has grown by a fifth', async () => {
    expect(await refreshStaleStatistics(db.knex)).to.deep.equal([]);
    await load(500);
    expect(await refreshStaleStatistics(db.knex)).to.deep.equal([]);
    await load(2_000);
    expect(await refreshStaleStatistics(db.knex)).to.deep.equal(['loaded']);
    expect(await refreshStaleStatistics(db.knex)).to.deep.equal([]);
  });
});
