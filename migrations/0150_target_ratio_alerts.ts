import type { Knex } from 'knex';

/**
 * The quarter alert a tracked bank shows until dismissed, and the quarters of regulator data the
 * alerts were already raised for (a sync or import that brings no newer quarter raises none).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('targets', (t) => {
    t.jsonb('ratio_alert');
  });
  await knex.schema.createTable('quarter_alert_runs', (t) => {
    t.text('quarter').primary();
    t.text('previous_quarter');
    t.integer('alerts').notNullable();
    t.timestamp('raised_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quarter_alert_runs');
  await knex.schema.alterTable('targets', (t) => {
    t.dropColumn('ratio_alert');
  });
}
