import type { Knex } from 'knex';

/**
 * The quarter (report date, YYYYMMDD) whose figures a saved AI analysis comments on, so the bank detail
 * never shows it as the commentary of another quarter. Analyses saved before did not say: null, which is
 * what the projection writes for them, so the table needs no rebuild.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ai_analyses', (table) => {
    table.text('quarter');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ai_analyses', (table) => {
    table.dropColumn('quarter');
  });
}
