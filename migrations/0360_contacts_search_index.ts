import type { Knex } from 'knex';

/**
 * The Contacts list's search indexes, where the engine has pg_trgm: trigrams of the contact's own
 * texts a search matches (name, email, title and the bank's name saved with it), folded as searches
 * compare them (`sort_text`) and kept apart by a line break (a search box holds one line, so no
 * search matches across two of them), and of a tracked bank's name (a contact is found by its bank's
 * current name too). A search then reads the contacts it matches instead of every contact of the
 * user: at 50,000 contacts every search took 210-410 ms, whatever it looked for. The list's search
 * names the same expressions (`contactSearchTextSql`), so the planner uses the indexes.
 *
 * New entries wait in a pending list that every search reads through, until it is merged into the
 * index when full. The embedded engine never merges it otherwise (no autovacuum there): at the default
 * 4 MB a search read 850 kB of it in 37 ms against 0.4 ms once merged, so it is kept to 256 kB.
 */
export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw("select 1 from pg_extension where extname = 'pg_trgm'");
  if (rows.length) {
    await knex.raw(
      `create index contacts_search_text_trgm on contacts using gin (
        sort_text(coalesce(name, '') || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(title, '') || E'\\n' || coalesce(bank_name, '')) gin_trgm_ops) with (gin_pending_list_limit = 256)`,
    );
    await knex.raw('create index targets_name_trgm on targets using gin (sort_text(name) gin_trgm_ops) with (gin_pending_list_limit = 256)');
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists targets_name_trgm');
  await knex.raw('drop index if exists contacts_search_text_trgm');
}
