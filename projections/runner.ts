import type { Knex } from 'knex';
import type { InlineHandler } from '../backend/src/eventstore/postgres.ts';
import { toRecordedEvent } from '../backend/src/eventstore/postgres.ts';
import { revealPersonalData } from '../backend/src/privacy/personal-data.ts';
import type { Position } from '../backend/src/eventstore/types.ts';
import { handlesEvent, type Projection } from './projection.ts';
import { flushRowBuffer, startRowBuffer, stopRowBuffer } from './versioned-rows.ts';

/** A batch this large (a bulk import) collects its rows in memory and writes them in bulk, as a rebuild does. */
const bufferedBatchSize = 100;

/** Applies every projection that handles an event, in the append's transaction (read-your-writes). */
export function inlineProjections(projections: Projection[]): InlineHandler {
  const apply: InlineHandler = async (events, trx) => {
    const buffered = events.length >= bufferedBatchSize;
    if (buffered) startRowBuffer(trx);
    for (const event of events) {
      for (const projection of projections) {
        if (!handlesEvent(projection, event)) continue;
        // a projection that may read tables must see every row written so far
        if (buffered && !projection.bufferedRebuild) await flushRowBuffer(trx);
        await projection.apply(event, trx);
      }
    }
    if (buffered) {
      await flushRowBuffer(trx);
      stopRowBuffer(trx);
    }
  };
  // Projections that only write through versioned rows (the ones a rebuild may buffer) read nothing back.
  apply.writesOnly = (types) =>
    types.length < bufferedBatchSize &&
    projections.every((projection) => projection.bufferedRebuild || !types.some((type) => projection.handles.includes(type)));
  return apply;
}

export async function saveCheckpoint(knex: Knex, name: string, position: Position): Promise<void> {
  const row =
    position === 'start'
      ? { name, commit_position: null, prepare_position: null, updated_at: knex.fn.now() }
      : { name, commit_position: position.commit, prepare_position: position.prepare, updated_at: knex.fn.now() };
  await knex('projection_checkpoints').insert(row).onConflict('name').merge();
}

export async function loadCheckpoint(knex: Knex, name: string): Promise<Position> {
  const row = await knex('projection_checkpoints').where({ name }).first();
  return row?.commit_position ? { commit: row.commit_position, prepare: row.prepare_position } : 'start';
}

export type RebuildProgress = { done: number; total: number };

/**
 * Rebuilds read models from the Postgres event store in one transaction: the tables are locked
 * against writers (readers keep seeing the old rows until commit), truncated, and replayed in
 * batches in global order. Appends that arrive meanwhile wait for the lock, then project as usual,
 * so nothing is missed or applied twice.
 */
export async function rebuildProjections(
  knex: Knex,
  projections: Projection[],
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<{ events: number }> {
  const batchSize = options.batchSize ?? 5000;
  const handled = [...new Set(projections.flatMap((projection) => projection.handles))];
  return knex.transaction(async (trx) => {
    const tables = projections.flatMap((projection) => projection.tables);
    await trx.raw(`lock table ${tables.map(() => '??').join(', ')} in exclusive mode`, tables);
    await trx.raw(`truncate ${tables.map(() => '??').join(', ')}`, tables);
    const [{ total }] = await trx('events').whereIn('type', handled).count({ total: '*' });
    startRowBuffer(trx);
    let done = 0;
    let after = 0;
    for (;;) {
      const rows = await trx('events').whereIn('type', handled).where('global_position', '>', after).orderBy('global_position').limit(batchSize);
      if (rows.length === 0) break;
      for (const event of await revealPersonalData(rows.map(toRecordedEvent), trx)) {
        for (const projection of projections) {
          if (!handlesEvent(projection, event)) continue;
          // a projection that may read tables must see every row written so far
          if (!projection.bufferedRebuild) await flushRowBuffer(trx);
          await projection.apply(event, trx);
        }
      }
      after = rows[rows.length - 1].global_position;
      done += rows.length;
      options.onProgress?.({ done, total: Number(total) });
    }
    await flushRowBuffer(trx);
    stopRowBuffer(trx);
    const last = await trx('events').orderBy([{ column: 'tx_id', order: 'desc' }, { column: 'global_position', order: 'desc' }]).first();
    for (const projection of projections) {
      await saveCheckpoint(trx, projection.name, last ? toRecordedEvent(last).position : 'start');
    }
    return { events: done };
  });
}

/**
 * With EventStoreDB the events are not in PostgreSQL: a rebuild empties the read tables and forgets
 * the checkpoints and parked events, and the async projectors replay from the start on their next run.
 */
export async function resetForAsyncReplay(knex: Knex, projections: Projection[]): Promise<void> {
  const names = projections.map((projection) => projection.name);
  const tables = projections.flatMap((projection) => projection.tables);
  await knex.transaction(async (trx) => {
    await trx.raw(`truncate ${tables.map(() => '??').join(', ')}`, tables);
    await trx('projection_checkpoints').whereIn('name', names).delete();
    await trx('projection_dead_letters').whereIn('projection', names).delete();
  });
}
