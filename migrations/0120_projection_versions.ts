import type { Knex } from 'knex';

/**
 * Which version of each projection its serving table was built by (a projection with no row was
 * built by version 1), and the rebuilds run: what they rebuild, how far they got, how they ended.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projection_versions', (t) => {
    t.text('name').primary();
    t.integer('version').notNullable();
    t.timestamp('built_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('projection_rebuilds', (t) => {
    t.increments('id');
    t.jsonb('projections').notNullable();
    t.text('status').notNullable();
    t.text('phase').notNullable();
    t.bigInteger('done').notNullable().defaultTo(0);
    t.bigInteger('total').notNullable().defaultTo(0);
    t.text('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('projection_rebuilds');
  await knex.schema.dropTableIfExists('projection_versions');
}
