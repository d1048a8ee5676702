import { setImmediate as nextTurn } from 'node:timers/promises';
import { logger } from '../logging/logger.ts';

/** A background job that runs rounds: at once while a round found work or it was woken, else after a pause. */
export type PollingWorker = {
  start(): void;
  /** Stops looking for work and waits for the round under way. */
  stop(): Promise<void>;
  /** Runs a round now (work was just queued in this process). */
  wake(): void;
  /** Rounds until one finds nothing (tests, benchmarks). */
  drain(): Promise<void>;
};

/** A failure that goes on (a database down) is logged again after this long, with how often it failed meanwhile. */
const repeatedFailureLogMs = 5 * 60_000;

/**
 * `round` answers how many items it took up; a failed round is logged and the loop goes on. Rounds
 * failing the same way (a database down for an hour, one round every 2 seconds) are one line, again
 * every 5 minutes while it lasts, and one more when a round succeeds again.
 */
export function createPollingWorker(options: { name: string; pollIntervalMs: number; round: () => Promise<number> }): PollingWorker {
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let failing: { error: string; loggedAt: number; since: number; rounds: number } | undefined;

  const failed = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (failing?.error === message) {
      failing.rounds += 1;
      if (now - failing.loggedAt < repeatedFailureLogMs) return;
      failing.loggedAt = now;
      logger.error(`${options.name} rounds still failing`, { error: message, failedRounds: failing.rounds, sinceSeconds: Math.round((now - failing.since) / 1000) });
      return;
    }
    failing = { error: message, loggedAt: now, since: now, rounds: 1 };
    logger.error(`${options.name} round failed`, { error: message });
  };

  async function run(): Promise<void> {
    while (running) {
      let taken = 0;
      try {
        taken = await options.round();
        if (failing) {
          logger.info(`${options.name} rounds work again`, { failedRounds: failing.rounds, sinceSeconds: Math.round((Date.now() - failing.since) / 1000) });
          failing = undefined;
        }
      } catch (error) {
        failed(error);
      }
      if (!running) return;
      if (taken > 0 || woken) {
        woken = false;
        // A turn of the event loop before the next round: on the embedded database a query never
        // waits on I/O, so rounds back to back would hold the process and no request would be served.
        await nextTurn();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async drain() {
      while ((await options.round()) > 0);
    },
  };
}

/**
 * Handles a batch with at most `concurrency` items in flight. Workers reading the same batch start at
 * a random place, so they rarely race for one item. An item that fails goes to `onError`; the rest go on.
 * Answers how many were handled: a round reports only those as work done, because an item that fails
 * every time stays due, and counting it would run round after round at once, holding the process.
 */
export async function handleBatch<T>(items: T[], concurrency: number, handle: (item: T) => Promise<void>, onError: (item: T, error: unknown) => void): Promise<number> {
  const start = items.length ? Math.floor(Math.random() * items.length) : 0;
  const ordered = [...items.slice(start), ...items.slice(0, start)];
  let next = 0;
  let handled = 0;
  const worker = async () => {
    while (next < ordered.length) {
      const item = ordered[next++];
      try {
        await handle(item);
        handled += 1;
      } catch (error) {
        onError(item, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ordered.length) }, worker));
  return handled;
}
