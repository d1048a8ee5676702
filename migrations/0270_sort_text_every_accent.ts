import type { Knex } from 'knex';
import { up as sortTextOfListedLetters } from './0240_sort_text.ts';

/**
 * `sort_text(text)` now folds every accent, not only those of a list: the list lacked Vietnamese
 * (searching "nguyen" did not find Nguyễn Thị Minh Khai) and Romanian letters (Ștefan sorted after
 * Zoë). The text is lowered, decomposed (NFD) and stripped of its combining accents; the letters
 * Unicode does not decompose (ø, ł, đ, ı, ħ, ŧ) become their plain letter, and ß, æ and œ the two
 * letters they are written as without them (Weiß is found by "weiss"). A text of ASCII alone is still
 * only lowered. On the embedded engine a name with accents costs about 3 µs instead of 13.
 *
 * What was folded with the old function is folded again: the index of contacts by sorted name, and
 * the activity search index, whose summaries were only lowered (a search for "jose" did not find
 * José there, though it did in every list); it now holds them folded like the lists' searches.
 * Only its rows with letters beyond ASCII change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function sort_text(value text) returns text language sql immutable parallel safe as $$
    select case when octet_length(value) = char_length(value) then lower(value)
    else replace(replace(replace(translate(regexp_replace(normalize(lower(value), NFD), '[\\u0300-\\u036f]', '', 'g'), 'øłđıħŧ', 'oldiht'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe') end $$`);
  await knex.raw('reindex index contacts_user_name_id');
  await knex.schema.alterTable('activity_search', (table) => table.renameColumn('lowered_summary', 'folded_summary'));
  await knex.raw('alter index if exists activity_search_lowered_summary_trgm rename to activity_search_folded_summary_trgm');
  // A lowered summary folds as the summary does, since sort_text lowers first.
  await knex.raw('update activity_search set folded_summary = sort_text(folded_summary) where octet_length(folded_summary) <> char_length(folded_summary)');
}

export async function down(knex: Knex): Promise<void> {
  await sortTextOfListedLetters(knex);
  await knex.raw('alter index if exists activity_search_folded_summary_trgm rename to activity_search_lowered_summary_trgm');
  await knex.schema.alterTable('activity_search', (table) => table.renameColumn('folded_summary', 'lowered_summary'));
  await knex.raw('update activity_search s set lowered_summary = lower(a.summary) from activity a where a.global_position = s.global_position and octet_length(a.summary) <> char_length(a.summary)');
}
