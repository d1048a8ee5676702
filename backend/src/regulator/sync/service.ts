import type { Knex } from 'knex';
import { groupThousands } from '../../../../domain/format.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError } from '../../http/errors.ts';
import { logger } from '../../logging/logger.ts';
import { censusClientFromConfig, type CensusClient, type CensusClientOptions } from '../clients/census.ts';
import { fdicClientFromConfig, type FdicClient, type FdicClientOptions } from '../clients/fdic.ts';
import type { HttpClientOptions } from '../clients/http.ts';
import { syncCensusProfiles } from './census.ts';
import { cursorProgress, describeSyncResult, planInstitutionSync, runInstitutionSync, type InstitutionSyncCursor } from './institutions.ts';
import { isJobRunning, tryAcquireJobLock, type JobLock } from '../../db/job-lock.ts';
import { canResume, createRun, finishRun, lastCompleteRunWithStep, latestRun, noteRunMessage, reopenRun, resumableRun, saveProgress, type SyncKind, type SyncRun, type SyncStatus } from './runs.ts';

export type RegulatorSyncOptions = {
  fdic?: Partial<FdicClientOptions>;
  census?: Partial<CensusClientOptions>;
  pageSize?: number;
  /** Runs after each complete institutions sync (quarter alerts); a failure there is logged, the sync stays complete. */
  afterSync?: () => Promise<unknown>;
};

type RetryEvent = Parameters<NonNullable<HttpClientOptions['onRetry']>>[0];

/** Where a resumed run starts: its cursor, which may stand before the progress it showed (a quarter starts over). */
const resumePoint = (run: SyncRun<InstitutionSyncCursor>) => (run.cursor ? cursorProgress(run.cursor) : run.progress);

/** What a run of a kind counts: FDIC records, or the areas whose Census profiles it fetches. */
const unitsOf = (kind: SyncKind) => (kind === 'institutions' ? 'records' : 'areas');

const describeRunning = (kind: SyncKind, run?: SyncRun) =>
  `${kind === 'institutions' ? 'An FDIC institution' : 'A Census profile'} sync is already running` +
  (run && run.total > 0 ? ` (${run.progress.toLocaleString('en-US')} of ${run.total.toLocaleString('en-US')} ${unitsOf(kind)} done)` : '') +
  '; wait for it to finish before starting another.';

/**
 * The regulator sync jobs of one app: starts them in the background (one at a time per kind,
 * across processes on PostgreSQL), records progress in sync_runs, resumes interrupted runs, and
 * answers the status. Handlers stay thin: they call this.
 */
