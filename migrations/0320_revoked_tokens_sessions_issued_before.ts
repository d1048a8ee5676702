import type { Knex } from 'knex';

/**
 * A revocation that ends every session token of a user issued before a moment (a password change),
 * where the others name one token or a whole account. Null for those.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('revoked_tokens', (table) => {
    table.timestamp('sessions_issued_before', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('revoked_tokens', (table) => {
    table.dropColumn('sessions_issued_before');
  });
}
