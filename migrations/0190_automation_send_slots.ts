import type { Knex } from 'knex';

/**
 * Which email holds each slot of a user's daily send cap. Two workers running the same step both
 * took a slot before one of them gave its back, and a third step meanwhile found the cap reached
 * and was moved to the next day: a slot is now taken once per email, whichever worker asks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('automation_send_slots', (t) => {
    t.uuid('user_id').notNullable();
    t.date('day').notNullable();
    t.uuid('email_id').notNullable();
    t.primary(['user_id', 'day', 'email_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('automation_send_slots');
}
