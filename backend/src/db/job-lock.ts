import { advisoryLockKeys, takeAdvisoryLock } from './advisory-lock.ts';
import type { Database } from './database.ts';

/** The background jobs that run one at a time per database: the regulator syncs and the read-model rebuild. */
export type JobKind = 'institutions' | 'census' | 'read-model-rebuild';

const lockKeys: Record<JobKind, number> = {
  institutions: advisoryLockKeys.institutionsSync,
  census: advisoryLockKeys.censusSync,
  'read-model-rebuild': advisoryLockKeys.readModelRebuild,
};

/**
 * Jobs running in this process, per database handle (tests serve several databases from one
 * process). Needed because an advisory lock is re-entrant within a session.
 */
const runningHere = new WeakMap<object, Set<JobKind>>();

function localJobs(db: Database): Set<JobKind> {
  let jobs = runningHere.get(db.knex);
  if (!jobs) runningHere.set(db.knex, (jobs = new Set()));
  return jobs;
}

/** `isHeld` turns false for good when the lock is lost with its database session: another process may then take it. */
export type JobLock = { isHeld(): boolean; release(): Promise<void> };

/**
 * Takes the lock of a job kind: in this process, and on PostgreSQL across processes through a
 * session advisory lock held on a connection of its own for as long as the job runs (a crashed
 * process's lock goes with its session). PGlite serves one process only (the data folder lock
 * sees to that), so the process-local lock is the whole story there. Undefined when taken.
 */
export async function tryAcquireJobLock(db: Database, kind: JobKind): Promise<JobLock | undefined> {
  const jobs = localJobs(db);
  if (jobs.has(kind)) return undefined;
  jobs.add(kind);
  if (db.engine !== 'postgres') {
    return { isHeld: () => true, release: async () => void jobs.delete(kind) };
  }
  try {
    const lock = await takeAdvisoryLock(db.knex, lockKeys[kind], { wait: false });
    if (!lock) {
      jobs.delete(kind);
      return undefined;
    }
    return { isHeld: lock.isHeld, release: () => lock.release().finally(() => jobs.delete(kind)) };
  } catch (error) {
    jobs.delete(kind);
    throw error;
  }
}

/** Whether a job of this kind runs anywhere: here, or (PostgreSQL) in another process holding its lock. */
export async function isJobRunning(db: Database, kind: JobKind): Promise<boolean> {
  if (localJobs(db).has(kind)) return true;
  if (db.engine !== 'postgres') return false;
  const result = await db.knex.raw(
    "select count(*)::int as holders from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and classid = 0 and objid = ? and objsubid = 1 and granted",
    [lockKeys[kind]],
  );
  return result.rows[0].holders > 0;
}
