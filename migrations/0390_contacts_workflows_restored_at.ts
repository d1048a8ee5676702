import type { Knex } from 'knex';

/**
 * When a contact or workflow was last restored after a deletion. The deletion stopped the automations
 * running for it, even when undone before the scheduler's round recorded the stops: an automation
 * started before the restore stops. Records restored before this rule hold none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table contacts add column restored_at timestamptz');
  await knex.raw('alter table workflows add column restored_at timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table workflows drop column if exists restored_at');
  await knex.raw('alter table contacts drop column if exists restored_at');
}
