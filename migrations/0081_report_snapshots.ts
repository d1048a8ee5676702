import type { Knex } from 'knex';

/**
 * As-of reports fold a user's events up to a moment. A snapshot is such a fold saved at a point of
 * the user's events, ordered as catch-up readers order them (transaction id, global position):
 * a report starts from the newest snapshot whose every event happened by the moment asked, and
 * folds only the events after it. `covers_until` is the latest event time inside the snapshot.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_snapshots', (t) => {
    t.uuid('user_id').notNullable();
    t.specificType('tx_id', 'xid8').notNullable();
    t.bigInteger('global_position').notNullable();
    t.timestamp('covers_until', { useTz: true }).notNullable();
    t.integer('events').notNullable();
    t.jsonb('state').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'global_position']);
    t.index(['user_id', 'covers_until']);
  });
  await knex.raw("create index events_user_tx_position on events ((metadata->>'userId'), tx_id, global_position)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists events_user_tx_position');
  await knex.schema.dropTableIfExists('report_snapshots');
}
