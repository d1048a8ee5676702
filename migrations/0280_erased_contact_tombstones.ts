import type { Knex } from 'knex';

/**
 * Builds before 0250 erased a contact by deleting its key row, so a contact erased then has no row:
 * nothing marks it erased, and automation and logged emails would write personal data for it again
 * under a new key. Each such contact gets the keyless row an erasure leaves now, dated by its
 * newest erasure. Its feed rows say which contacts were erased on either event store (the events
 * table is empty with EventStoreDB). A contact with a key row was given details again since, and
 * keeps it.
 *
 * Those builds' erasures also left the person's name in their automations (the enrolment, its
 * LinkedIn visit tasks, their feed rows), which ran on: the contacts are listed in
 * `contact_erasures_to_finish`, and the first start erases each again, which finishes an erasure.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_erasures_to_finish', (t) => {
    t.uuid('contact_id').primary();
    t.uuid('user_id').notNullable();
  });
  await knex.raw(`
    with erased as (
      select distinct on (record_id) record_id::uuid as contact_id, user_id, occurred_at
      from activity
      where event_type = 'ContactErased' and resource = 'contacts'
      order by record_id, occurred_at desc
    ), tombstoned as (
      insert into contact_keys (contact_id, user_id, key, erased_at)
      select contact_id, user_id, null, occurred_at from erased
      on conflict (contact_id) do nothing
      returning contact_id, user_id
    )
    insert into contact_erasures_to_finish (contact_id, user_id) select contact_id, user_id from tombstoned`);
}

export async function down(knex: Knex): Promise<void> {
  // The keyless rows stay: 0250's down drops every one.
  await knex.schema.dropTableIfExists('contact_erasures_to_finish');
}
