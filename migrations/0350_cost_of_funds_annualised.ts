import type { Knex } from 'knex';

/**
 * Cost of funds is the year-to-date interest expense annualised (12 / the quarter's month) over
 * deposits (domain/derived-ratios.ts): stored before as the year-to-date amount alone, a March
 * quarter's read a quarter of the yearly rate and a September one three quarters. Recomputed from
 * the stored amounts; the counter tells other processes' caches that the figures changed.
 */
const annualisedCostOfFunds = `case
  when interest_expense is not null and deposits > 0 and substr(repdte, 5, 2) in ('03', '06', '09', '12')
  then interest_expense * 12.0 / cast(substr(repdte, 5, 2) as integer) * 100 / deposits
end`;

const yearToDateCostOfFunds = `case when interest_expense is not null and deposits > 0 then interest_expense * 100.0 / deposits end`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`update fdic_financials set cost_of_funds = ${annualisedCostOfFunds}`);
  await knex.raw('update regulator_data_version set version = version + 1, changed_at = now() where id = 1');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update fdic_financials set cost_of_funds = ${yearToDateCostOfFunds}`);
  await knex.raw('update regulator_data_version set version = version + 1, changed_at = now() where id = 1');
}
