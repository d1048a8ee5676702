import os from 'node:os';
import type { Knex } from 'knex';

export type SyncKind = 'institutions' | 'census';
/** What a run record tracks: a sync, or the first start's demo data load. */
export type RunKind = SyncKind | 'demo';
export type RunStatus = 'running' | 'interrupted' | 'complete' | 'error';

export type SyncRun<Cursor = unknown> = {
  id: number;
  kind: RunKind;
  status: RunStatus;
  progress: number;
  total: number;
  message: string | null;
  cursor: Cursor | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

/**
 * What GET /api/services/sync/status answers. `stopped`: a shutdown, Ctrl+C or a process that died
 * ended the run before it finished, not a failure of the sync; starting it again continues it.
 */
export type SyncStatus = {
  status: 'idle' | 'running' | 'complete' | 'stopped' | 'error';
  progress: number;
  total: number;
  message: string;
  startedAt?: string;
  finishedAt?: string;
};

const owner = `${os.hostname()}:${process.pid}`;

function fromRow<Cursor>(row: Record<string, any>): SyncRun<Cursor> {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    total: row.total,
    message: row.message,
    cursor: row.cursor ?? null,
    startedAt: new Date(row.started_at),
    updatedAt: new Date(row.updated_at),
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
  };
}

export async function createRun<Cursor>(knex: Knex, kind: RunKind, fields: { message: string; startedBy?: string }): Promise<SyncRun<Cursor>> {
  const [row] = await knex('sync_runs')
    .insert({ kind, status: 'running', message: fields.message, owner, started_by: fields.startedBy ?? null })
    .returning('*');
  return fromRow(row);
}

/** Takes over an unfinished run (after a crash, a shutdown or an error) to continue it from its cursor. */
export async function reopenRun<Cursor>(knex: Knex, id: number, message: string, progress?: number): Promise<SyncRun<Cursor>> {
  const [row] = await knex('sync_runs')
    .where({ id })
    .update({ status: 'running', message, owner, finished_at: null, updated_at: knex.fn.now(), ...(progress === undefined ? {} : { progress }) })
    .returning('*');
  return fromRow(row);
}

export async function saveProgress(knex: Knex, id: number, fields: { progress: number; total: number; message: string; cursor?: unknown }): Promise<void> {
  await knex('sync_runs')
    .where({ id })
    .update({
      progress: fields.progress,
      total: fields.total,
      message: fields.message,
      ...(fields.cursor === undefined ? {} : { cursor: JSON.stringify(fields.cursor) }),
      updated_at: knex.fn.now(),
    });
}

/** Replaces what the status says without moving the progress (a request being retried). */
export async function noteRunMessage(knex: Knex, id: number, message: string): Promise<void> {
  await knex('sync_runs').where({ id, status: 'running' }).update({ message, updated_at: knex.fn.now() });
}

export async function finishRun(knex: Knex, id: number, status: Exclude<RunStatus, 'running'>, message: string): Promise<void> {
  await knex('sync_runs')
    .where({ id })
    .update({ status, message, updated_at: knex.fn.now(), finished_at: status === 'complete' ? knex.fn.now() : null });
}

export async function latestRun<Cursor>(knex: Knex, kind: RunKind): Promise<SyncRun<Cursor> | undefined> {
  const row = await knex('sync_runs').where({ kind }).orderBy('id', 'desc').first();
  return row ? fromRow<Cursor>(row) : undefined;
}

/** Runs not finished within this long start over instead of resuming: their quarters are stale. */
export const resumeWindowMs = 24 * 60 * 60 * 1000;

/** Whether a run stopped before finishing, recently enough to resume, and with a cursor to resume from. */
export function canResume(run: SyncRun<unknown>, now = Date.now()): boolean {
  return run.status !== 'complete' && run.cursor !== null && now - run.startedAt.getTime() <= resumeWindowMs;
}

/** The latest run if it can be resumed. */
export async function resumableRun<Cursor>(knex: Knex, kind: SyncKind, now = Date.now()): Promise<SyncRun<Cursor> | undefined> {
  const run = await latestRun<Cursor>(knex, kind);
  return run && canResume(run, now) ? run : undefined;
}

/** When the latest complete run of `kind` with a step of `stepKind` began (a run's cursor lists its steps). */
export async function lastCompleteRunWithStep(knex: Knex, kind: SyncKind, stepKind: string): Promise<Date | undefined> {
  const row = await knex('sync_runs')
    .where({ kind, status: 'complete' })
    .whereRaw(`cursor->'steps' @> ?::jsonb`, [JSON.stringify([{ kind: stepKind }])])
    .orderBy('id', 'desc')
    .first('started_at');
  return row ? new Date(row.started_at) : undefined;
}
