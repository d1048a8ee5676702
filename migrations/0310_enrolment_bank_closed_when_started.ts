import type { Knex } from 'knex';

/**
 * Whether an enrolment's bank was already closed when it started. A bank the regulator lists as
 * closed stops the automation running for it, unless the user started it knowing (the screens warn).
 * Enrolments started before this rule were not started knowing: false.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('enrolments', (table) => {
    table.boolean('bank_closed_when_started').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('enrolments', (table) => {
    table.dropColumn('bank_closed_when_started');
  });
}
