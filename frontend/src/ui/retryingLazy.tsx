import { lazy, useState, type ComponentType } from 'react';

/** Counts the times an error boundary tried its content again (see `retryFailedLoads`). */
let retries = 0;

/** An error boundary is trying its content again: code that failed to load is fetched afresh on its next mount. */
export function retryFailedLoads(): void {
  retries += 1;
}

/**
 * `React.lazy` that can load again: React keeps a lazy component's failed load for good, so a screen
 * whose code could not be fetched (offline, the server restarting) would fail on every later visit.
 * After a failure, the first mount after an error boundary tried again fetches the code afresh;
 * before that, mounts keep the failure (React mounts again at once after an error, and would
 * otherwise ask the server in a loop while it is down).
 */
export function retryingLazy<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props> {
  let failedAtRetry: number | null = null;
  const attempt = (): Promise<{ default: ComponentType<Props> }> =>
    load().catch((error: unknown) => {
      failedAtRetry = retries;
      throw error;
    });
  let current = lazy(attempt);
  function Loaded(props: Props) {
    // Chosen once per mount: a failed load is replaced for a later mount, never under a mounted one.
    const [Component] = useState(() => {
      if (failedAtRetry !== null && failedAtRetry !== retries) {
        failedAtRetry = null;
        current = lazy(attempt);
      }
      return current;
    });
    return <Component {...props} />;
  }
  return Loaded;
}
