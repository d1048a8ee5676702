import type { Knex } from 'knex';

/** The advisory-lock keys in use, one per thing locked (any constants unique within the database will do). */
export const advisoryLockKeys = {
  institutionsSync: 72_410_001,
  censusSync: 72_410_002,
  migrations: 72_410_010,
  startupWork: 72_410_011,
  readModelRebuild: 72_410_012,
} as const;

/** `isHeld` turns false for good once the lock's connection ends (the database restarted, an administrator ended it), which lets the lock go. */
export type AdvisoryLock = { isHeld(): boolean; release(): Promise<void> };

type PoolClient = { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<void> };

/**
 * A PostgreSQL session advisory lock, held on a connection of its own taken from the pool for as
 * long as it is held: a process that dies (or loses that connection) lets it go with its session.
 * `wait` blocks until the holder lets go; otherwise undefined when another session holds it. The
 * lock is re-entrant within a session but not across the pool's connections, so two holders in one
 * process exclude each other as two processes do. PGlite has one connection and one process per
 * data folder: callers decide there without it.
 */
export async function takeAdvisoryLock(knex: Knex, key: number, options: { wait: boolean }): Promise<AdvisoryLock | undefined> {
  const client = knex.client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    if (options.wait) await knex.raw('select pg_advisory_lock(?)', [key]).connection(connection);
    else if (!(await knex.raw('select pg_try_advisory_lock(?) as locked', [key]).connection(connection)).rows[0].locked) {
      await client.releaseConnection(connection);
      return undefined;
    }
  } catch (error) {
    await client.releaseConnection(connection).catch(() => undefined);
    throw error;
  }
  let held = true;
  const letGo = () => void (held = false);
  const events = connection as { once(event: 'error' | 'end', listener: () => void): void; off(event: 'error' | 'end', listener: () => void): void };
  events.once('error', letGo);
  events.once('end', letGo);
  return {
    isHeld: () => held,
    async release() {
      events.off('error', letGo);
      events.off('end', letGo);
      try {
        await knex.raw('select pg_advisory_unlock(?)', [key]).connection(connection);
      } catch (error) {
        // Its connection was lost (the database restarted, an administrator ended it), and the lock went
        // with that session. Marked as knex marks a connection that ended, so the pool never hands it out again.
        (connection as { __knex__disposed?: unknown }).__knex__disposed = error;
      }
      await client.releaseConnection(connection);
    },
  };
}
