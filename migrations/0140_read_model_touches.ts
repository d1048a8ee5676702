import type { Knex } from 'knex';

/**
 * A counter per user, moved whenever a user's read rows are rewritten other than by projecting a
 * new event (an erasure rewrites the sent mail and activity rows that held the contact's data).
 * Cached answers are keyed by the user's events and this counter, so such a rewrite is seen at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('read_model_touches', (t) => {
    t.uuid('user_id').primary();
    t.bigInteger('touched').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('read_model_touches');
}
