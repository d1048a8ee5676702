import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached. A call that got no answer marks the connection lost; from then
 * on the server's health is asked every few seconds (and at once when the browser says it is back
 * online) until it answers. `returns` counts the times it came back, so screens can load again.
 */
export type Connection = { state: 'connected' | 'offline' | 'unreachable'; returns: number };

/** How often a lost connection is tried again. */
export const RECONNECT_CHECK_MS = 3000;

let connection: Connection = { state: 'connected', returns: 0 };
const listeners = new Set<() => void>();
let checkTimer: ReturnType<typeof setTimeout> | undefined;

function update(next: Connection) {
  connection = next;
  for (const listener of listeners) listener();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Whether the server answers its health check (any answer: a server that answers is reachable). */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

async function checkAgain() {
  checkTimer = undefined;
  if (connection.state === 'connected') return;
  if (!browserOffline() && (await serverAnswers())) {
    update({ state: 'connected', returns: connection.returns + 1 });
    return;
  }
  update({ ...connection, state: browserOffline() ? 'offline' : 'unreachable' });
  checkTimer = setTimeout(() => void checkAgain(), RECONNECT_CHECK_MS);
}

/** A call got no answer: the connection is lost until the server answers again. */
export function connectionLost(): void {
  if (connection.state === 'connected') update({ ...connection, state: browserOffline() ? 'offline' : 'unreachable' });
  // Only a page asks again (the providers' unit tests run them without one).
  if (typeof window !== 'undefined') checkTimer ??= setTimeout(() => void checkAgain(), RECONNECT_CHECK_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', connectionLost);
  window.addEventListener('online', () => {
    if (connection.state === 'connected') return;
    clearTimeout(checkTimer);
    void checkAgain();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): Connection {
  return useSyncExternalStore(
    subscribe,
    () => connection,
    () => connection,
  );
}
