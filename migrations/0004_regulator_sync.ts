import type { Knex } from 'knex';

/**
 * One row per regulator sync run (FDIC institutions and financials, Census profiles): its status
 * and progress for the status endpoint, and the cursor a run resumes from after a crash or a
 * shutdown.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sync_runs', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable(); // institutions | census
    t.text('status').notNullable(); // running | interrupted | complete | error
    t.integer('progress').notNullable().defaultTo(0);
    t.integer('total').notNullable().defaultTo(0);
    t.text('message');
    t.jsonb('cursor');
    t.text('owner'); // host:pid of the process running it
    t.uuid('started_by'); // the user who asked for it; null for the first-start sync
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['kind', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sync_runs');
}
