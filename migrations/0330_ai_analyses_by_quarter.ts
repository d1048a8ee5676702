import type { Knex } from 'knex';

/**
 * Saved AI analyses are kept per quarter (report date, YYYYMMDD) of the figures they comment on: a
 * commentary written for an earlier quarter neither shows as the current one's nor replaces it (the
 * templates' placeholders read the newest quarter's). '' marks an analysis saved before analyses named
 * their quarter, which is what the projection writes for those events, so the table needs no rebuild.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ai_analyses', (table) => {
    table.text('quarter').notNullable().defaultTo('');
  });
  await knex.schema.alterTable('ai_analyses', (table) => {
    table.dropPrimary();
    table.primary(['user_id', 'cert', 'kind', 'quarter']);
  });
}

export async function down(knex: Knex): Promise<void> {
  // Only the newest quarter's analysis of each kind fits the older key.
  await knex.raw(`delete from ai_analyses a using ai_analyses newer
    where newer.user_id = a.user_id and newer.cert = a.cert and newer.kind = a.kind and newer.quarter > a.quarter`);
  await knex.schema.alterTable('ai_analyses', (table) => {
    table.dropPrimary();
    table.primary(['user_id', 'cert', 'kind']);
    table.dropColumn('quarter');
  });
}
