import type { Knex } from 'knex';

/** Session tokens ended by signing out before their expiry; each server process polls new ones. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revoked_tokens', (t) => {
    t.text('jti').primary();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['revoked_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('revoked_tokens');
}
