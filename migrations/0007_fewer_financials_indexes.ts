import type { Knex } from 'knex';
// The list as migration 0003 created the indexes (a migration's list never changes after it ships).
import { financialSortColumns as sortColumns } from './0003_regulator.ts';

/**
 * The (repdte, measure) sort indexes of fdic_financials go. The Directory, Credit Box and risk lists
 * sort a quarter in memory (regulator/snapshot.ts); what still sorts in SQL (the dashboard, once per
 * data change, and the rare list query the snapshot cannot answer) reads one quarter, a few
 * thousand rows, through the plain report-date index. Every imported or synced financials row paid
 * for fourteen index entries it no longer needs.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists fdic_financials_repdte_index on fdic_financials (repdte)');
  for (const column of sortColumns) await knex.raw('drop index if exists ??', [`fdic_financials_repdte_${column}`]);
}

export async function down(knex: Knex): Promise<void> {
  for (const column of sortColumns) {
    await knex.raw('create index if not exists ?? on fdic_financials (repdte, ?? desc nulls last)', [`fdic_financials_repdte_${column}`, column]);
  }
  await knex.raw('drop index if exists fdic_financials_repdte_index');
}
