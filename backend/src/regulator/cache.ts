import { regulatorDataVersion } from './store.ts';

/**
 * A small in-process cache for answers that only change when the mirror changes (dashboard,
 * quarters, data status). An entry is dropped when this process writes regulator data (the store's
 * version counter) or when it is older than its time limit (a sync run by another process).
 */
type Entry = { version: number; expiresAt: number; value: Promise<unknown> };

const entries = new Map<string, Entry>();
const maxEntries = 500;

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const version = regulatorDataVersion();
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.expiresAt > now) return entry.value as Promise<T>;
  if (entries.size >= maxEntries) entries.clear();
  const value = load();
  entries.set(key, { version, expiresAt: now + ttlMs, value });
  // A failed load must not be served from the cache.
  value.catch(() => entries.delete(key));
  return value;
}

export function clearRegulatorCache(): void {
  entries.clear();
}
