import type { Knex } from 'knex';

/**
 * A bank lists a person once: a contact whose address was checked free when it was given
 * (`address_held`) holds it alone among the user's contacts of that bank, in any letter case. The
 * index is written in the append's transaction, so of two writes of one address at the same moment
 * the second fails with its events instead of storing a duplicate. Contacts from before the rule hold
 * nothing (the default), so the duplicates they may have stay and replay as they were recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table contacts add column address_held boolean not null default false');
  await knex.raw('create unique index contacts_address_held on contacts (user_id, bank_id, lower(email)) where address_held and email is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_address_held');
  await knex.raw('alter table contacts drop column if exists address_held');
}
