import type { Knex } from 'knex';

/**
 * Whether a rebuild holds the rebuild job lock while it runs (on PostgreSQL a session advisory lock
 * that goes with its process's connection): such a run is alive exactly while the lock is held.
 * Rebuilds recorded before were run by builds that hold none: theirs is known only by a heartbeat.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projection_rebuilds', (table) => {
    table.boolean('holds_lock').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projection_rebuilds', (table) => {
    table.dropColumn('holds_lock');
  });
}
