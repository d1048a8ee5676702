import type { Knex } from 'knex';

/**
 * Letters with accents and the plain letter each sorts as. Both engines compare text byte by byte
 * (collation C): 'Zed' came before 'alice', and 'Óscar' after 'Zoe'.
 */
const folds: Array<[string, string]> = [
  ['ÀÁÂÃÄÅàáâãäåĀāĄą', 'a'],
  ['ÇçĆćČč', 'c'],
  ['ĎďĐđ', 'd'],
  ['ÈÉÊËèéêëĒēĘęĚě', 'e'],
  ['Ğğ', 'g'],
  ['ÌÍÎÏìíîïĪīİı', 'i'],
  ['ŁłĽľ', 'l'],
  ['ÑñŃńŇň', 'n'],
  ['ÒÓÔÕÖØòóôõöøŌōŐő', 'o'],
  ['ŘřŔŕ', 'r'],
  ['ŚśŠšŞş', 's'],
  ['ŤťŢţ', 't'],
  ['ÙÚÛÜùúûüŪūŮůŰű', 'u'],
  ['ÝýÿŸ', 'y'],
  ['ŹźŻżŽž', 'z'],
];
const from = folds.map(([letters]) => letters).join('');
const to = folds.map(([letters, plain]) => plain.repeat([...letters].length)).join('');

/**
 * `sort_text(text)`: a text as people sort it, case and accents aside, so 'de Silva' sorts among
 * the D's and 'Óscar Ávila' among the O's. Lists sort their names by it. It is immutable, so an
 * index can hold it: the Contacts list sorted by name reads one.
 *
 * A list computes it for every row it skips to reach a page, so it must be cheap: a text of ASCII
 * alone (a byte a character) is only lowered; `translate` over the accented letters costs about
 * 4 µs a row. Not STRICT, so the planner inlines it into each statement instead of calling it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function sort_text(value text) returns text language sql immutable parallel safe as $$
    select case when octet_length(value) = char_length(value) then lower(value) else translate(lower(value), '${from}', '${to}') end $$`);
  await knex.raw('drop index if exists contacts_user_name_id');
  await knex.raw('create index contacts_user_name_id on contacts (user_id, sort_text(name), id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_user_name_id');
  await knex.raw('create index contacts_user_name_id on contacts (user_id, name asc nulls last, id asc)');
  await knex.raw('drop function if exists sort_text(text)');
}
