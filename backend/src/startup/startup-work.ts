import { advisoryLockKeys, takeAdvisoryLock } from '../db/advisory-lock.ts';
import type { Database } from '../db/database.ts';
import { logger } from '../logging/logger.ts';

export type StartupWorkClaim = { runsStartupJobs: boolean; release(): Promise<void> };

/**
 * Whether this server runs the once-per-deployment start-up work (first-start data, resuming an
 * interrupted sync, rebuilding read models of a new version, finishing erasures an older build
 * began). Of the processes of one `npm start` only the first is asked (`wanted`). Servers started
 * apart on one PostgreSQL database (two hosts, `docker compose up --scale web=N`) each ask: the
 * first holds an advisory lock for as long as it runs, since that work goes on in the background
 * after it starts; the others leave the work to it, saying so. A holder that stops or dies lets go,
 * and the next server to start takes the work up (each step checks what is left to do). PGlite
 * serves one process per data folder, whose lock already keeps a second server out.
 */
export async function claimStartupWork(db: Database, wanted: boolean): Promise<StartupWorkClaim> {
  const unclaimed = { runsStartupJobs: false, release: async () => undefined };
  if (!wanted) return unclaimed;
  if (db.engine !== 'postgres') return { runsStartupJobs: true, release: async () => undefined };
  const lock = await takeAdvisoryLock(db.knex, advisoryLockKeys.startupWork, { wait: false });
  if (lock) return { runsStartupJobs: true, release: () => lock.release() };
  logger.info('another Charterline server on this database runs the once-only start-up work (first-start data, resuming a sync, read model rebuilds); this one leaves it to that server');
  return unclaimed;
}
