import type { Database } from '../../db/database.ts';
import type { SyncKind } from './runs.ts';

/** Advisory-lock keys, one per job kind (any constant unique within the database will do). */
const lockKeys: Record<SyncKind, number> = { institutions: 72_410_001, census: 72_410_002 };

/**
 * Jobs running in this process, per database handle (tests serve several databases from one
 * process). Needed because an advisory lock is re-entrant within a session.
 */
const runningHere = new WeakMap<object, Set<SyncKind>>();

function localJobs(db: Database): Set<SyncKind> {
  let jobs = runningHere.get(db.knex);
  if (!jobs) runningHere.set(db.knex, (jobs = new Set()));
  return jobs;
}

export type JobLock = { release(): Promise<void> };

/**
 * Takes the lock of a job kind: in this process, and on PostgreSQL across processes through a
 * session advisory lock held on a connection of its own for as long as the job runs (a crashed
 * process's lock goes with its session). PGlite serves one process only (the data folder lock
 * sees to that), so the process-local lock is the whole story there. Undefined when taken.
 */
export async function tryAcquireJobLock(db: Database, kind: SyncKind): Promise<JobLock | undefined> {
  const jobs = localJobs(db);
  if (jobs.has(kind)) return undefined;
  jobs.add(kind);
  if (db.engine !== 'postgres') {
    return { release: async () => void jobs.delete(kind) };
  }
  const client = db.knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<void> };
  let connection: unknown;
  try {
    connection = await client.acquireConnection();
    const result = await db.knex.raw('select pg_try_advisory_lock(?) as locked', [lockKeys[kind]]).connection(connection);
    if (!result.rows[0].locked) {
      await client.releaseConnection(connection);
      jobs.delete(kind);
      return undefined;
    }
  } catch (error) {
    if (connection) await client.releaseConnection(connection).catch(() => undefined);
    jobs.delete(kind);
    throw error;
  }
  return {
    async release() {
      try {
        await db.knex.raw('select pg_advisory_unlock(?)', [lockKeys[kind]]).connection(connection);
      } finally {
        await client.releaseConnection(connection);
        jobs.delete(kind);
      }
    },
  };
}

/** Whether a job of this kind runs anywhere: here, or (PostgreSQL) in another process holding its lock. */
export async function isJobRunning(db: Database, kind: SyncKind): Promise<boolean> {
  if (localJobs(db).has(kind)) return true;
  if (db.engine !== 'postgres') return false;
  const result = await db.knex.raw(
    "select count(*)::int as holders from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = 0 and objid = ? and objsubid = 1 and granted",
    [lockKeys[kind]],
  );
  return result.rows[0].holders > 0;
}
