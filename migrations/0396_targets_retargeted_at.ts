import type { Knex } from 'knex';

/**
 * When a tracked bank was last put back among the user's targets after being taken off them
 * (untracked or un-targeted). Taking it off stopped the automations running for it, even when undone
 * before the scheduler's round recorded the stops: an automation started before it came back stops.
 * Banks put back before this rule hold none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table targets add column retargeted_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table targets drop column if exists retargeted_at');
}
