import type { Knex } from 'knex';

/**
 * fdic_institutions (lower(name) text_pattern_ops) goes. Every name search is a substring match
 * (`name ilike '%text%'`: the Directory's `NAME: *text*` and the Credit Box search), which a btree
 * cannot serve (the trigram index does, where the engine has pg_trgm), and nothing sorts or
 * matches on a prefix of lower(name). Every imported or synced institution paid for the entry.
 */

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists fdic_institutions_lower_name');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists fdic_institutions_lower_name on fdic_institutions (lower(name) text_pattern_ops)');
}
