import type { Knex } from 'knex';
import type { InlineHandler, InlineWrite } from '../backend/src/eventstore/postgres.ts';
import type { Position } from '../backend/src/eventstore/types.ts';
import type { Projection } from './projection.ts';
import { writeEvents } from './row-batch.ts';
import { changeSet, changeStatement, type RowProjection } from './row-projection.ts';

export { rebuildProjections, saveCheckpoint, type RebuildProgress } from './rebuild.ts';

/** A batch this large (a bulk import) is written set-based, as a rebuild writes, instead of a statement per event. */
const setBasedBatchSize = 100;

/** Applies every projection that handles an event, in the append's transaction (read-your-writes). */
export function inlineProjections(projections: RowProjection[]): InlineHandler {
  const apply: InlineHandler = async (events, trx) => {
    if (events.length >= setBasedBatchSize) return writeEvents(trx, projections, events);
    for (const event of events) {
      for (const projection of projections) {
        if (projection.handles.includes(event.type)) await projection.apply(event, trx);
      }
    }
  };
  // A row projection's live write is one statement that reads nothing back; the set-based one reads stored rows.
  apply.writes = (events) => {
    if (events.length >= setBasedBatchSize) return undefined;
    const writes: InlineWrite[] = [];
    for (const event of events) {
      for (const projection of projections) {
        if (!projection.handles.includes(event.type)) continue;
        const change = projection.change(event);
        if (!change) continue;
        writes.push({
          ...changeStatement(projection.table, projection.key, change),
          row: `${projection.table} ${JSON.stringify(projection.key.map((column) => change.key[column]))}`,
          set: () => changeSet(projection.table, projection.key, change),
        });
      }
    }
    return writes;
  };
  return apply;
}

export async function loadCheckpoint(knex: Knex, name: string): Promise<Position> {
  const row = await knex('projection_checkpoints').where({ name }).first();
  return row?.commit_position ? { commit: row.commit_position, prepare: row.prepare_position } : 'start';
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
