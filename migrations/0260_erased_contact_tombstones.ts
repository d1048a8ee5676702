import type { Knex } from 'knex';

/**
 * Builds before 0250 erased a contact by deleting its key row, so a contact erased then has no row:
 * nothing marks it erased, and automation and logged emails would write personal data for it again
 * under a new key. Each such contact gets the keyless row an erasure leaves now, dated by its
 * newest erasure. Its feed rows say which contacts were erased on either event store (the events
 * table is empty with EventStoreDB). A contact with a key row was given details again since, and
 * keeps it. No down: 0250's down drops every keyless row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into contact_keys (contact_id, user_id, key, erased_at)
    select distinct on (record_id) record_id::uuid, user_id, null, occurred_at
    from activity
    where event_type = 'ContactErased' and resource = 'contacts'
    order by record_id, occurred_at desc
    on conflict (contact_id) do nothing`);
}
