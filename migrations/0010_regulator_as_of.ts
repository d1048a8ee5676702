import type { Knex } from 'knex';

/**
 * Which source wins is decided by the date a source speaks for, never by the order files arrive in.
 *
 * - fdic_institutions.as_of: for each attribute, the stamp of the source its value came from
 *   (`<rank><YYYYMMDD>`, see regulator/import/as-of.ts); an import only replaces a value with one
 *   of the same or a newer stamp.
 * - fdic_institutions.financials_repdte: the newest quarter of financials held for the bank. A bank
 *   with financials shows the figures of its financials only; an institutions file's figures
 *   (ASSET, ROA, ROAQ, ...) are shown for a bank without any.
 * - fdic_failures.as_of and census_profiles.as_of: the same, for a failure both the failed-bank
 *   list and the failures endpoint describe, and a profile both an economic and a race and
 *   education file fill.
 * - fdic_locations.sod_year: the Summary of Deposits year a branch was last listed in (null for
 *   branches from the locations endpoint). Branch lists, the map and office counts read a bank's
 *   newest year only.
 * - fdic_active_lists: the dates of complete lists of active institutions imported. A bank such a
 *   list leaves out was no longer active on its date, unless a newer source says otherwise.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('fdic_institutions', (t) => {
    t.jsonb('as_of').notNullable().defaultTo('{}');
    t.text('financials_repdte');
  });
  for (const table of ['fdic_failures', 'census_profiles']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('as_of').notNullable().defaultTo('{}');
    });
  }
  await knex.raw('update fdic_institutions i set financials_repdte = (select max(repdte) from fdic_financials f where f.cert = i.cert)');
  await knex.schema.alterTable('fdic_locations', (t) => {
    t.integer('sod_year');
    t.index(['cert', 'sod_year']);
  });
  await knex.raw(`update fdic_locations set sod_year = (raw->>'YEAR')::int where raw->>'YEAR' ~ '^[0-9]{4}$'`);
  await knex.schema.createTable('fdic_active_lists', (t) => {
    t.text('as_of').primary(); // YYYYMMDD
    t.text('file');
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fdic_active_lists');
  await knex.schema.alterTable('fdic_locations', (t) => {
    t.dropIndex(['cert', 'sod_year']);
    t.dropColumn('sod_year');
  });
  for (const table of ['fdic_failures', 'census_profiles']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('as_of');
    });
  }
  await knex.schema.alterTable('fdic_institutions', (t) => {
    t.dropColumn('as_of');
    t.dropColumn('financials_repdte');
  });
}
