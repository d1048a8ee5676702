import { type Columns, columnsOfRows, pickRows } from '../engine/columns.ts';
import { copyRank, institutionRank, stamp } from '../import/as-of.ts';
import { type NormalisedBatch, type RawRecord, acceptCerts, givenColumn, institutionName, onlyRow, parseFdicDate, remembering, sourceRecords, stateCode, stateNamesByCode, thousandsToDollars, titleCase, toFlag, toInteger, toNumber, toRepdte, toText } from './values.ts';

/** fdic_institutions rows from institutions-endpoint records (and copies of a bank's fields in other sources). */

export type InstitutionRow = {
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  state_name: string | null;
  zip: string | null;
  address: string | null;
  county: string | null;
  website: string | null;
  regulator: string | null;
  charter_class: string | null;
  active: boolean;
  assets: number | null;
  deposits: number | null;
  total_equity: number | null;
  net_income: number | null;
  offices: number | null;
  roa: number | null;
  roaq: number | null;
  roe: number | null;
  cbsa_code: string | null;
  cbsa_name: string | null;
  is_metro: boolean | null;
  is_micro: boolean | null;
  csa_code: string | null;
  csa_name: string | null;
  minority_status_code: number | null;
  minority_status_desc: string | null;
  holding_company: string | null;
  specialization: string | null;
  established_date: string | null;
  insured_date: string | null;
  inactive_date: string | null;
  latitude: number | null;
  longitude: number | null;
  repdte: string | null;
  /** The newest quarter of financials held for the bank (YYYYMMDD). */
  financials_repdte?: string | null;
  /** Each attribute's source stamp (see import/as-of.ts); empty for a record of no known date. */
  as_of: Record<string, string>;
  raw: RawRecord;
  is_demo: boolean;
};


const upperText = (value: unknown) => toText(value)?.toUpperCase() ?? null;

/** Columns of fdic_institutions read from one FDIC code (or the first given of several) each. */
const institutionFieldColumns: Array<[column: keyof InstitutionRow, codes: readonly string[], parse: (value: unknown) => unknown]> = [
  ['city', ['CITY'], toText],
  ['address', ['ADDRESS'], toText],
  ['county', ['COUNTY'], toText],
  ['website', ['WEBADDR'], toText],
  ['regulator', ['REGAGNT', 'REGAGENT'], upperText],
  ['charter_class', ['BKCLASS'], upperText],
  ['assets', ['ASSET'], thousandsToDollars],
  ['deposits', ['DEP'], thousandsToDollars],
  ['total_equity', ['EQ', 'EQTOT'], thousandsToDollars],
  ['net_income', ['NETINC'], thousandsToDollars],
  ['offices', ['OFFICES', 'OFFDOM'], toInteger],
  ['roa', ['ROA'], toNumber],
  ['roaq', ['ROAQ'], toNumber],
  ['roe', ['ROE'], toNumber],
  ['cbsa_code', ['CBSA_NO', 'CBSA_METRO', 'MSA_NO'], toText],
  ['cbsa_name', ['CBSA', 'CBSANAME', 'CBSA_METRO_NAME'], toText],
  ['is_metro', ['CBSA_METRO_FLG'], toFlag],
  ['is_micro', ['CBSA_MICRO_FLG'], toFlag],
  ['csa_code', ['CSA_NO'], toText],
  ['csa_name', ['CSA'], toText],
  ['minority_status_code', ['MDI_STATUS_CODE'], toInteger],
  ['minority_status_desc', ['MDI_STATUS_DESC'], toText],
  ['holding_company', ['NAMEHCR'], toText],
  ['specialization', ['SPECGRPN', 'SPECGRP'], toText],
  ['established_date', ['ESTYMD'], parseFdicDate],
  ['insured_date', ['INSDATE'], parseFdicDate],
  ['inactive_date', ['ENDEFYMD', 'INACTIVE_DATE'], parseFdicDate],
  ['latitude', ['LATITUDE'], toNumber],
  ['longitude', ['LONGITUDE'], toNumber],
];

/**
 * Codes that describe the import rather than the bank, or that the importer made up (a failure's
 * INACTIVE_DATE, which inactive_date holds): never kept in `raw`.
 */
const importCodes = new Set(['AS_OF', 'FINANCIALS_REPDTE', 'INACTIVE_DATE']);

/** Columns a record's date does not stamp: the key, and the columns merged by rules of their own. */
const unstampedColumns = new Set(['cert', 'raw', 'is_demo', 'as_of', 'financials_repdte']);

/** The date an `AS_OF` gives (YYYYMMDD), or the moment a live sync's record speaks for as it is (YYYYMMDDhhmmssSSS). */
const stampDate = (value: unknown) => {
  const text = toText(value);
  return text !== null && /^\d{17}$/.test(text) ? text : toRepdte(value);
};

/** A bank's status: stated by every source with the rank of an institution-level source (a failure list's closing dates decide it). */
const statusColumns = new Set(['active', 'inactive_date']);

