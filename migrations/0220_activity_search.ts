import type { Knex } from 'knex';

/**
 * The activity feed's search index: each feed row's summary, with a trigram index where the engine
 * has pg_trgm, so a search reads the rows it matches instead of every row of the user's feed (a
 * word in 2 % of a million rows took 0.2-2.8 s). It is filled after the events' transactions, in
 * batches, by a background job (`activity_search_mark` says how far it got, in the order catch-up
 * readers use); searches scan the rows written since. An index on the feed itself would be kept up
 * in every command's transaction, and took the command path at 16 clients from 53-59 % of plain
 * INSERTs to 42-50 %.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activity_search', (table) => {
    table.bigInteger('global_position').primary();
    table.uuid('user_id').notNullable();
    table.text('summary').notNullable();
  });
  const { rows } = await knex.raw("select 1 from pg_extension where extname = 'pg_trgm'");
  if (rows.length) await knex.raw('create index activity_search_summary_trgm on activity_search using gin (summary gin_trgm_ops)');
  await knex.raw(`
    create table activity_search_mark (
      id integer primary key check (id = 1),
      tx_id xid8 not null,
      global_position bigint not null,
      -- the feed table indexed: a rebuild puts a new table in its place, and the index starts over
      activity_table oid
    )`);
  await knex.raw("insert into activity_search_mark (id, tx_id, global_position, activity_table) values (1, '0', 0, null)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activity_search_mark');
  await knex.schema.dropTableIfExists('activity_search');
}
