import { expect } from 'chai';
import { startTestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { FdicDouble } from '../../../test/doubles/fdic-double.ts';
import { fdicTestData } from '../../../test/doubles/fdic-data.ts';
import { createBootstrapFeature, firstStartAction } from './bootstrap.ts';
import { healthFeature } from '../health/routes.ts';
import { loadDemoData } from './demo/load.ts';
import { regulatorFeature } from './feature.ts';
import { createSyncFeature } from './sync/feature.ts';
import { latestRun } from './sync/runs.ts';

describe('first-start regulator data decision', () => {
  const decide = (overrides: Partial<Parameters<typeof firstStartAction>[0]>, reachable = true) => {
    let probed = false;
    const action = firstStartAction({
      demoData: 'auto',
      hasInterruptedSync: false,
      hasUnfinishedDemoLoad: false,
      hasInstitutions: false,
      fdicReachable: async () => ((probed = true), reachable),
      ...overrides,
    });
    return action.then((value) => ({ action: value, probed }));
  };

  it('resumes an interrupted sync before anything else', async () => {
    expect(await decide({ hasInterruptedSync: true, hasInstitutions: true })).to.deep.equal({ action: 'resume-sync', probed: false });
  });

  it('loads the demo set again, whole, when its last load was cut short', async () => {
    expect(await decide({ hasUnfinishedDemoLoad: true, hasInstitutions: true })).to.deep.equal({ action: 'demo', probed: false });
  });

  it('leaves a database with institutions alone, whatever DEMO_DATA says', async () => {
    expect((await decide({ hasInstitutions: true, demoData: 'always' })).action).to.equal('nothing');
  });

  it('loads nothing with DEMO_DATA=never and demo data with always, without probing FDIC', async () => {
    expect(await decide({ demoData: 'never' })).to.deep.equal({ action: 'nothing', probed: false });
    expect(await decide({ demoData: 'always' })).to.deep.equal({ action: 'demo', probed: false });
  });

  it('with auto, syncs when FDIC answers and loads demo data when it does not', async () => {
    expect(await decide({}, true)).to.deep.equal({ action: 'sync', probed: true });
    expect(await decide({}, false)).to.deep.equal({ action: 'demo', probed: true });
  });
});

describeWithDatabase('first start', (context) => {
  beforeEach(() => context.db.knex.raw('truncate sync_runs, fdic_institutions, fdic_financials, fdic_locations, fdic_sod, fdic_history, fdic_failures, census_profiles'));

  it('loads the demo set in the background when FDIC is unreachable', async () => {
    const sync = createSyncFeature();
    const bootstrap = createBootstrapFeature(sync, { demoBanks: 20 });
    const app = await startTestApp(context.db, {
      features: [sync, bootstrap],
      // Port 9 (discard) on localhost refuses at once: FDIC is unreachable.
      config: { demoData: 'auto', fdicApiUrl: 'http://127.0.0.1:9/banks' },
    });
    await bootstrap.settled();
    await app.stop();
    const banks = await context.db.knex('fdic_institutions').select('is_demo');
    expect(banks).to.have.length(20);
    expect(banks.every((bank) => bank.is_demo)).to.equal(true);
  });

  it('answers health, sign-up and screens while the demo data loads, and reports the progress', async () => {
    let releaseLoad!: () => void;
    const loadHeld = new Promise<void>((resolve) => (releaseLoad = resolve));
    let firstChunkDone!: () => void;
    const firstChunk = new Promise<void>((resolve) => (firstChunkDone = resolve));
    const sync = createSyncFeature();
    const bootstrap = createBootstrapFeature(sync, {
      demoBanks: 120,
      // The load stops after its first chunk until the requests below have been answered.
      afterDemoChunk: async ({ loaded }) => {
        if (loaded > 50) return;
        firstChunkDone();
        await loadHeld;
      },
    });
    const app = await startTestApp(context.db, {
      features: [healthFeature, regulatorFeature, sync, bootstrap],
      config: { demoData: 'always' },
    });
    try {
      await firstChunk;
      expect((await app.request('/api/health')).status).to.equal(200);
      const { token } = await app.signUp('First Start');
      const status = await app.request('/api/services/fdic/data-status', { token });
      expect(status.status).to.equal(200);
      expect(status.body.demoLoad).to.deep.equal({ loaded: 50, total: 120 });
      const directory = await app.request('/api/services/fdic/financials-query?limit=5', { token });
      expect(directory.status).to.equal(200);
    } finally {
      releaseLoad();
      await bootstrap.settled();
      await app.stop();
    }
    expect(await context.db.knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 120 });
    expect((await latestRun(context.db.knex, 'demo'))?.status).to.equal('complete');
  });

  it('loads the demo set again on the next start when a load was cut short', async () => {
    await loadDemoData(context.db.knex, { banks: 20 });
    await context.db.knex('sync_runs').insert({ kind: 'demo', status: 'running', progress: 50, total: 120, message: 'Loading demo data' });
    const sync = createSyncFeature();
    const bootstrap = createBootstrapFeature(sync, { demoBanks: 60 });
    const app = await startTestApp(context.db, { features: [sync, bootstrap], config: { demoData: 'auto' } });
    await bootstrap.settled();
    await app.stop();
    expect(await context.db.knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 60 });
    expect((await latestRun(context.db.knex, 'demo'))?.status).to.equal('complete');
  });

  it('stops the demo load between chunks when the server stops (Ctrl+C), instead of waiting for the whole set', async () => {
    let firstChunkDone!: () => void;
    const firstChunk = new Promise<void>((resolve) => (firstChunkDone = resolve));
    let goOn!: () => void;
    const heldAfterFirstChunk = new Promise<void>((resolve) => (goOn = resolve));
    const sync = createSyncFeature();
    const app = await startTestApp(context.db, {
      features: [
        sync,
        createBootstrapFeature(sync, {
          demoBanks: 200,
          afterDemoChunk: async ({ loaded }) => {
            if (loaded > 50) return;
            firstChunkDone();
            await heldAfterFirstChunk;
          },
        }),
      ],
      config: { demoData: 'always' },
    });
    await firstChunk;
    const stopped = app.stop();
    goOn();
    await stopped;
    expect(await context.db.knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 50 });
    // Not complete: the next start loads the set again, whole.
    expect((await latestRun(context.db.knex, 'demo'))?.status).to.not.equal('complete');
  });

  it('syncs from FDIC in the background when it answers', async () => {
    const fdic = await new FdicDouble(fdicTestData({ active: 12, quarters: ['20250930'] })).start();
    const sync = createSyncFeature({ fdic: { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 }, requestsPerSecond: 0 } });
    const bootstrap = createBootstrapFeature(sync);
    const app = await startTestApp(context.db, { features: [sync, bootstrap], config: { demoData: 'auto', fdicApiUrl: fdic.url } });
    try {
      await bootstrap.settled();
      await sync.syncFor(app.services).whenIdle();
    } finally {
      await app.stop();
      await fdic.stop();
    }
    const banks = await context.db.knex('fdic_institutions').select('is_demo');
    expect(banks).to.have.length(12);
    expect(banks.some((bank) => bank.is_demo)).to.equal(false);
  });

  it('loads the demo set once when a second server starts on the same PostgreSQL database during the load, and the next start after the first stops takes the work up', async function () {
    if (context.engine !== 'postgres') return this.skip(); // the embedded database's folder lock keeps a second server out
    let firstChunkDone!: () => void;
    const firstChunk = new Promise<void>((resolve) => (firstChunkDone = resolve));
    let goOn!: () => void;
    const heldAfterFirstChunk = new Promise<void>((resolve) => (goOn = resolve));
    const startServer = (bootstrap: ReturnType<typeof createBootstrapFeature>, sync: ReturnType<typeof createSyncFeature>) =>
      startTestApp(context.db, { features: [sync, bootstrap], config: { demoData: 'always' } });
    const firstSync = createSyncFeature();
    const first = createBootstrapFeature(firstSync, {
      demoBanks: 120,
      afterDemoChunk: async ({ loaded }) => {
        if (loaded > 50) return;
        firstChunkDone();
        await heldAfterFirstChunk;
      },
    });
    const firstServer = await startServer(first, firstSync);
    await firstChunk;
    // The second server meets a demo load under way, which on its own it would start again, whole.
    const secondSync = createSyncFeature();
    const second = createBootstrapFeature(secondSync, { demoBanks: 120 });
    const secondServer = await startServer(second, secondSync);
    goOn();
    await Promise.all([first.settled(), second.settled()]);
    expect(await context.db.knex('sync_runs').where({ kind: 'demo' }).count('* as n').first()).to.deep.equal({ n: 1 });
    expect(await context.db.knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 120 });
    expect(firstServer.services.config.runsStartupJobs).to.equal(true);
    expect(secondServer.services.config.runsStartupJobs).to.equal(false);
    await firstServer.stop();
    const thirdSync = createSyncFeature();
    const thirdServer = await startServer(createBootstrapFeature(thirdSync), thirdSync);
    expect(thirdServer.services.config.runsStartupJobs).to.equal(true);
    await Promise.all([secondServer.stop(), thirdServer.stop()]);
  });

  it('does nothing with DEMO_DATA=never', async () => {
    const sync = createSyncFeature();
    const app = await startTestApp(context.db, { features: [sync, createBootstrapFeature(sync)], config: { demoData: 'never', fdicApiUrl: 'http://127.0.0.1:9/banks' } });
    await app.stop();
    expect(await context.db.knex('fdic_institutions').count('* as n').first()).to.deep.equal({ n: 0 });
  });
});
