import type { Knex } from 'knex';

/**
 * Fills the institution fields an institutions export may lack (regulator, charter class, CBSA
 * and CSA, metro/micro flags, holding company, office count) from the Summary of Deposits, whose
 * rows repeat them: the main office of each bank's latest SOD year, and that year's branch count.
 * Only blanks are filled; values an institutions source gave are kept. Returns the rows updated.
 */
export async function fillInstitutionsFromSod(knex: Knex): Promise<number> {
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
    )
    update fdic_institutions i set
      regulator = coalesce(i.regulator, nullif(h.raw->>'REGAGNT', '')),
      charter_class = coalesce(i.charter_class, nullif(h.raw->>'BKCLASS', '')),
      cbsa_code = coalesce(i.cbsa_code, h.cbsa_code),
      cbsa_name = coalesce(i.cbsa_name, case when h.cbsa_code is not null then h.cbsa_name end),
      csa_code = coalesce(i.csa_code, h.csa_code),
      csa_name = coalesce(i.csa_name, case when h.csa_code is not null then nullif(h.raw->>'CSANAMBR', '') end),
      is_metro = coalesce(i.is_metro, case when h.cbsa_code is not null then (h.raw->>'METROBR') = '1' end),
      is_micro = coalesce(i.is_micro, case when h.cbsa_code is not null then (h.raw->>'MICROBR') = '1' end),
      holding_company = coalesce(i.holding_company, nullif(h.raw->>'NAMEHCR', '')),
      offices = coalesce(i.offices, c.offices)
    from head_office h join office_count c on c.cert = h.cert
    where i.cert = h.cert
      and (i.regulator is null or i.charter_class is null or i.cbsa_code is null or i.csa_code is null
           or i.holding_company is null or i.offices is null)
  `);
  return result.rowCount ?? 0;
}
