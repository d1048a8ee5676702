import type { Knex } from 'knex';

/**
 * A report snapshot is kept as JSON text, not jsonb: it is only ever read whole, and turning a
 * snapshot of a million events' state from jsonb back into text took the database over a second.
 * Snapshots are a cache of folds over the events, so the old ones are dropped, not converted: the
 * next report folds from the events and saves new ones.
 */
export async function up(knex: Knex): Promise<void> {
  await replaceSnapshotState(knex, 'text');
}

export async function down(knex: Knex): Promise<void> {
  await replaceSnapshotState(knex, 'jsonb');
}

async function replaceSnapshotState(knex: Knex, type: 'text' | 'jsonb'): Promise<void> {
  await knex('report_snapshots').delete();
  await knex.schema.alterTable('report_snapshots', (t) => {
    t.dropColumn('state');
  });
  await knex.schema.alterTable('report_snapshots', (t) => {
    t.specificType('state', type).notNullable();
  });
}
