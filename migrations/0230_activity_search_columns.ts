import type { Knex } from 'knex';

/**
 * The activity search index keeps each feed row's time, record type, event type and source beside its
 * summary, so a page of a search (in time order, narrowed by those) is cut among the index's rows and
 * only the page's rows are read from the feed. It keeps the summary in lower case: a search then
 * tests it with LIKE, which took 11 ms for 20,000 matches where ILIKE took 17. The rows indexed so
 * far lack all this: the index starts over, and the background job fills it again (about 8 s a
 * million events); meanwhile a search reads the feed's rows past the mark, as it does for the last
 * seconds' writes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('activity_search').truncate();
  await knex.raw("update activity_search_mark set tx_id = '0', global_position = 0 where id = 1");
  await knex.schema.alterTable('activity_search', (table) => {
    table.renameColumn('summary', 'lowered_summary');
    table.timestamp('occurred_at', { useTz: true }).notNullable();
    table.text('resource').notNullable();
    table.text('event_type').notNullable();
    table.text('source');
  });
  await knex.raw('alter index if exists activity_search_summary_trgm rename to activity_search_lowered_summary_trgm');
}

export async function down(knex: Knex): Promise<void> {
  await knex('activity_search').truncate();
  await knex.raw("update activity_search_mark set tx_id = '0', global_position = 0 where id = 1");
  await knex.raw('alter index if exists activity_search_lowered_summary_trgm rename to activity_search_summary_trgm');
  await knex.schema.alterTable('activity_search', (table) => {
    table.dropColumns('occurred_at', 'resource', 'event_type', 'source');
    table.renameColumn('lowered_summary', 'summary');
  });
}
