import type { Knex } from 'knex';
import { logger } from '../logging/logger.ts';
import { quarterSnapshot } from './engine/snapshot.ts';
import { dashboard } from './queries/dashboard.ts';
import { branchIndex } from './queries/detail.ts';
import { latestQuarter } from './queries/records.ts';
import { regulatorDataVersion } from './store.ts';

/** How often the warm-up looks whether this process changed the mirror (a counter read, no query). */
const checkIntervalMs = 2_000;

export type ScreeningWarmUp = {
  /** Resolves once no load is running (tests wait on it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Loads what the first screens answer from in the background: the newest quarter's screening
 * snapshot (the in-memory copy the Directory, Credit Box and bank detail read), the Dashboard and
 * every bank's offices per state (the bank detail's first screen). Once when the server starts,
 * and again after this process changed the mirror (a demo load, a sync), once the change has been
 * quiet for a check interval, so a load in chunks is not repeated for every chunk. Without it the
 * first of those screens after a start or a sync waited for the load: a second or two for the demo
 * set; for an import of every institution ever insured (28,000) on the embedded database 30-45 s
 * for the snapshot and 3 s for the offices, measured on a busy machine.
 * After a change by another process the snapshot (the longest) is served old while the first
 * request after it loads the new one.
 */
export function startScreeningWarmUp(knex: Knex, options: { intervalMs?: number } = {}): ScreeningWarmUp {
  const stopping = new AbortController();
  let seenVersion: number | null = null;
  let changedSinceLoad = true;
  let running: Promise<void> | null = null;

  const load = async () => {
    const quarter = await latestQuarter(knex);
    if (quarter === null) return;
    const started = performance.now();
    const snapshot = await quarterSnapshot(knex, quarter, stopping.signal);
    // One after the other: the embedded database has one connection, which requests share between reads.
    for (const read of [() => dashboard(knex), () => branchIndex(knex)]) {
      stopping.signal.throwIfAborted();
      await read();
    }
    const ms = Math.round(performance.now() - started);
    // What a request had already loaded comes back at once: only a real load is worth a line.
    if (ms >= 50) logger.info('loaded the first screens\' data', { quarter, banks: snapshot.cert.length, ms });
  };

  const check = () => {
    const version = regulatorDataVersion();
    if (version !== seenVersion) {
      // Changed since the last look (or the first look): wait for one quiet interval.
      const firstLook = seenVersion === null;
      seenVersion = version;
      changedSinceLoad = true;
      if (!firstLook) return;
    }
    if (!changedSinceLoad || running || stopping.signal.aborted) return;
    changedSinceLoad = false;
    running = load()
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) logger.warn('could not load the screening data in the background', { error: String(error) });
      })
      .finally(() => (running = null));
  };

  const timer = setInterval(check, options.intervalMs ?? checkIntervalMs);
  timer.unref();
  check();

  return {
    async idle() {
      await running;
    },
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
