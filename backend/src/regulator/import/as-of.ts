import path from 'node:path';
import type { Knex } from 'knex';
import { quoteIdentifier } from '../engine/unnest.ts';

/**
 * Which source wins an institution attribute: the one that speaks for the newest date, whatever
 * order the files were imported in.
 *
 * Every attribute of fdic_institutions remembers the stamp of the source its value came from, in
 * `as_of` (attribute -> stamp). A stamp is `<rank><YYYYMMDD>`: the date the source speaks for (a
 * financials row's REPDTE, the Summary of Deposits year's June 30, an institutions file's snapshot
 * date, a failure's closing date), after a rank that puts institution-level sources (rank 1) above
 * the copies of a bank's name, city and address that financials rows and failure lists repeat
 * (rank 0: they only fill blanks, whatever their date). A live sync's records speak for the moment
 * the run began and add its time (`<rank><YYYYMMDDhhmmssSSS>`): they beat any source of that day
 * and a run of that day that began earlier, and give way to a source of a later day. Stamps compare
 * as text. A value replaces the stored one only when its stamp is newer (or equal with a greater
 * value, so that two sources of one date also give one answer in either order); a blank never
 * replaces anything.
 */

export type Stamp = string;

/** Institution-level sources: institutions files and endpoints, the Summary of Deposits, a bank's status. */
export const institutionRank = '1';
/** Copies of descriptive fields in sources about something else (financials rows, failure lists). */
export const copyRank = '0';

export const stamp = (rank: string, repdte: string): Stamp => `${rank}${repdte}`;

/** The June 30 a Summary of Deposits year speaks for. */
export const sodDate = (year: number) => `${year}0630`;

/**
 * The snapshot date a file's name gives (`..._2026-01.csv`, `..._20240302.csv`, `..._2024-03-02.csv`),
 * as YYYYMMDD; a month alone stands for its first day (the snapshot was taken during it, and a bank
 * that failed later that month is not vouched for). Null when the name holds no date.
 */
export function dateInFileName(file: string): string | null {
  const name = path.basename(file);
  const full = /(?:^|[^\d])((?:19|20)\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?!\d)/.exec(name);
  if (full) return `${full[1]}${full[2]}${full[3]}`;
  const month = /(?:^|[^\d])((?:19|20)\d{2})-(0[1-9]|1[0-2])(?!\d)/.exec(name);
  return month ? `${month[1]}${month[2]}01` : null;
}

/** Columns no stamp decides: keys, flags of the row itself, and columns merged by rules of their own. */
const unstampedColumns = new Set(['cert', 'id', 'kind', 'code', 'raw', 'is_demo', 'as_of', 'financials_repdte', 'source', 'updated_at']);

/**
 * A row with `as_of`: each non-blank column (and `raw`) stamped with the source's date, at the rank
 * `rankOf` gives the column. A row of no known date gets no stamps: it only fills blanks.
 */
export function stampRow<Row extends Record<string, unknown>>(row: Row, date: string | null, rankOf: (column: string) => string): Row & { as_of: Record<string, Stamp> } {
  const stamps: Record<string, Stamp> = {};
  if (date) {
    for (const [column, value] of Object.entries(row)) {
      if (value !== null && value !== undefined && !unstampedColumns.has(column)) stamps[column] = stamp(rankOf(column), date);
    }
    stamps.raw = stamp(rankOf('raw'), date);
  }
  return { ...row, as_of: stamps };
}

/** A stored attribute's new value in the upsert of a table with `as_of` (see the module comment). */
export function attributeMergeValue(column: string, name: string, target: string): string {
  if (column === 'updated_at' || column === 'is_demo') return `excluded.${name}`;
  // A Census profile filled by several files names every one of them (newest vintage first).
  if (column === 'source') {
    return (
      `case when excluded.${name} is null or position(excluded.${name} in coalesce(${target}.${name}, '')) > 0 then ${target}.${name} ` +
      `when ${target}.${name} is null then excluded.${name} ` +
      `when excluded.${name} > ${target}.${name} then excluded.${name} || '; ' || ${target}.${name} else ${target}.${name} || '; ' || excluded.${name} end`
    );
  }
  if (column === 'as_of') return newestStamps(target);
  // The newest quarter of financials held, whichever file brought it.
  if (column === 'financials_repdte') return `greatest(${target}.${name}, excluded.${name})`;
  const key = `'${quoteIdentifier(column).slice(1, -1)}'`;
  const stored = `${target}.as_of->>${key}`;
  const incoming = `excluded.as_of->>${key}`;
  // Source fields no column holds: the newer record's fields win where both records have one.
  if (column === 'raw') return `case when coalesce(${incoming}, '') >= coalesce(${stored}, '') then ${target}.raw || excluded.raw else excluded.raw || ${target}.raw end`;
  // A source of no known date still fills a blank no source stated (a stamped blank was stated: see enrich.ts).
  return (
    `case when ${incoming} > coalesce(${stored}, '') or (${incoming} = ${stored} and excluded.${name}::text > ${target}.${name}::text) ` +
    `or (${target}.${name} is null and ${stored} is null and excluded.${name} is not null) then excluded.${name} else ${target}.${name} end`
  );
}

/** The stamps after a merge: for each attribute the newer of the stored and the incoming stamp. */
function newestStamps(target: string): string {
  return (
    `(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from (select key, max(value) as value from ` +
    `(select key, value from jsonb_each_text(${target}.as_of) union all select key, value from jsonb_each_text(excluded.as_of)) pairs group by key) newest)`
  );
}

/**
 * A bank a complete list of active institutions leaves out was no longer active on the list's date:
 * every bank whose status is older than the newest such list is inactive as of it (an inactive one
 * too: its status is then dated by the list, as when the list came first). Order does not matter:
 * a list imported first vouches for its banks with its date, and an older file imported later
 * cannot turn a bank it left out active again. Returns the banks that were active until now.
 */
export async function applyActiveLists(knex: Knex): Promise<number> {
  const result = await knex.raw(`
    with left_out as (
      select i.cert, i.active as was_active, '${institutionRank}' || l.as_of as stamp
      from fdic_institutions i, (select max(as_of) as as_of from fdic_active_lists) l
      where l.as_of is not null and not i.is_demo and coalesce(i.as_of->>'active', '') < '${institutionRank}' || l.as_of
    )
    update fdic_institutions i
    set active = false, as_of = i.as_of || jsonb_build_object('active', left_out.stamp)
    from left_out
    where i.cert = left_out.cert
    returning left_out.was_active
  `);
  return (result.rows as Array<{ was_active: boolean | null }>).filter((row) => row.was_active !== false).length;
}

/** Records that `file`, a complete list of the institutions active on `date` (YYYYMMDD, or a sync's start YYYYMMDDhhmmssSSS), was imported. */
export async function noteActiveList(knex: Knex, date: string, file: string): Promise<void> {
  await knex('fdic_active_lists').insert({ as_of: date, file: path.basename(file) }).onConflict('as_of').merge(['file']);
}
