import type { Knex } from 'knex';
import type { ProjectionState, RebuildRun } from '../domain/records/read-models.ts';
import { builtTables, rebuildProjections, type RebuildPhase, type RebuildProgress } from './rebuild.ts';
import type { RowProjection } from './row-projection.ts';

/** A rebuild whose process has not reported for this long has died (a running one reports every few seconds). */
const aliveWithinSeconds = 60;
const heartbeatMs = 5000;
/** Progress is written at most this often (and at every change of phase). */
const progressEveryMs = 500;

export class RebuildRunning extends Error {}

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
  alive: boolean;
};

function toRun(row: RunRow): RebuildRun {
  const status = row.status === 'running' && !row.alive ? 'failed' : row.status;
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
    error: status === 'failed' && row.status === 'running' ? 'The process running the rebuild stopped.' : row.error,
  };
}

const runColumns = (knex: Knex) => ['*', knex.raw(`updated_at > now() - make_interval(secs => ${aliveWithinSeconds}) as alive`)];

/** The newest rebuild, if any. */
export async function latestRebuild(knex: Knex): Promise<RebuildRun | null> {
  const row: RunRow | undefined = await knex('projection_rebuilds').select(runColumns(knex)).orderBy('id', 'desc').first();
  return row ? toRun(row) : null;
}

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

/** Records a new rebuild as running; refused while another is running anywhere. */
export async function claimRebuild(knex: Knex, projections: RowProjection[]): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx.raw('lock table projection_rebuilds in exclusive mode');
    const running = await trx('projection_rebuilds').where({ status: 'running' }).andWhereRaw(`updated_at > now() - make_interval(secs => ${aliveWithinSeconds})`).first();
    if (running) throw new RebuildRunning(`A rebuild of ${(running.projections as string[]).join(', ')} is running (${Number(running.done).toLocaleString('en-US')} of ${Number(running.total).toLocaleString('en-US')} events).`);
    const [{ id }] = await trx('projection_rebuilds')
      .insert({ projections: JSON.stringify(projections.map((projection) => projection.name)), status: 'running', phase: 'counting' })
      .returning('id');
    return id as number;
  });
}

/**
 * Runs a claimed rebuild (blue/green, see rebuildProjections) and records its progress, a heartbeat
 * and how it ended, so any process (the Data Tools screen, the CLI) can follow it.
 */
export async function runRebuild(
  knex: Knex,
  id: number,
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
  }
}