export class RegulatorSync {
  readonly fdic: FdicClient;
  readonly census: CensusClient;
  private readonly knex: Knex;
  private readonly running = new Map<SyncKind, { abort: AbortController; done: Promise<void> }>();
  /** The institutions run in progress here, whose status says why its progress pauses while a request is retried. */
  private institutionRunId?: number;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly options: RegulatorSyncOptions = {},
  ) {
    this.knex = db.knex;
    const onRetry = (event: RetryEvent) => logger.warn('regulator request retried', event);
    const onFdicRetry = (event: RetryEvent) => {
      onRetry(event);
      const runId = this.institutionRunId;
      if (runId !== undefined) void noteRunMessage(this.knex, runId, `${event.reason} Trying again in ${Math.max(1, Math.round(event.delayMs / 1000))} s.`).catch(() => undefined);
    };
    this.fdic = fdicClientFromConfig(config, { onRetry: onFdicRetry, ...options.fdic });
    this.census = censusClientFromConfig(config, { onRetry, ...options.census });
  }

  /**
   * Starts the institutions sync in the background, continuing an unfinished recent run from its
   * cursor, and answers its first status. Throws ConflictError (409) while one runs anywhere.
   */
  async startInstitutionSync(startedBy?: string): Promise<SyncStatus> {
    const lock = await tryAcquireJobLock(this.db, 'institutions');
    if (!lock) throw new ConflictError(describeRunning('institutions', await latestRun(this.knex, 'institutions')));
    try {
      const unfinished = await resumableRun<InstitutionSyncCursor>(this.knex, 'institutions');
      const run = unfinished
        ? await reopenRun<InstitutionSyncCursor>(this.knex, unfinished.id, `Resuming the sync at ${groupThousands(resumePoint(unfinished))} of ${groupThousands(unfinished.total)} records.`, resumePoint(unfinished))
        : await createRun<InstitutionSyncCursor>(this.knex, 'institutions', { message: 'Starting the FDIC institution sync.', startedBy });
      this.runInBackground('institutions', run.id, lock, (signal) => this.institutionJob(run, signal));
      return statusOf(run);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  private async institutionJob(run: SyncRun<InstitutionSyncCursor>, signal: AbortSignal): Promise<void> {
    this.institutionRunId = run.id;
    try {
      await this.runInstitutionJob(run, signal);
    } finally {
      this.institutionRunId = undefined;
    }
  }

  private async runInstitutionJob(run: SyncRun<InstitutionSyncCursor>, signal: AbortSignal): Promise<void> {
    let cursor = run.cursor;
    if (!cursor) {
      cursor = await planInstitutionSync(this.fdic, this.config.syncQuarters, await lastCompleteRunWithStep(this.knex, 'institutions', 'history'));
      const total = cursor.totals.reduce((sum, value) => sum + value, 0);
      await saveProgress(this.knex, run.id, { progress: 0, total, message: `Syncing ${total.toLocaleString('en-US')} records from FDIC BankFind.`, cursor });
    }
    const result = await runInstitutionSync(
      {
        knex: this.knex,
        fdic: this.fdic,
        quarters: this.config.syncQuarters,
        pageSize: this.options.pageSize,
        signal,
        onProgress: (progress) => saveProgress(this.knex, run.id, progress),
      },
      cursor,
    );
    const message = describeSyncResult(result);
    const stored = result.institutions + result.structureChanges + result.failures + result.financials;
    await saveProgress(this.knex, run.id, { progress: stored, total: stored, message, cursor });
    await finishRun(this.knex, run.id, 'complete', message);
    logger.info('institution sync complete', { runId: run.id, ...result, quarters: result.quarters.join(',') });
    await this.options.afterSync?.().catch((error: unknown) => logger.error('work after the sync failed', { runId: run.id, error: (error as Error).stack ?? String(error) }));
  }

  /**
   * Fetches every CBSA/CSA profile in use (a few requests: it answers when done). Throws
   * ConflictError while another Census sync runs.
   */
  async syncCensus(startedBy?: string): Promise<SyncStatus> {
    const lock = await tryAcquireJobLock(this.db, 'census');
    if (!lock) throw new ConflictError(describeRunning('census', await latestRun(this.knex, 'census')));
    try {
      const run = await createRun(this.knex, 'census', { message: 'Fetching community profiles from the Census API.', startedBy });
      try {
        const result = await syncCensusProfiles(this.knex, this.census, ({ done, total }) =>
          saveProgress(this.knex, run.id, { progress: done, total, message: `Fetched ${done} of ${total} areas.` }),
        );
        const message =
          `Stored ${result.stored} community profiles (ACS 5-Year Estimates 2022) for ${result.requested} areas in use.` +
          (result.missing.length ? ` The Census publishes none for ${result.missing.join(', ')}.` : '');
        await saveProgress(this.knex, run.id, { progress: result.requested, total: result.requested, message });
        await finishRun(this.knex, run.id, 'complete', message);
        return { status: 'complete', progress: result.requested, total: result.requested, message };
      } catch (error) {
        await finishRun(this.knex, run.id, 'error', (error as Error).message);
        throw error;
      }
    } finally {
      await lock.release();
    }
  }

  /**
   * The status of the latest run of a kind; an unfinished run nobody is running (its process died)
   * reads as stopped. A failed or stopped run that can still be resumed says from where.
   */
  async status(kind: SyncKind = 'institutions'): Promise<SyncStatus> {
    const run = await latestRun<InstitutionSyncCursor>(this.knex, kind);
    if (!run) return { status: 'idle', progress: 0, total: 0, message: 'No sync has run yet.' };
    if (kind === 'institutions' && (run.status === 'error' || run.status === 'interrupted') && canResume(run)) {
      const status = statusOf(run);
      return { ...status, message: `${status.message} Start the sync again to continue from ${groupThousands(resumePoint(run))} of ${groupThousands(run.total)} records.` };
    }
    if (run.status === 'running' && !(await isJobRunning(this.db, kind))) {
      return {
        ...statusOf(run),
        status: 'stopped',
        message:
          `The sync stopped unexpectedly at ${groupThousands(run.progress)} of ${groupThousands(run.total)} ${unitsOf(kind)}; ` +
          (kind === 'institutions' && canResume(run) ? `start it again to continue from ${groupThousands(resumePoint(run))} of ${groupThousands(run.total)} records.` : 'start it again to sync from the beginning.'),
      };
    }
    return statusOf(run);
  }

  /** Whether a recent run was cut short by a crash or a shutdown (not by an error) and nobody runs it. */
  async hasInterruptedSync(): Promise<boolean> {
    const run = await resumableRun(this.knex, 'institutions');
    return run !== undefined && run.status !== 'error' && !(await isJobRunning(this.db, 'institutions'));
  }

  /** Continues a run a crash or shutdown left unfinished, in the background. True when one was resumed. */
  async resumeInterrupted(): Promise<boolean> {
    if (!(await this.hasInterruptedSync())) return false;
    try {
      await this.startInstitutionSync();
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  /** Resolves when no job of this app is running (tests and the CLI wait on it). */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()].map((job) => job.done));
  }

  /** Stops running jobs at their next page, marking them interrupted so the next start resumes them. */
  async stop(): Promise<void> {
    for (const job of this.running.values()) job.abort.abort(new Error('The server is shutting down.'));
    await this.whenIdle();
  }

  private runInBackground(kind: SyncKind, runId: number, lock: JobLock, work: (signal: AbortSignal) => Promise<void>): void {
    const abort = new AbortController();
    const done = (async () => {
      try {
        await work(abort.signal);
      } catch (error) {
        const interrupted = abort.signal.aborted;
        const message = interrupted
          ? 'The sync was stopped before it finished (a server shutting down, or Ctrl+C on npm run sync).'
          : (error as Error).message || String(error);
        await finishRun(this.knex, runId, interrupted ? 'interrupted' : 'error', message).catch(() => undefined);
        if (interrupted) logger.info('sync interrupted', { kind, runId });
        else logger.error('sync failed', { kind, runId, error: (error as Error).stack ?? String(error) });
      } finally {
        this.running.delete(kind);
        await lock.release().catch((error) => logger.warn('could not release the sync lock', { error: String(error) }));
      }
    })();
    this.running.set(kind, { abort, done });
  }
}

function statusOf(run: SyncRun): SyncStatus {
  const status = run.status === 'interrupted' ? 'stopped' : run.status;
  return {
    status,
    progress: run.progress,
    total: run.total,
    message: run.message ?? '',
    startedAt: run.startedAt.toISOString(),
    ...(run.finishedAt ? { finishedAt: run.finishedAt.toISOString() } : {}),
  };
}
