import type { Knex } from 'knex';

/**
 * Every query of a user's events (their read-model position, activity totals, report replays) also
 * bounds or orders by transaction and position, which `events_user_tx_position` (user, tx_id,
 * position) serves: the user-only index was a second copy of its first column that every append
 * had to write as well.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists events_user');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("create index if not exists events_user on events ((metadata->>'userId'))");
}
