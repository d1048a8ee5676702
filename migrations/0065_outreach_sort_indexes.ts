import type { Knex } from 'knex';

/**
 * The outreach lists' usual orders as indexes, so a page of a large list is read in order instead
 * of sorting every one of the user's records first: contacts by name and newest first, tasks by due
 * date. Each ends with the id, the lists' tie-break, in the same direction, and puts nulls last as
 * the lists do.
 */
const indexes = [
  { name: 'contacts_user_name_id', sql: 'create index if not exists contacts_user_name_id on contacts (user_id, name asc nulls last, id asc)' },
  { name: 'contacts_user_created_id', sql: 'create index if not exists contacts_user_created_id on contacts (user_id, created_at desc nulls last, id desc)' },
  { name: 'tasks_user_due_id', sql: 'create index if not exists tasks_user_due_id on tasks (user_id, due_date asc nulls last, id asc)' },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of indexes) await knex.raw(index.sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of indexes) await knex.raw(`drop index if exists ${index.name}`);
}
