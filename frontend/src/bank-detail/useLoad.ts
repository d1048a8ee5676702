import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type LoadState<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: Error };

/**
 * Runs `load` when the dependencies change (or not at all while `enabled` is false) and keeps its
 * state; an answer that arrives after the dependencies moved on is dropped. `reload()` runs it again.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList, enabled = true): LoadState<T> & { reload: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: enabled ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's dependency list decides when to load
  }, [...deps, enabled, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
