import type { Knex } from 'knex';

/**
 * Non-interest income's share of revenue needs the interest income (domain/derived-ratios.ts):
 * quarters stored before read 100% when the data did not report it. They are blanked (not
 * available), and the counter tells other processes' caches that the figures changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('update fdic_financials set non_interest_income_to_revenue = null where interest_income is null and non_interest_income_to_revenue is not null');
  await knex.raw('update regulator_data_version set version = version + 1, changed_at = now() where id = 1');
}

export async function down(): Promise<void> {
  // nothing to restore: the blanked shares are what importing the same data stores
}
