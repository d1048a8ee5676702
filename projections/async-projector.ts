import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';
import { logger } from '../backend/src/logging/logger.ts';
import { comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '../backend/src/eventstore/types.ts';
import { handlesEvent, type Projection } from './projection.ts';
import { loadCheckpoint, saveCheckpoint } from './runner.ts';

export type AsyncProjectorOptions = {
  knex: Knex;
  store: EventStore;
  projection: Projection;
  /** How long an instance that did not get the lock waits before trying again. */
  lockRetryMs?: number;
  /** How long to wait before resubscribing after the store or the database failed. */
  restartDelayMs?: number;
  /** Events the projection ignores only move the checkpoint every this many (re-reading them is harmless). */
  checkpointEvery?: number;
};

export type ProjectorState = 'stopped' | 'waiting for the lock' | 'running';

/**
 * Runs one projection from a store subscription, outside the append's transaction (the read side
 * for EventStoreDB, or any projection that may lag). Guarantees:
 * - one instance per projection: it holds a Postgres advisory lock, others wait and retry;
 * - each event's read rows and the checkpoint commit in one transaction, so a restart resumes
 *   exactly after the last projected event, and an event delivered twice is skipped;
 * - a poison event (apply throws) is parked in projection_dead_letters with every later event of
 *   its stream, and the projector goes on with the other streams instead of stopping.
 * Failures of the store or the database itself are not poison: the projector resubscribes from
 * its checkpoint after a pause.
 */
export class AsyncProjector {
  state: ProjectorState = 'stopped';
  private readonly name: string;
  private readonly lockRetryMs: number;
  private readonly restartDelayMs: number;
  private readonly checkpointEvery: number;
  private run: Promise<void> | undefined;
  private stopping = false;
  private wakeSleep: (() => void) | undefined;
  private subscription: Subscription | undefined;
  /** Last event handled (projected, parked or ignored) and the last checkpoint written. */
  private projectedUpTo: Position = 'start';
  private savedCheckpoint: Position = 'start';
  private ignoredSinceCheckpoint = 0;
  private parkedStreams = new Set<string>();
  private waiters: { position: Position; resolve: () => void }[] = [];
  /** Why the last run ended, while runs keep ending so (a store that is down): logged once, not at every restart. */
  private failing: string | undefined;

  constructor(private readonly options: AsyncProjectorOptions) {
    this.name = options.projection.name;
    this.lockRetryMs = options.lockRetryMs ?? 2000;
    this.restartDelayMs = options.restartDelayMs ?? 1000;
    this.checkpointEvery = options.checkpointEvery ?? 100;
  }

  start(): void {
    if (this.run) return;
    this.stopping = false;
    this.state = 'waiting for the lock';
    this.run = this.runUntilStopped().finally(() => {
      this.state = 'stopped';
      this.run = undefined;
    });
  }

  /** Finishes the event in hand, saves the checkpoint and releases the lock. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeSleep?.();
    await this.subscription?.close();
    await this.run;
  }

  get projection(): Projection {
    return this.options.projection;
  }

  /**
   * Resolves once `position` is projected, here or, while another process holds the lock, by that
   * process (its checkpoint commits with its rows). Stops looking when `giveUp` settles.
   */
  async projectedOrCheckpointed(position: Position, giveUp: Promise<unknown>): Promise<void> {
    let stop = false;
    void giveUp.then(() => (stop = true));
    // Registered only while this instance runs: a waiter on an instance that waits for the lock could wait for ever.
    let projectedHere: Promise<boolean> | undefined;
    while (!stop) {
      if (this.state === 'running') {
        projectedHere ??= this.waitUntilProjected(position).then(() => true);
        if (await Promise.race([projectedHere, delay(runningCheckMs).then(() => false)])) return;
        continue;
      }
      const checkpoint = await loadCheckpoint(this.options.knex, this.name).catch(() => 'start' as const);
      if (comparePositions(checkpoint, position) >= 0) return;
      await delay(checkpointPollMs);
    }
  }

  /** Resolves once every event up to `position` has been projected (or parked) by this instance. */
  waitUntilProjected(position: Position): Promise<void> {
    if (comparePositions(this.projectedUpTo, position) >= 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }

  private async runUntilStopped(): Promise<void> {
    while (!this.stopping) {
      const lock = await tryProjectorLock(this.options.knex, this.name).catch((error: unknown) => {
        logger.warn('Async projection could not try its lock; retrying', { projection: this.name, error: (error as Error).message });
        return undefined;
      });
      if (!lock) {
        await this.sleep(this.lockRetryMs);
        continue;
      }
      try {
        this.state = 'running';
        await this.projectUntilStopped(lock.lost);
      } catch (error) {
        const reason = (error as Error).message;
        if (reason !== this.failing) logger.error('Async projection failed; resuming from its checkpoint', { projection: this.name, error: reason });
        this.failing = reason;
      } finally {
        this.state = 'waiting for the lock';
        await lock.release();
      }
      if (!this.stopping) await this.sleep(this.restartDelayMs);
    }
  }

  private async projectUntilStopped(lockLost: Promise<never>): Promise<void> {
    const { knex } = this.options;
    this.savedCheckpoint = await loadCheckpoint(knex, this.name);
    this.projectedUpTo = this.savedCheckpoint;
    const parked: string[] = await knex('projection_dead_letters').where({ projection: this.name }).distinct().pluck('stream_id');
    this.parkedStreams = new Set(parked);
    const subscription = this.options.store.subscribe((event) => this.handle(event), { from: this.savedCheckpoint });
    this.subscription = subscription;
    subscription.caughtUp.then(() => {
      if (this.failing === undefined) return;
      logger.info('Async projection resumed', { projection: this.name, after: this.failing });
      this.failing = undefined;
    }, () => undefined);
    try {
      if (this.stopping) return;
      await Promise.race([subscription.done, lockLost]);
    } finally {
      await subscription.close();
      this.subscription = undefined;
      if (comparePositions(this.projectedUpTo, this.savedCheckpoint) > 0) await this.checkpointIgnored();
    }
  }

  private async handle(event: RecordedEvent): Promise<void> {
    // Delivered again (a resubscription, or a store that delivers at least once): already done.
    if (comparePositions(event.position, this.projectedUpTo) <= 0) return;
    const { projection, knex } = this.options;
    if (!handlesEvent(projection, event)) {
      this.advance(event.position);
      if (++this.ignoredSinceCheckpoint >= this.checkpointEvery) await this.checkpointIgnored();
      return;
    }
    if (this.parkedStreams.has(event.streamId)) {
      await this.park(event, `Parked behind an earlier event of stream ${event.streamId} that failed to project.`);
      return;
    }
    try {
      await knex.transaction(async (trx) => {
        await relaxDurability(trx);
        await projection.apply(event, trx);
        await saveCheckpoint(trx, this.name, event.position);
      });
    } catch (error) {
      if (isInfrastructureFailure(error)) throw error;
      logger.error('Parked an event that failed to project', {
        projection: this.name,
        streamId: event.streamId,
        streamVersion: event.streamVersion,
        error: (error as Error).message,
      });
      await this.park(event, (error as Error).message || String(error));
      return;
    }
    this.saved(event.position);
  }

  private async checkpointIgnored(): Promise<void> {
    await saveCheckpoint(this.options.knex, this.name, this.projectedUpTo);
    this.saved(this.projectedUpTo);
  }

  private async park(event: RecordedEvent, reason: string): Promise<void> {
    await this.options.knex.transaction(async (trx) => {
      await relaxDurability(trx);
      await trx('projection_dead_letters')
        .insert({
          projection: this.name,
          stream_id: event.streamId,
          stream_version: event.streamVersion,
          global_position: event.globalPosition,
          error: reason,
        })
        .onConflict(['projection', 'stream_id', 'stream_version'])
        .ignore();
      await saveCheckpoint(trx, this.name, event.position);
    });
    this.parkedStreams.add(event.streamId);
    this.saved(event.position);
  }

  private saved(position: Position): void {
    this.savedCheckpoint = position;
    this.ignoredSinceCheckpoint = 0;
    this.advance(position);
  }

  private advance(position: Position): void {
    this.projectedUpTo = position;
    const ready = this.waiters.filter((waiter) => comparePositions(position, waiter.position) >= 0);
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeSleep = finish;
    });
  }
}

