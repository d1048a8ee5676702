import type { Knex } from 'knex';

/**
 * An erased contact keeps its key row without the key, marked with when it was erased. Personal data
 * written for the contact after that, by anything but the contact's own record (an automation, an
 * email, a task that read the old name a moment before the erasure), is refused rather than sealed
 * under a new key, where it would stay readable; new details given to the contact itself make a new key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_keys', (t) => {
    t.binary('key').nullable().alter();
    t.timestamp('erased_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('contact_keys').whereNull('key').delete();
  await knex.schema.alterTable('contact_keys', (t) => {
    t.dropColumn('erased_at');
    t.binary('key').notNullable().alter();
  });
}
