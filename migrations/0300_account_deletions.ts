import type { Knex } from 'knex';

/**
 * Accounts their users deleted: the record that a deletion was asked for and when it finished (the
 * user's id and counts, nothing personal: the `users` row is gone), and the work still to do. Erasing
 * thousands of contacts outlives a request and may outlive a process, so it runs in batches behind
 * `erased_through` (the last contact id done) and any process takes it up once `claimed_until` passes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_deletions', (t) => {
    t.uuid('user_id').primary();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('erased_through');
    t.integer('contacts_erased').notNullable().defaultTo(0);
    t.timestamp('claimed_until', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw('create index account_deletions_unfinished on account_deletions (requested_at) where finished_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('account_deletions');
}
