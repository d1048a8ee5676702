import type { Knex } from 'knex';

/**
 * Report snapshots saved before this counted enrolment events by kind (a stopped enrolment twice,
 * as Stopped and as Stopped: its reason) where the fold now keeps where each enrolment stands.
 * Snapshots are a cache of folds over the events, so they are dropped: the next report folds from
 * the events and saves new ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('report_snapshots').delete();
}

export async function down(): Promise<void> {
  // nothing to restore: the snapshots are rebuilt from the events
}