/** How long a write waits for its read rows before answering anyway (the write itself is durable). */
const readYourWritesTimeoutMs = 10_000;
/** How often to look at the checkpoint of a projection that another process runs. */
const checkpointPollMs = 20;
/** How often a write waiting on this process's projector checks that it still runs. */
const runningCheckMs = 100;

/** One projector per projection, started together and stopped together. */
export function startAsyncProjectors(options: Omit<AsyncProjectorOptions, 'projection'> & { projections: Projection[] }) {
  const projectors = options.projections.map((projection) => new AsyncProjector({ ...options, projection }));
  for (const projector of projectors) projector.start();
  return {
    projectors,
    async stop() {
      await Promise.all(projectors.map((projector) => projector.stop()));
    },
    async waitUntilProjected(position: Position) {
      await Promise.all(projectors.map((projector) => projector.waitUntilProjected(position)));
    },
    /**
     * Resolves once every projection that handles one of `events` has projected the last of them,
     * so a command's answer is followed by reads that show it. A projection run by this process is
     * awaited in memory; one run by another process (it holds the lock) through its checkpoint.
     * Gives up after a while with a warning rather than fail a write that did happen.
     */
    async waitForReadModels(events: RecordedEvent[]): Promise<void> {
      if (events.length === 0) return;
      const position = events[events.length - 1].position;
      const concerned = projectors.filter((projector) => events.some((event) => handlesEvent(projector.projection, event)));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), readYourWritesTimeoutMs)));
      const outcome = await Promise.race([Promise.all(concerned.map((projector) => projector.projectedOrCheckpointed(position, timedOut))), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timed out') {
        logger.warn('A write answered before its read models caught up', { streamId: events[0].streamId, projections: concerned.map((projector) => projector.projection.name) });
      }
    },
  };
}