export type InstitutionSourceOptions = {
  keepInRaw?: (code: string) => boolean;
  /**
   * The records are copies of a bank's fields in a source about something else (a financials row,
   * a failure): their descriptive fields only fill blanks, and a record without ACTIVE says
   * nothing about the bank's status. Otherwise a record without ACTIVE comes from a list of active
   * institutions.
   */
  copies?: boolean;
};

/**
 * fdic_institutions rows from institutions-endpoint records given as columns (FDIC code to one
 * cell per record), column by column as for financials (normaliseFinancialsBatch). `raw` keeps the
 * non-blank cells whose codes `keepInRaw` accepts (all by default). A record's `AS_OF` (the date
 * its source speaks for) stamps each attribute it gives (`as_of`); `FINANCIALS_REPDTE` is the
 * quarter of the financials row it was copied from. Records without a CERT are rejected and left out.
 */
export function normaliseInstitutionsBatch(input: Columns, options: InstitutionSourceOptions = {}): NormalisedBatch {
  const { accepted, certs, rejected } = acceptCerts(input);
  const records = accepted.length === input.size ? input : pickRows(input, accepted);
  const size = records.size;
  const rows = new Map<string, unknown[]>([['cert', certs]]);
  const names = (code: string) => records.columns.get(code) ?? [];
  const [primaryNames, fullNames] = [names('NAME'), names('NAMEFULL')];
  rows.set('name', Array.from({ length: size }, (_, index) => institutionName({ NAME: primaryNames[index], NAMEFULL: fullNames[index] })));
  const [alphaCodes, stateNames] = [names('STALP'), names('STNAME')];
  const titled = remembering((name) => (typeof name === 'string' ? titleCase(name) : null));
  const states = new Array<string | null>(size);
  const stateTitles = new Array<string | null>(size);
  for (let index = 0; index < size; index += 1) {
    const state = stateCode({ STALP: alphaCodes[index], STNAME: stateNames[index] });
    const stateName = toText(stateNames[index]);
    states[index] = state;
    stateTitles[index] = titled(stateName ?? (state ? stateNamesByCode[state] : null));
  }
  rows.set('state', states);
  rows.set('state_name', stateTitles);
  // ZIP codes lose their leading zero when a CSV tool reads them as numbers.
  rows.set('zip', givenColumn(records, ['ZIP'], (value) => {
    const zip = toText(value);
    return zip && /^\d{1,4}$/.test(zip) ? zip.padStart(5, '0') : zip;
  }));
  for (const [column, codes, parse] of institutionFieldColumns) rows.set(column, givenColumn(records, codes, parse));
  const activeCells = records.columns.get('ACTIVE');
  // Institutions records without ACTIVE come from active-only lists; copies without it say nothing.
  const statesActive = (index: number) => (activeCells ? toFlag(activeCells[index]) !== null : !options.copies);
  rows.set('active', givenColumn(records, ['ACTIVE'], (value) => toFlag(value) ?? true));
  rows.set('repdte', givenColumn(records, ['REPDTE'], remembering(toRepdte)));
  if (records.columns.has('FINANCIALS_REPDTE')) rows.set('financials_repdte', givenColumn(records, ['FINANCIALS_REPDTE'], remembering(toRepdte)));
  const dates = givenColumn(records, ['AS_OF'], remembering(stampDate));
  const stamped = [...rows].filter(([column]) => !unstampedColumns.has(column));
  const asOf = new Array<Record<string, string>>(size);
  for (let index = 0; index < size; index += 1) {
    const date = dates[index];
    const stamps: Record<string, string> = {};
    asOf[index] = stamps;
    if (!date) continue;
    const copyStamp = stamp(options.copies ? copyRank : institutionRank, date);
    const statusStamp = stamp(institutionRank, date);
    for (const [column, cells] of stamped) {
      const value = cells[index];
      if (value === null || value === undefined) continue;
      // A placeholder name and an unstated status are not values a source gave.
      if (column === 'name' && toText(primaryNames[index]) === null && toText(fullNames[index]) === null) continue;
      if (column === 'active' && !statesActive(index)) continue;
      stamps[column] = statusColumns.has(column) ? statusStamp : copyStamp;
    }
    stamps.raw = copyStamp;
  }
  rows.set('as_of', asOf);
  rows.set('raw', sourceRecords(records, (code) => !importCodes.has(code) && (options.keepInRaw?.(code) ?? true)));
  rows.set('is_demo', new Array<boolean>(size).fill(false));
  return { rows: { size, columns: rows }, rejected };
}

/** A fdic_institutions row from an institutions-endpoint record. Throws InvalidRecordError without a CERT. */
export function normaliseInstitution(record: RawRecord, options: InstitutionSourceOptions = {}): InstitutionRow {
  return onlyRow(normaliseInstitutionsBatch(columnsOfRows([record]), options));
}
