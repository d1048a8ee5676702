import type { Knex } from 'knex';

/**
 * Equity to assets is the regulator's own ratio (EQV) where reported, else total equity over total
 * assets (domain/derived-ratios.ts). Quarters imported before that fallback, from data carrying the
 * two amounts but not the ratio, kept the ratio blank until imported again: it is filled from the
 * stored amounts, and the counter tells other processes' caches that the figures changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`update fdic_financials set equity_to_assets_ratio = total_equity * 100.0 / assets
    where equity_to_assets_ratio is null and total_equity is not null and assets > 0`);
  await knex.raw('update regulator_data_version set version = version + 1, changed_at = now() where id = 1');
}

export async function down(): Promise<void> {
  // nothing to restore: the filled ratios are what importing the same data stores
}
