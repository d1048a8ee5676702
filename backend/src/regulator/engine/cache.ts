import type { Knex } from 'knex';
import { logger } from '../../logging/logger.ts';
import { regulatorDataVersion, sharedRegulatorDataVersion } from '../store.ts';

/**
 * A small in-process cache for answers that only change when the mirror changes (dashboard,
 * quarters, data status, screening snapshots). An entry is stale once the mirror changed: at once
 * for a write by this process (the store's counter), within `sharedVersionCheckMs` for a write by
 * another process (the shared counter in the database, read at most that often and only while
 * requests come in). Nothing is reloaded on a timer while the data stays the same.
 *
 * Entries belong to the database they were read from: a process that opens several databases
 * (tests, benchmarks) never serves one database's answer for another.
 */
type Entry = { local: number; shared: number; value: Promise<unknown>; refreshing: boolean };

/** How old the known shared counter may get before a request triggers a (background) re-read. */
export const sharedVersionCheckMs = 2_000;
const maxEntries = 500;
const retryFailedReloadMs = 10_000;

type Shared = { version: number | null; checkedAt: number; reading: Promise<void> | null };
type DatabaseCache = { entries: Map<string, Entry>; shared: Shared };

const databases = new WeakMap<Knex, DatabaseCache>();

function cacheOf(knex: Knex): DatabaseCache {
  let cache = databases.get(knex);
  if (!cache) databases.set(knex, (cache = { entries: new Map(), shared: { version: null, checkedAt: 0, reading: null } }));
  return cache;
}

function readShared(knex: Knex, shared: Shared): Promise<void> {
  shared.reading ??= sharedRegulatorDataVersion(knex)
    .then(
      (version) => {
        shared.version = version;
      },
      (error: unknown) => {
        // Keep what we knew; without it, entries stay valid until this process writes.
        shared.version ??= 0;
        logger.warn('could not read the regulator data version', { error: String(error) });
      },
    )
    .finally(() => {
      shared.checkedAt = Date.now();
      shared.reading = null;
    });
  return shared.reading;
}

/** The shared counter as last read; the first call waits for it, later ones re-read it in the background. */
async function knownSharedVersion(knex: Knex, shared: Shared): Promise<number> {
  if (shared.version === null) await readShared(knex, shared);
  else if (Date.now() - shared.checkedAt > sharedVersionCheckMs) void readShared(knex, shared);
  return shared.version!;
}

function store(entries: Map<string, Entry>, key: string, local: number, shared: number, value: Promise<unknown>): void {
  if (entries.size >= maxEntries) entries.clear();
  entries.set(key, { local, shared, value, refreshing: false });
  // A failed load must not be served from the cache.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
}

/** The cached answer for `key`, loading it when the mirror changed since it was read. */
export async function cached<T>(knex: Knex, key: string, load: () => Promise<T>): Promise<T> {
  const { entries, shared } = cacheOf(knex);
  const sharedVersion = await knownSharedVersion(knex, shared);
  const local = regulatorDataVersion();
  const entry = entries.get(key);
  if (entry && entry.local === local && entry.shared === sharedVersion) return entry.value as Promise<T>;
  const value = load();
  store(entries, key, local, sharedVersion, value);
  return value;
}

/**
 * Like `cached`, but after a write by another process the old answer keeps being served while the
 * fresh one loads in the background, so no request waits for a reload it did not cause. After a
 * write in this process the next call waits for fresh data (it must see its own write).
 */
export async function cachedRefreshing<T>(knex: Knex, key: string, load: () => Promise<T>): Promise<T> {
  const { entries, shared } = cacheOf(knex);
  const sharedVersion = await knownSharedVersion(knex, shared);
  const local = regulatorDataVersion();
  const entry = entries.get(key);
  if (!entry || entry.local !== local) return cached(knex, key, load);
  if (entry.shared !== sharedVersion && !entry.refreshing) {
    entry.refreshing = true;
    const fresh = load();
    fresh.then(
      () => {
        if (entries.get(key) === entry) store(entries, key, local, sharedVersion, fresh);
      },
      // Keep serving the old value and try again a little later.
      (error: unknown) => {
        logger.warn('could not reload regulator data', { key, error: String(error) });
        setTimeout(() => (entry.refreshing = false), retryFailedReloadMs).unref();
      },
    );
  }
  return entry.value as Promise<T>;
}

/**
 * The version of the mirror this process answers from, as text (the shared counter and this
 * process's own): an answer built from regulator data alone is the same while it stays the same,
 * so it serves as an ETag.
 */
export async function regulatorDataTag(knex: Knex): Promise<string> {
  const sharedVersion = await knownSharedVersion(knex, cacheOf(knex).shared);
  return `${sharedVersion}.${regulatorDataVersion()}`;
}

/** Forgets every cached answer of one database (benchmarks use it to time cold computations). */
export function clearRegulatorCache(knex: Knex): void {
  databases.get(knex)?.entries.clear();
}
