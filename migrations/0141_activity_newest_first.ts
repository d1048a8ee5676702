import type { Knex } from 'knex';

/**
 * The activity feed's order (newest first, ties by position, nulls last as every list sorts) as
 * indexes, for the whole feed and for one record type: a page of a feed of a million events is
 * read in order instead of sorting them all or skipping the other types' rows. They replace the
 * indexes on the time alone, which served neither order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists activity_user_newest on activity (user_id, occurred_at desc nulls last, global_position desc)');
  await knex.raw('create index if not exists activity_user_resource_newest on activity (user_id, resource, occurred_at desc nulls last, global_position desc)');
  await knex.raw('drop index if exists activity_user_id_occurred_at_index');
  await knex.raw('drop index if exists activity_user_resource_time');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists activity_user_resource_time on activity (user_id, resource, occurred_at)');
  await knex.raw('create index if not exists activity_user_id_occurred_at_index on activity (user_id, occurred_at)');
  await knex.raw('drop index if exists activity_user_resource_newest');
  await knex.raw('drop index if exists activity_user_newest');
}
