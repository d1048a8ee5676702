import type { Knex } from 'knex';

/**
 * The settled part of a user's total of an append-only list (the activity feed with one filter):
 * how many of its rows came from transactions below `settled_tx`, which can no longer change, as
 * of the user's `touched` counter. A later total counts only the rows written since, so a feed of a
 * million events is not counted again after every write or restart.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('list_totals', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('cascade');
    t.text('list_key').notNullable();
    t.bigInteger('touched').notNullable();
    t.specificType('settled_tx', 'xid8').notNullable();
    t.bigInteger('settled_count').notNullable();
    t.primary(['user_id', 'list_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('list_totals');
}
