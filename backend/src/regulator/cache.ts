import type { Knex } from 'knex';
import { regulatorDataVersion } from './store.ts';

/**
 * A small in-process cache for answers that only change when the mirror changes (dashboard,
 * quarters, data status, screening snapshots). An entry is dropped when this process writes
 * regulator data (the store's version counter) or when it is older than its time limit (a sync run
 * by another process). Entries belong to the database they were read from: a process that opens
 * several databases (tests, benchmarks) never serves one database's answer for another.
 */
type Entry = { version: number; expiresAt: number; value: Promise<unknown>; refreshing: boolean };

const databases = new WeakMap<Knex, Map<string, Entry>>();
const maxEntries = 500;

function entriesOf(knex: Knex): Map<string, Entry> {
  let entries = databases.get(knex);
  if (!entries) databases.set(knex, (entries = new Map()));
  return entries;
}

function store<T>(entries: Map<string, Entry>, key: string, version: number, ttlMs: number, value: Promise<T>): void {
  if (entries.size >= maxEntries) entries.clear();
  entries.set(key, { version, expiresAt: Date.now() + ttlMs, value, refreshing: false });
}

export function cached<T>(knex: Knex, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entries = entriesOf(knex);
  const version = regulatorDataVersion();
  const entry = entries.get(key);
  if (entry && entry.version === version && entry.expiresAt > Date.now()) return entry.value as Promise<T>;
  const value = load();
  store(entries, key, version, ttlMs, value);
  // A failed load must not be served from the cache.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/**
 * Like `cached`, but an entry that is merely past its time limit (this process wrote nothing since)
 * keeps being served while a fresh value loads in the background, so no request waits for the
 * reload. After a write in this process the next call waits for fresh data, as with `cached`.
 */
export function cachedRefreshing<T>(knex: Knex, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entries = entriesOf(knex);
  const version = regulatorDataVersion();
  const entry = entries.get(key);
  if (!entry || entry.version !== version) return cached(knex, key, ttlMs, load);
  if (entry.expiresAt <= Date.now() && !entry.refreshing) {
    entry.refreshing = true;
    const fresh = load();
    fresh.then(
      () => {
        if (entries.get(key) === entry) store(entries, key, version, ttlMs, fresh);
      },
      // Keep serving the old value; try again after another time limit.
      () => {
        entry.refreshing = false;
        entry.expiresAt = Date.now() + ttlMs;
      },
    );
  }
  return entry.value as Promise<T>;
}

/** Forgets every cached answer of one database (benchmarks use it to time cold computations). */
export function clearRegulatorCache(knex: Knex): void {
  databases.get(knex)?.clear();
}
