import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { rebuildPhases } from '../domain/records/read-models.ts';
import { engineOf } from '../backend/src/db/database.ts';
import { gatherStatisticsWhereStale } from '../backend/src/db/statistics.ts';
import { toRecordedEvent } from '../backend/src/eventstore/postgres.ts';
import type { Position } from '../backend/src/eventstore/types.ts';
import { revealPersonalData } from '../backend/src/privacy/personal-data.ts';
import { touchEveryonesReadModels } from '../backend/src/read-cache/position.ts';
import type { RowProjection } from './row-projection.ts';
import { changesOf, writeChanges, writeEvents, type Target } from './row-batch.ts';

export type RebuildPhase = (typeof rebuildPhases)[number];
export type RebuildProgress = { phase: RebuildPhase; done: number; total: number; ratePerSecond: number; etaSeconds: number | null };

/** The table a projection's next version is built into, beside the serving one. */
export const buildTableOf = (projection: RowProjection) => `${projection.table}_v${projection.version}`;

type Db = Knex | Knex.Transaction;

type IndexDefinition = { name: string; definition: string; unique: boolean; primary: boolean };

/** The serving table's indexes, as `create index` statements. */
async function indexesOf(db: Knex, table: string): Promise<IndexDefinition[]> {
  const { rows } = await db.raw(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisunique as unique, x.indisprimary as primary
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
     where t.relname = ? and n.nspname = current_schema() order by i.relname`,
    [table],
  );
  return rows;
}

/** An index of the serving table made for the build table, under a temporary name. */
const buildIndexName = (index: number, table: string) => `${table}_i${index}`;
function forBuildTable(index: IndexDefinition, position: number, build: string): string {
  // `s`: an expression may hold a line break in a string literal.
  const matched = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ (USING .*)$/s.exec(index.definition);
  if (!matched) throw new Error(`Cannot copy index ${index.name}: ${index.definition}`);
  return `CREATE ${matched[1] ?? ''}INDEX "${buildIndexName(position, build)}" ON "${build}" ${matched[2]}`;
}

type Build = { projection: RowProjection; build: string; indexes: IndexDefinition[] };

/**
 * An empty table shaped as the serving one (columns, defaults, checks), with its unique indexes
 * (the upserts need them); the other indexes come after the bulk load.
 */
async function createBuildTable(db: Knex, projection: RowProjection): Promise<Build> {
  const build = buildTableOf(projection);
  await db.raw('drop table if exists ??', [build]);
  await db.raw('create table ?? (like ?? including defaults including constraints)', [build, projection.table]);
  const indexes = await indexesOf(db, projection.table);
  for (const [position, index] of indexes.entries()) if (index.unique) await db.raw(forBuildTable(index, position, build));
  return { projection, build, indexes };
}

/** Statements run side by side while build tables are indexed: PostgreSQL builds one index on one core. */
const indexingConnections = 2;

/** Runs `work` on every item, at most `concurrency` at a time, in the items' order. */
async function eachAtMost<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * Creates the build tables' other indexes, side by side across tables (the largest table's indexes
 * would otherwise keep one core busy while the other waits), then each table's primary key and
 * statistics (ANALYZE waits for any index being built on its table).
 */
async function indexBuildTables(db: Knex, builds: Build[], ensureLockHeld: () => void): Promise<void> {
  const indexStatements = builds.flatMap(({ build, indexes }) => indexes.flatMap((index, position) => (index.unique ? [] : [forBuildTable(index, position, build)])));
  await eachAtMost(indexStatements, indexingConnections, (statement) => {
    ensureLockHeld();
    return db.raw(statement);
  });
  await eachAtMost(builds, indexingConnections, async ({ build, indexes }) => {
    ensureLockHeld();
    for (const [position, index] of indexes.entries()) {
      if (index.primary) await db.raw('alter table ?? add constraint ?? primary key using index ??', [build, buildIndexName(position, build), buildIndexName(position, build)]);
    }
    await db.raw('analyze ??', [build]);
  });
}

/** Drops the serving table and gives its name, and its indexes' names, to the build table. */
async function switchTables(trx: Knex.Transaction, { projection, build, indexes }: Build): Promise<void> {
  await trx.raw('drop table ??', [projection.table]);
  await trx.raw('alter table ?? rename to ??', [build, projection.table]);
  for (const [position, index] of indexes.entries()) await trx.raw('alter index ?? rename to ??', [buildIndexName(position, build), index.name]);
  await trx('projection_versions')
    .insert({ name: projection.name, version: projection.version, built_at: trx.fn.now() })
    .onConflict('name')
    .merge();
}

type Cursor = { commit: string; prepare: number } | 'start';

/**
 * Events of the given types after `after`, in commit order. Bounded reads stop below the oldest
 * running transaction, so an event committed later can never land behind the cursor; the final read
 * inside the switch (every writer of the tables locked out) takes everything committed.
 */
async function readEvents(db: Db, types: string[], after: Cursor, limit: number, bounded: boolean) {
  const query = db('events').whereIn('type', types).orderBy([{ column: 'tx_id' }, { column: 'global_position' }]).limit(limit);
  if (bounded) query.whereRaw('tx_id < pg_snapshot_xmin(pg_current_snapshot())');
  if (after !== 'start') query.whereRaw('(tx_id, global_position) > (?::xid8, ?::bigint)', [after.commit, after.prepare]);
  return query;
}

const deadlock = '40P01';

/**
 * The rebuild's lock went with its database session while the process ran on: another rebuild may
 * have started and own the build tables now, so this one writes and switches nothing more and
 * leaves those tables to it.
 */
export class RebuildLockLost extends Error {
  constructor() {
    super("The rebuild lost its lock on the database (its connection ended), so it stopped without switching any table: start it again.");
  }
}

/**
 * Rebuilds read models blue/green: each projection is built from the events into a new table beside
 * the serving one (which keeps answering reads and taking live writes), in batches of events
 * written set-based, its indexes created after the load; then the events appended meanwhile are
 * caught up and, in one short transaction that locks the serving tables, the last ones are applied
 * and the new tables take the serving names. Records each projection's version as built. An abort
 * (`signal`) between batches drops the build tables and leaves the serving ones as they were.
 * `holdsLock` tells whether the rebuild still holds the lock that makes it the only one: asked
 * before every write to a build table and before the switch.
 */
export async function rebuildProjections(
  knex: Knex,
  projections: RowProjection[],
  options: { batchSize?: number; signal?: AbortSignal; holdsLock?: () => boolean; onProgress?: (progress: RebuildProgress) => unknown } = {},
): Promise<{ events: number }> {
  const ensureLockHeld = () => {
    if (options.holdsLock && !options.holdsLock()) throw new RebuildLockLost();
  };
  // The embedded database has one connection, which a batch holds while it is read and written:
  // smaller batches there let a screen's query in between (a wait of a few hundred milliseconds
  // instead of seconds, the rebuild itself no slower).
  const batchSize = options.batchSize ?? (engineOf(knex) === 'pglite' ? 1000 : 5000);
  const types = [...new Set(projections.flatMap((projection) => projection.handles))];
  const started = performance.now();
  let done = 0;
  let total = 0;
  /** Reports progress; the next batch waits for a report that returns a promise. */
  const report = async (phase: RebuildPhase) => {
    const seconds = (performance.now() - started) / 1000;
    const ratePerSecond = seconds > 0 ? done / seconds : 0;
    await options.onProgress?.({ phase, done, total: Math.max(total, done), ratePerSecond, etaSeconds: ratePerSecond > 0 ? Math.max(0, total - done) / ratePerSecond : null });
  };
  await report('counting');
  // Without statistics (events just imported) the planner took the rows after the cursor for a few
  // hundred, and each batch scanned and sorted every event after it instead of walking the index:
  // 100,000 task events rebuilt at 80,000 events/s, at 100,000-106,000 with them.
  await gatherStatisticsWhereStale(knex, 'events', ['tx_id', 'global_position', 'type']);
  total = Number((await knex('events').whereIn('type', types).count({ total: '*' }))[0].total);

  const builds: Build[] = [];
  for (const projection of projections) {
    ensureLockHeld();
    builds.push(await createBuildTable(knex, projection));
  }
  const copy = engineOf(knex) === 'postgres';
  const targets = new Map<RowProjection, Target>(builds.map((build) => [build.projection, { table: build.build, stored: new Set<string>(), copy }]));
  const into = (projection: RowProjection) => targets.get(projection)!;

  let after: Cursor = 'start';
  /**
   * Applies batches until one comes back short; the next batch is read while this one is worked on.
   * Inside the switch's transaction each batch is written before the next. On the pool a batch's
   * writes run while the next batch is worked out in Node, each table's after its own writes of the
   * batch before (whose rows it may read back): Node's work and the database's overlap instead of
   * taking turns. At most two batches are in hand.
   */
  const applyUntilCaughtUp = async (db: Db, bounded: boolean, phase: RebuildPhase) => {
    const read = () => {
      const rows = Promise.resolve(readEvents(db, types, after, batchSize, bounded));
      rows.catch(() => undefined); // awaited below; a failure while a batch is being written is not unhandled
      return rows;
    };
    const inTransaction = 'isTransaction' in db && db.isTransaction;
    const writing = new Map<RowProjection, Promise<void>>();
    const batchesWriting: Array<Promise<unknown>> = [];
    let next = read();
    try {
      for (;;) {
        const rows = await next;
        options.signal?.throwIfAborted();
        if (rows.length === 0) break;
        after = { commit: String(rows[rows.length - 1].tx_id), prepare: rows[rows.length - 1].global_position };
        if (rows.length === batchSize) next = read();
        const events = await revealPersonalData(rows.map(toRecordedEvent), db as Knex);
        if (inTransaction) await writeEvents(db, projections, events, into);
        else {
          const batch = Promise.all(
            projections.map((projection) => {
              const changes = changesOf(projection, events);
              const write = (writing.get(projection) ?? Promise.resolve()).then(() => {
                ensureLockHeld();
                return writeChanges(db, projection, changes, into(projection));
              });
              writing.set(projection, write);
              return write;
            }),
          );
          batch.catch(() => undefined); // awaited below, or by the last batch's wait
          batchesWriting.push(batch);
          if (batchesWriting.length > 1) await batchesWriting.shift();
        }
        done += rows.length;
        await report(phase);
        if (rows.length < batchSize) break;
        // A turn of the event loop between batches: on the embedded database a query never waits on
        // I/O, so the batches back to back held the process and the screens stopped answering for the
        // whole rebuild. Inside the switch's transaction, which holds the tables, there is no waiting.
        if (!inTransaction) await nextTurn();
      }
      await Promise.all(writing.values());
    } finally {
      // no write still running when this returns or fails (the build tables may be dropped next)
      await Promise.allSettled(writing.values());
    }
  };

  try {
    await applyUntilCaughtUp(knex, true, 'building');
    await report('indexing');
    await indexBuildTables(knex, builds, ensureLockHeld);
    await applyUntilCaughtUp(knex, true, 'catching-up');
    await report('switching');
    for (let attempt = 1; ; attempt += 1) {
      const afterBefore: Cursor = after as Cursor;
      const doneBefore = done;
      try {
        await knex.transaction(async (trx) => {
          const serving = projections.map((projection) => projection.table);
          await trx.raw(`lock table ${serving.map(() => '??').join(', ')} in access exclusive mode`, serving);
          await applyUntilCaughtUp(trx, false, 'switching');
          ensureLockHeld();
          for (const build of builds) await switchTables(trx, build);
          // the rows changed without an event: every answer cached from them is stale
          await touchEveryonesReadModels(trx);
          const position = await newestPosition(trx);
          for (const projection of projections) await saveCheckpoint(trx, projection.name, position);
        });
        break;
      } catch (error) {
        // A writer holding one serving table while waiting for another: try the switch again.
        if ((error as { code?: string }).code !== deadlock || attempt >= 5) throw error;
        [after, done] = [afterBefore, doneBefore];
        // the keys the rolled-back writes added or removed are no longer known: read every row back
        for (const target of targets.values()) delete target.stored;
      }
    }
  } catch (error) {
    if (!(error instanceof RebuildLockLost)) for (const build of builds) await knex.raw('drop table if exists ??', [build.build]).catch(() => undefined);
    throw error;
  }
  await report('done');
  return { events: done };
}

async function newestPosition(db: Db): Promise<Position> {
  const newest = await db('events').orderBy([{ column: 'tx_id', order: 'desc' }, { column: 'global_position', order: 'desc' }]).first();
  return newest ? toRecordedEvent(newest).position : 'start';
}

export async function saveCheckpoint(knex: Db, name: string, position: Position): Promise<void> {
  const row =
    position === 'start'
      ? { name, commit_position: null, prepare_position: null, updated_at: knex.fn.now() }
      : { name, commit_position: position.commit, prepare_position: position.prepare, updated_at: knex.fn.now() };
  await knex('projection_checkpoints').insert(row).onConflict('name').merge();
}

/** The version each projection's serving table was built by, and when a rebuild built it (no entry: version 1, as the migrations made it). */
export async function builtTables(knex: Knex): Promise<Map<string, { version: number; builtAt: string }>> {
  const rows: Array<{ name: string; version: number; built_at: Date | string }> = await knex('projection_versions').select('name', 'version', 'built_at');
  return new Map(rows.map((row) => [row.name, { version: row.version, builtAt: new Date(row.built_at).toISOString() }]));
}

/** Projections whose version in code differs from the one their serving table was built by. */
export async function staleProjections(knex: Knex, projections: RowProjection[]): Promise<RowProjection[]> {
  const built = await builtTables(knex);
  return projections.filter((projection) => (built.get(projection.name)?.version ?? 1) !== projection.version);
}
