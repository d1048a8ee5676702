import type { Knex } from 'knex';

/**
 * One encryption key per contact: the contact's personal fields in events are sealed with it.
 * Erasing the contact deletes the row, and with it every way to read those fields.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_keys', (t) => {
    t.uuid('contact_id').primary();
    t.uuid('user_id');
    t.binary('key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_keys');
}