/**
 * Rows and checkpoint commit together, so a commit lost in a crash is lost whole and projected
 * again on restart: no need to wait for the disk flush on every event (about twice as fast here).
 */
async function relaxDurability(trx: Knex.Transaction): Promise<void> {
  await trx.raw('set local synchronous_commit = off');
}

/**
 * Connection loss, shutdown, serialization failures, deadlocks: the event is fine, the database
 * is not. Those end the run (resume from the checkpoint later) instead of parking the event.
 */
function isInfrastructureFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return /^(08|40|53|57|58)/.test(code) || ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code) || code.startsWith('KNEX_');
}

type ProjectorLock = { lost: Promise<never>; release(): Promise<void> };

/** Projections running in this process, per database: the lock is re-entrant within one session. */
const heldInProcess = new WeakMap<Knex, Set<string>>();

/**
 * Takes the projection's advisory lock on a connection of its own, kept for as long as the lock
 * is held (a session lock lives and dies with its connection). PGlite has a single connection and
 * a single process per data folder, so there the in-process registry alone decides.
 */
async function tryProjectorLock(knex: Knex, name: string): Promise<ProjectorLock | undefined> {
  const held = heldInProcess.get(knex) ?? new Set<string>();
  heldInProcess.set(knex, held);
  if (held.has(name)) return undefined;
  held.add(name);
  const forget = () => void held.delete(name);

  const pool = (knex.client as { config: { pool?: { max?: number } } }).config.pool;
  if (pool?.max === 1) return { lost: new Promise<never>(() => undefined), release: async () => forget() };

  const key = `charterline:projector:${name}`;
  let connection: LockConnection;
  try {
    connection = (await knex.client.acquireConnection()) as LockConnection;
  } catch (error) {
    forget();
    throw error;
  }
  const releaseConnection = () => knex.client.releaseConnection(connection);
  try {
    const { rows } = await connection.query('select pg_try_advisory_lock(hashtext($1)) as locked', [key]);
    if (!rows[0].locked) {
      forget();
      await releaseConnection();
      return undefined;
    }
  } catch (error) {
    forget();
    await releaseConnection();
    throw error;
  }

  let onGone: (error?: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    onGone = (error?: Error) => reject(new Error(`Lost the lock connection of projection ${name}: ${error?.message ?? 'connection ended'}`));
    connection.once('error', onGone);
    connection.once('end', onGone);
  });
  lost.catch(() => undefined);
  return {
    lost,
    async release() {
      connection.off('error', onGone);
      connection.off('end', onGone);
      // A broken connection took the lock with it; knex discards it rather than pooling it again.
      await connection.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
      await releaseConnection();
      forget();
    },
  };
}

type LockConnection = {
  query(sql: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  once(event: 'error' | 'end', listener: (error?: Error) => void): void;
  off(event: 'error' | 'end', listener: (error?: Error) => void): void;
};
