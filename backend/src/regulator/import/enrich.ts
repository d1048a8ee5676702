import type { Knex } from 'knex';
import { institutionRank } from './as-of.ts';

/** Institution attributes the Summary of Deposits repeats on every branch row, as SQL over the head office `h` and the office count `c`. */
const sodAttributes: Array<[column: string, expression: string]> = [
  ['regulator', `nullif(h.raw->>'REGAGNT', '')`],
  ['charter_class', `nullif(h.raw->>'BKCLASS', '')`],
  ['cbsa_code', 'h.cbsa_code'],
  ['cbsa_name', 'case when h.cbsa_code is not null then h.cbsa_name end'],
  ['csa_code', 'h.csa_code'],
  ['csa_name', `case when h.csa_code is not null then nullif(h.raw->>'CSANAMBR', '') end`],
  ['is_metro', `case when h.cbsa_code is not null then (h.raw->>'METROBR') = '1' end`],
  ['is_micro', `case when h.cbsa_code is not null then (h.raw->>'MICROBR') = '1' end`],
  ['holding_company', `nullif(h.raw->>'NAMEHCR', '')`],
  ['offices', 'c.offices'],
];

/**
 * Attributes whose blank in the Summary of Deposits is itself a statement: a bank whose head
 * office row names no holding company (RSSDHCR 0) has none as of that June, whatever an older file
 * said (Bank OZK, CERT 110, kept the 2008 SDI file's "BANK OF THE OZARKS INC" otherwise); a head
 * office outside any CBSA or CSA (code 0) is in none, though an older year's office was. The blank
 * is stamped, so an older file imported later does not fill it, in either order.
 */
const statedWhenBlank = new Set(['holding_company', 'cbsa_code', 'cbsa_name', 'csa_code', 'csa_name', 'is_metro', 'is_micro']);

/**
 * Sets the institution attributes the Summary of Deposits repeats (regulator, charter class, CBSA
 * and CSA, metro/micro flags, holding company) from the main office of each bank's newest SOD
 * year, and the office count from that year's branches. The SOD speaks for June 30 of its year:
 * a value replaces the stored one only when that is newer than the stored value's source (see
 * as-of.ts), so SOD 2023 replaces SOD 2022 and an institutions file of 2024 keeps its values,
 * in either import order. Returns the rows updated.
 */
export async function fillInstitutionsFromSod(knex: Knex): Promise<number> {
  const wins = (column: string) =>
    `(${statedWhenBlank.has(column) ? '' : `v.${column} is not null and `}v.stamp > coalesce(i.as_of->>'${column}', ''))`;
  const result = await knex.raw(`
    with latest_year as (
      select cert, max(year) as year from fdic_sod group by cert
    ), head_office as (
      select distinct on (s.cert) s.cert, nullif(s.cbsa_code, '0') as cbsa_code, s.cbsa_name, nullif(s.csa_code, '0') as csa_code, s.raw
      from fdic_sod s join latest_year y on y.cert = s.cert and y.year = s.year
      order by s.cert, s.is_main_office desc, s.branch_number nulls last
    ), office_count as (
      select s.cert, count(*)::int as offices
      from fdic_sod s join latest_year y on y.cert = s.cert and y.year = s.year
      group by s.cert
    ), incoming as (
      select h.cert, '${institutionRank}' || y.year || '0630' as stamp, ${sodAttributes.map(([column, expression]) => `${expression} as ${column}`).join(', ')}
      from head_office h join office_count c on c.cert = h.cert join latest_year y on y.cert = h.cert
    )
    update fdic_institutions i set
      ${sodAttributes.map(([column]) => `${column} = case when ${wins(column)} then v.${column} else i.${column} end`).join(',\n      ')},
      as_of = i.as_of || jsonb_strip_nulls(jsonb_build_object(${sodAttributes.map(([column]) => `'${column}', case when ${wins(column)} then v.stamp end`).join(', ')}))
    from incoming v
    where i.cert = v.cert and (${sodAttributes.map(([column]) => wins(column)).join(' or ')})
  `);
  return result.rowCount ?? 0;
}
