import type { Position, ReadAllResult, Subscription, SubscriptionHandler } from './types.ts';

export type PollingSubscriptionOptions = {
  from: Position;
  handler: SubscriptionHandler;
  batchSize: number;
  pollIntervalMs: number;
  read(after: Position, limit: number): Promise<ReadAllResult>;
  /** Registers `wake` to be called when new events may exist; returns the unregister function. */
  onWake(wake: () => void): () => void;
};

/**
 * A catch-up-then-live subscription over a batched reader: reads until a batch comes back short
 * (caught up), then sleeps until woken or the poll interval passes. Handlers run one at a time.
 */
export function pollingSubscription(options: PollingSubscriptionOptions): Subscription {
  let closed = false;
  // Set by a wake that arrives while a batch is being read or handled, so it is not lost.
  let woken = false;
  let interruptSleep: (() => void) | undefined;
  const wake = () => {
    woken = true;
    interruptSleep?.();
  };
  const unregister = options.onWake(wake);

  let markCaughtUp!: () => void;
  let failCaughtUp!: (error: unknown) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    markCaughtUp = resolve;
    failCaughtUp = reject;
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, options.pollIntervalMs);
      interruptSleep = finish;
    });

  const done = (async () => {
    let position = options.from;
    while (!closed) {
      woken = false;
      const { events, next } = await options.read(position, options.batchSize);
      for (const event of events) {
        if (closed) return;
        await options.handler(event);
      }
      position = next;
      if (events.length < options.batchSize) {
        markCaughtUp();
        if (!woken && !closed) await sleep();
      }
    }
  })();
  done
    .then(() => failCaughtUp(new Error('The subscription was closed before it caught up.')), failCaughtUp)
    .finally(unregister);
  // Callers may never await these; an unobserved rejection must not crash the process.
  caughtUp.catch(() => undefined);
  done.catch(() => undefined);

  return {
    caughtUp,
    done,
    async close() {
      closed = true;
      interruptSleep?.();
      unregister();
      await done.catch(() => undefined);
    },
  };
}
