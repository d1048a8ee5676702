import type { Knex } from 'knex';
import type { Database } from '../backend/src/db/database.ts';
import { isJobRunning, tryAcquireJobLock, type JobLock } from '../backend/src/db/job-lock.ts';
import type { ProjectionState, RebuildRun } from '../domain/records/read-models.ts';
import { builtTables, rebuildProjections, type RebuildPhase, type RebuildProgress } from './rebuild.ts';
import type { RowProjection } from './row-projection.ts';

/**
 * A rebuild that holds no lock (recorded by an older build) and has not reported for this long has
 * died. A running one reports every few seconds, so that older builds beside this one see it alive too.
 */
const aliveWithinSeconds = 60;
const heartbeatMs = 5000;
/** Progress is written at most this often (and at every change of phase). */
const progressEveryMs = 500;

export class RebuildRunning extends Error {}

/** A rebuild recorded as running and the job lock it holds until it ends. */
export type RebuildClaim = { id: number; lock: JobLock };

const processStopped = 'The process running the rebuild stopped.';

type RunRow = {
  id: number;
  projections: string[];
  status: RebuildRun['status'];
  phase: RebuildPhase;
  done: number;
  total: number;
  error: string | null;
  started_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  holds_lock: boolean;
  /** Whether it reported within `aliveWithinSeconds`. */
  beating: boolean;
};

function toRun(row: RunRow, alive: boolean): RebuildRun {
  const status = row.status === 'running' && !alive ? 'failed' : row.status;
  const seconds = ((row.finished_at ?? row.updated_at).getTime() - row.started_at.getTime()) / 1000;
  const ratePerSecond = seconds > 0 ? row.done / seconds : 0;
  return {
    id: row.id,
    projections: row.projections,
    status,
    phase: row.phase,
    done: row.done,
    total: row.total,
    ratePerSecond,
    etaSeconds: status === 'running' && ratePerSecond > 0 ? Math.max(0, row.total - row.done) / ratePerSecond : null,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: status === 'failed' && row.status === 'running' ? processStopped : row.error,
  };
}

const beatingWithin = `updated_at > now() - make_interval(secs => ${aliveWithinSeconds})`;
const runColumns = (knex: Knex) => ['*', knex.raw(`${beatingWithin} as beating`)];

/**
 * Whether the process running a rebuild recorded as running is alive: while it holds the rebuild
 * lock, which goes with its process (see tryAcquireJobLock); one recorded by an older build, while it reports.
 */
const isAlive = async (db: Database, row: RunRow) => (row.holds_lock ? isJobRunning(db, 'read-model-rebuild') : row.beating);

/** The newest rebuild, if any. */
export async function latestRebuild(db: Database): Promise<RebuildRun | null> {
  const row: RunRow | undefined = await db.knex('projection_rebuilds').select(runColumns(db.knex)).orderBy('id', 'desc').first();
  return row ? toRun(row, row.status === 'running' && (await isAlive(db, row))) : null;
}

const describeRunning = (row: RunRow | undefined) =>
  row
    ? `A rebuild of ${row.projections.join(', ')} is running (${Number(row.done).toLocaleString('en-US')} of ${Number(row.total).toLocaleString('en-US')} events).`
    : 'A rebuild is starting.';

/**
 * Each projection's version in code beside the version its serving table was built by, and when a
 * rebuild built it (null for a table as the migrations made it).
 */
export async function projectionStates(knex: Knex, projections: RowProjection[]): Promise<ProjectionState[]> {
  const built = await builtTables(knex);
  return projections.map((projection) => {
    const table = built.get(projection.name);
    const builtVersion = table?.version ?? 1;
    return {
      name: projection.name,
      title: projection.title,
      table: projection.table,
      version: projection.version,
      builtVersion,
      builtAt: table?.builtAt ?? null,
      stale: builtVersion !== projection.version,
    };
  });
}

/**
 * Takes the rebuild lock and records a new rebuild as running; refused while another runs anywhere.
 * A rebuild still recorded as running whose process died (its lock went with it) is recorded as
 * failed, and this one starts at once.
 */
export async function claimRebuild(db: Database, projections: RowProjection[]): Promise<RebuildClaim> {
  const lock = await tryAcquireJobLock(db, 'read-model-rebuild');
  if (!lock) throw new RebuildRunning(describeRunning(await db.knex('projection_rebuilds').where({ status: 'running' }).orderBy('id', 'desc').first()));
  try {
    const id = await db.knex.transaction(async (trx) => {
      await trx.raw('lock table projection_rebuilds in exclusive mode');
      const olderBuildRun = await trx('projection_rebuilds').where({ status: 'running', holds_lock: false }).andWhereRaw(beatingWithin).first();
      if (olderBuildRun) throw new RebuildRunning(describeRunning(olderBuildRun));
      await trx('projection_rebuilds').where({ status: 'running' }).update({ status: 'failed', error: processStopped, finished_at: trx.ref('updated_at') });
      const [row] = await trx('projection_rebuilds')
        .insert({ projections: JSON.stringify(projections.map((projection) => projection.name)), status: 'running', phase: 'counting', holds_lock: true })
        .returning('id');
      return row.id as number;
    });
    return { id, lock };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Runs a claimed rebuild (blue/green, see rebuildProjections) and records its progress, a heartbeat
 * and how it ended, so any process (the Data Tools screen, the CLI) can follow it; then lets its lock go.
 */
export async function runRebuild(
  knex: Knex,
  { id, lock }: RebuildClaim,
  projections: RowProjection[],
  options: { signal?: AbortSignal; batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<{ events: number }> {
  let latest: RebuildProgress | undefined;
  let written = 0;
  let lastPhase: RebuildPhase | undefined;
  let writing: Promise<unknown> = Promise.resolve();
  const save = () => {
    if (!latest) return;
    const { phase, done, total } = latest;
    written = Date.now();
    lastPhase = phase;
    writing = writing.then(() => knex('projection_rebuilds').where({ id }).update({ phase, done, total, updated_at: knex.fn.now() })).catch(() => undefined);
  };
  const heartbeat = setInterval(() => void (writing = writing.then(() => knex('projection_rebuilds').where({ id }).update({ updated_at: knex.fn.now() })).catch(() => undefined)), heartbeatMs);
  try {
    const result = await rebuildProjections(knex, projections, {
      batchSize: options.batchSize,
      signal: options.signal,
      holdsLock: lock.isHeld,
      onProgress: (progress) => {
        latest = progress;
        options.onProgress?.(progress);
        if (progress.phase !== lastPhase || Date.now() - written >= progressEveryMs) save();
      },
    });
    clearInterval(heartbeat);
    await writing;
    await knex('projection_rebuilds').where({ id }).update({ status: 'complete', phase: 'done', done: result.events, total: result.events, updated_at: knex.fn.now(), finished_at: knex.fn.now() });
    return result;
  } catch (error) {
    clearInterval(heartbeat);
    await writing;
    await knex('projection_rebuilds')
      .where({ id })
      .update({ status: 'failed', error: (error as Error).message || String(error), updated_at: knex.fn.now(), finished_at: knex.fn.now() });
    throw error;
  } finally {
    await lock.release();
  }
}
