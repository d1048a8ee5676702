import { expect } from 'chai';
import type { Knex } from 'knex';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { clearRegulatorCache } from './engine/cache.ts';
import { quarterSnapshot } from './engine/snapshot.ts';
import { demoQuarters } from './demo/generate.ts';
import { loadDemoData } from './demo/load.ts';
import { startScreeningWarmUp } from './screening-warm-up.ts';
import { markRegulatorDataChanged } from './store.ts';

const latest = demoQuarters[demoQuarters.length - 1];

/** Counts the snapshot loads' rank reads (one per text field) sent to the database. */
function countRankReads(knex: Knex): { count(): number; stop(): void } {
  let count = 0;
  const listener = (query: { sql: string }) => {
    if (query.sql.includes('dense_rank() over')) count += 1;
  };
  knex.on('query', listener);
  return { count: () => count, stop: () => knex.removeListener('query', listener) };
}

describeWithDatabase('screening warm-up', (context) => {
  let rankReadsOfOneLoad = 0;

  before(async function () {
    this.timeout(60_000);
    await loadDemoData(context.db.knex, { banks: 40 });
    clearRegulatorCache(context.db.knex);
    const reads = countRankReads(context.db.knex);
    await quarterSnapshot(context.db.knex, latest);
    reads.stop();
    rankReadsOfOneLoad = reads.count();
    expect(rankReadsOfOneLoad).to.be.greaterThan(1);
  });

  beforeEach(() => clearRegulatorCache(context.db.knex));

  it('loads the newest quarter when the server starts, so the first screen asks nothing of the database', async () => {
    const knex = context.db.knex;
    const reads = countRankReads(knex);
    const warmUp = startScreeningWarmUp(knex, { intervalMs: 20 });
    try {
      await eventually(async () => reads.count() === rankReadsOfOneLoad, 'the snapshot loaded in the background');
      await warmUp.idle();
      await quarterSnapshot(knex, latest);
      expect(reads.count()).to.equal(rankReadsOfOneLoad);
    } finally {
      reads.stop();
      await warmUp.stop();
    }
  });

  it('loads again once this process has changed the mirror and the change has been quiet', async () => {
    const knex = context.db.knex;
    const warmUp = startScreeningWarmUp(knex, { intervalMs: 20 });
    const reads = countRankReads(knex);
    try {
      await eventually(async () => reads.count() === rankReadsOfOneLoad, 'the first load');
      await warmUp.idle();
      markRegulatorDataChanged();
      await eventually(async () => reads.count() === 2 * rankReadsOfOneLoad, 'the load after the change');
      await warmUp.idle();
      await quarterSnapshot(knex, latest);
      expect(reads.count()).to.equal(2 * rankReadsOfOneLoad);
    } finally {
      reads.stop();
      await warmUp.stop();
    }
  });

  it('stops between reads when the server stops during a load, and the next screen loads the snapshot whole', async () => {
    const knex = context.db.knex;
    const reads = countRankReads(knex);
    const warmUp = startScreeningWarmUp(knex, { intervalMs: 20 });
    await warmUp.stop();
    expect(reads.count()).to.be.lessThan(rankReadsOfOneLoad);
    reads.stop();
    const snapshot = await quarterSnapshot(knex, latest);
    expect(snapshot.cert.length).to.equal(await knex('fdic_institutions').count({ n: '*' }).then(([row]) => Number(row.n)));
  });
});
