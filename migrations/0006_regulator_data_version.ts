import type { Knex } from 'knex';

/**
 * One counter every writer of the regulator mirror bumps after its write is committed (sync, import,
 * demo load, in any process). Each process's caches (screening snapshots, dashboard, quarters) poll
 * it every few seconds and reload only when it moved, instead of reloading on a timer whether or
 * not anything changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('regulator_data_version', (t) => {
    t.smallint('id').primary();
    t.bigInteger('version').notNullable().defaultTo(0);
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table regulator_data_version add constraint regulator_data_version_one_row check (id = 1)');
  await knex('regulator_data_version').insert({ id: 1, version: 0 });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('regulator_data_version');
}
