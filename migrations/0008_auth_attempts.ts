import type { Knex } from 'knex';

/**
 * Failed sign-in counts per key (an email, a client address), shared by every server process. With
 * WEB_CONCURRENCY each process used to keep its own counts, so an email got its allowance of
 * attempts once per process.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_attempts', (t) => {
    t.text('key').primary();
    t.integer('failures').notNullable();
    // When the key's window ends, in epoch milliseconds of the server's clock.
    t.bigInteger('window_ends_at').notNullable();
    t.index(['window_ends_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('auth_attempts');
}
