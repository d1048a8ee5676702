import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { eventually } from '../../../../test/support/eventually.ts';
import { cached, cachedRefreshing, sharedVersionCheckMs } from './cache.ts';
import { markRegulatorDataChanged, noteRegulatorDataChanged } from '../store.ts';

/** Another process noting a write: the shared counter moves, this process's own counter does not. */
const otherProcessWrites = (knex: Parameters<typeof noteRegulatorDataChanged>[0]) => knex.raw('update regulator_data_version set version = version + 1 where id = 1');

describeWithDatabase('regulator cache', (context) => {
  let loads = 0;
  const load = async () => ++loads;

  beforeEach(() => {
    loads = 0;
  });

  it('loads once and serves the same answer while the mirror is unchanged', async () => {
    const knex = context.db.knex;
    expect(await cached(knex, 'unchanged', load)).to.equal(1);
    expect(await cached(knex, 'unchanged', load)).to.equal(1);
    await sleep(sharedVersionCheckMs + 100);
    // The shared counter is read again, but it has not moved: nothing reloads.
    await cached(knex, 'unchanged', load);
    await sleep(50);
    expect(await cached(knex, 'unchanged', load)).to.equal(1);
  });

  it('reloads at once after a write in this process', async () => {
    const knex = context.db.knex;
    expect(await cached(knex, 'own-write', load)).to.equal(1);
    markRegulatorDataChanged();
    expect(await cached(knex, 'own-write', load)).to.equal(2);
  });

  it('reloads after another process notes a change, once the shared counter is read again', async function () {
    this.timeout(10_000);
    const knex = context.db.knex;
    expect(await cached(knex, 'other-write', load)).to.equal(1);
    await otherProcessWrites(knex);
    expect(await cached(knex, 'other-write', load)).to.equal(1);
    await sleep(sharedVersionCheckMs + 100);
    // The first call past the check interval starts the re-read in the background and answers
    // from the cache; a later call, once the re-read is back, loads afresh.
    expect(await cached(knex, 'other-write', load)).to.equal(1);
    await eventually(async () => (await cached(knex, 'other-write', load)) === 2, 'the reload after the shared counter moved');
    expect(loads).to.equal(2);
  });

  it('keeps serving the old snapshot while the new one loads after another process wrote', async function () {
    this.timeout(10_000);
    const knex = context.db.knex;
    let release: (() => void) | null = null;
    const slowLoad = () => (loads === 0 ? load() : new Promise<number>((resolve) => (release = () => resolve(load()))));
    expect(await cachedRefreshing(knex, 'refreshing', slowLoad)).to.equal(1);
    await otherProcessWrites(knex);
    await sleep(sharedVersionCheckMs + 100);
    // Calls go on answering from the old snapshot until the re-read of the counter starts the slow reload.
    await eventually(async () => {
      expect(await cachedRefreshing(knex, 'refreshing', slowLoad)).to.equal(1);
      return release !== null;
    }, 'the background reload to start');
    expect(await cachedRefreshing(knex, 'refreshing', slowLoad)).to.equal(1);
    release!();
    await eventually(async () => (await cachedRefreshing(knex, 'refreshing', slowLoad)) === 2, 'the fresh snapshot to be served');
  });

  it('moves the shared counter when this process notes a committed write', async () => {
    const knex = context.db.knex;
    const before = (await knex('regulator_data_version').first('version')).version as number;
    await noteRegulatorDataChanged(knex);
    expect((await knex('regulator_data_version').first('version')).version).to.equal(before + 1);
  });
});
