import type { Knex } from 'knex';
import { logger } from '../logging/logger.ts';
import type { AppServices, Feature } from '../services.ts';
import { loadDemoData, type DemoLoadProgress } from './demo/load.ts';
import { createRun, finishRun, latestRun, saveProgress } from './sync/runs.ts';
import type { SyncFeature } from './sync/feature.ts';

/** How long first start waits for FDIC BankFind before settling for demo data. */
const probeTimeoutMs = 4000;

export type FirstStartAction = 'resume-sync' | 'nothing' | 'sync' | 'demo';

/**
 * What a starting server does about the regulator mirror (DEMO_DATA: auto | always | never):
 * continue an interrupted sync; finish a demo load that was cut short; otherwise, with no institutions at all, load the demo set
 * ('always'), nothing ('never'), or ('auto') sync from FDIC when it answers and load the demo set
 * when it does not. A database that has institutions is left alone.
 */
export function firstStartAction(input: {
  demoData: 'auto' | 'always' | 'never';
  hasInterruptedSync: boolean;
  hasUnfinishedDemoLoad: boolean;
  hasInstitutions: boolean;
  fdicReachable: () => Promise<boolean>;
}): Promise<FirstStartAction> {
  if (input.hasInterruptedSync) return Promise.resolve('resume-sync');
  // A demo load cut short (the server stopped) left part of the set: load it again, whole.
  if (input.hasUnfinishedDemoLoad) return Promise.resolve('demo');
  if (input.hasInstitutions || input.demoData === 'never') return Promise.resolve('nothing');
  if (input.demoData === 'always') return Promise.resolve('demo');
  return input.fdicReachable().then((reachable) => (reachable ? 'sync' : 'demo'));
}

async function hasInstitutions(knex: Knex): Promise<boolean> {
  return (await knex('fdic_institutions').first('cert')) !== undefined;
}

/** The demo load in progress (or cut short), as banks loaded of the total; null when none is. */
export async function unfinishedDemoLoad(knex: Knex): Promise<DemoLoadProgress | null> {
  const run = await latestRun(knex, 'demo');
  return run && run.status !== 'complete' ? { loaded: run.progress, total: run.total } : null;
}

/**
 * First-start data as a Feature: its start hook returns at once and does the work in the
 * background, logging as it goes, so the server answers while the data arrives.
 */
export type BootstrapOptions = {
  demoBanks?: number;
  /** Awaited after each chunk of the demo load is committed and its progress recorded. */
  afterDemoChunk?: (progress: DemoLoadProgress) => Promise<void> | void;
};

export function createBootstrapFeature(sync: SyncFeature, options: BootstrapOptions = {}): Feature & { settled(): Promise<void> } {
  const pending = new Map<AppServices, { work: Promise<void>; stop: AbortController }>();
  return {
    name: 'regulator-bootstrap',
    start(services: AppServices) {
      if (!services.config.runsStartupJobs) return;
      const stop = new AbortController();
      const work = bootstrap(services, sync, options, stop.signal).catch((error) => {
        if (stop.signal.aborted) logger.info('the demo data load stopped with the server; the next start loads it again, whole');
        else logger.error('first-start regulator data failed', { error: (error as Error).stack ?? String(error) });
      });
      pending.set(services, { work, stop });
      void work.finally(() => pending.delete(services));
    },
    /** Resolves when the first-start decision has been carried out (a sync it started may still run). */
    async settled() {
      await Promise.all([...pending.values()].map(({ work }) => work));
    },
    /** Stops a demo load between chunks, so a stopping server does not wait for the whole set. */
    async stop(services) {
      const running = pending.get(services);
      running?.stop.abort();
      await running?.work;
    },
  };
}

async function bootstrap(services: AppServices, sync: SyncFeature, options: BootstrapOptions, signal: AbortSignal): Promise<void> {
  const { knex, config } = services;
  const jobs = sync.syncFor(services);
  const action = await firstStartAction({
    demoData: config.demoData,
    hasInterruptedSync: await jobs.hasInterruptedSync(),
    hasUnfinishedDemoLoad: (await unfinishedDemoLoad(knex)) !== null,
    hasInstitutions: await hasInstitutions(knex),
    fdicReachable: () => jobs.fdic.isReachable(probeTimeoutMs),
  });
  switch (action) {
    case 'resume-sync':
      if (await jobs.resumeInterrupted()) logger.info('resuming the interrupted FDIC sync in the background');
      return;
    case 'nothing':
      if (!(await hasInstitutions(knex))) logger.info('the regulator mirror is empty (DEMO_DATA=never); run npm run sync or npm run import');
      return;
    case 'sync':
      logger.info('empty regulator mirror and FDIC BankFind is reachable: syncing in the background', { url: config.fdicApiUrl });
      await jobs.startInstitutionSync();
      return;
    case 'demo': {
      logger.info(
        config.demoData === 'always'
          ? 'loading the demo data set (DEMO_DATA=always)'
          : 'FDIC BankFind is not reachable: loading the demo data set so the app is usable offline',
      );
      const result = await loadDemoWithProgress(knex, options, signal);
      logger.info('demo data loaded; POST /api/services/sync/institutions or npm run sync replaces it with real data', result);
      return;
    }
  }
}

/** Loads the demo set, keeping its progress in a run record that screens read and a restart finishes. */
async function loadDemoWithProgress(knex: Knex, options: BootstrapOptions, signal: AbortSignal) {
  const run = await createRun(knex, 'demo', { message: 'Loading demo data' });
  let lastLogged = 0;
  try {
    const result = await loadDemoData(knex, {
      banks: options.demoBanks,
      signal,
      onProgress: async (progress) => {
        await saveProgress(knex, run.id, { progress: progress.loaded, total: progress.total, message: 'Loading demo data' });
        if (progress.loaded - lastLogged >= 1000 || progress.loaded === progress.total) {
          lastLogged = progress.loaded;
          logger.info('loading demo data', progress);
        }
        await options.afterDemoChunk?.(progress);
      },
    });
    await finishRun(knex, run.id, 'complete', `Loaded ${result.banks} demo banks`);
    return result;
  } catch (error) {
    await finishRun(knex, run.id, 'error', (error as Error).message).catch(() => undefined);
    throw error;
  }
}
