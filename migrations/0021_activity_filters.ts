import type { Knex } from 'knex';

/**
 * The activity feed is filtered by record type, event type and date range, and an import is
 * recognised by its correlation id. Rows projected before this migration get their correlation id
 * from the events they came from.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity', (t) => {
    t.text('correlation_id');
  });
  await knex.raw(`update activity set correlation_id = events.metadata->>'correlationId' from events where events.global_position = activity.global_position`);
  await knex.raw('create index activity_user_type_time on activity (user_id, event_type, occurred_at)');
  await knex.raw('create index activity_user_resource_time on activity (user_id, resource, occurred_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activity_user_resource_time');
  await knex.raw('drop index if exists activity_user_type_time');
  await knex.schema.alterTable('activity', (t) => {
    t.dropColumn('correlation_id');
  });
}
