import { assessRisk } from './risk.ts';
import { columnsOfRows, pickRows, rowAt, type Columns } from './columns.ts';
import { copyRank, institutionRank, stamp } from './import/as-of.ts';

/**
 * Pure conversions from FDIC BankFind records (API format: FDIC field codes as keys, money in
 * thousands of dollars) to rows of the regulator tables (money in dollars, ratios as given).
 * The sync, the bulk importers and the demo generator all go through these, so every source
 * lands in the same shape.
 */

export type RawRecord = Record<string, unknown>;

export class InvalidRecordError extends Error {}

// ---------------------------------------------------------------------------------------------
// Scalar parsing

const decimal = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number from a number or a numeric string; null for blanks, 'NA' and anything non-numeric. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // Most cells are plain decimals already: only the others are trimmed and lose thousands separators.
  if (decimal.test(value)) return Number(value);
  const cleaned = value.trim().replace(/,/g, '');
  return decimal.test(cleaned) ? Number(cleaned) : null;
}

/** FDIC amounts are thousands of dollars; we store dollars. */
export function thousandsToDollars(value: unknown): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.round(number * 1000);
}

export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function toInteger(value: unknown): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.trunc(number);
}

/** FDIC flags come as 1/0, '1'/'0', 'Y'/'N' or booleans. */
function toFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = toText(value)?.toUpperCase();
  if (text === undefined || text === null) return null;
  if (['1', 'Y', 'YES', 'TRUE'].includes(text)) return true;
  if (['0', 'N', 'NO', 'FALSE'].includes(text)) return false;
  return null;
}

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1700 || year > 2200) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * An ISO date (YYYY-MM-DD) from any date format the FDIC publishes: YYYYMMDD (REPDTE),
 * YYYY-MM-DD with or without a time (history exports), M/D/YYYY (API and bulk CSVs) and
 * DD-Mon-YY (the failed-bank list). Null when the value is not a date.
 */
export function parseFdicDate(value: unknown): string | null {
  const text = toText(value);
  if (!text) return null;
  let match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (match) return validDate(+match[1], +match[2], +match[3]);
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return validDate(+match[1], +match[2], +match[3]);
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(text);
  if (match) return validDate(+match[3], +match[1], +match[2]);
  match = /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/.exec(text);
  if (match) {
    const month = monthNames.indexOf(match[2].toUpperCase()) + 1;
    const shortYear = +match[3];
    // Two-digit years in the failed-bank list run from 2000 on.
    return validDate(shortYear + 2000, month, +match[1]);
  }
  return null;
}

/** REPDTE as the FDIC writes it (YYYYMMDD) from any date format; null when not a date. */
export function toRepdte(value: unknown): string | null {
  const iso = parseFdicDate(value);
  return iso ? iso.replace(/-/g, '') : null;
}

/** 'Q{ceil(month/3)} {year}' for an 8-digit report date, e.g. 20240630 → 'Q2 2024'. */
export function quarterLabel(repdte: string): string {
  const year = repdte.slice(0, 4);
  const month = Number(repdte.slice(4, 6));
  return `Q${Math.ceil(month / 3)} ${year}`;
}

// ---------------------------------------------------------------------------------------------
// States

export const stateCodesByName: Record<string, string> = {
  ALABAMA: 'AL', ALASKA: 'AK', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT',
  DELAWARE: 'DE', 'DISTRICT OF COLUMBIA': 'DC', FLORIDA: 'FL', GEORGIA: 'GA', HAWAII: 'HI', IDAHO: 'ID', ILLINOIS: 'IL',
  INDIANA: 'IN', IOWA: 'IA', KANSAS: 'KS', KENTUCKY: 'KY', LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD',
  MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN', MISSISSIPPI: 'MS', MISSOURI: 'MO', MONTANA: 'MT',
  NEBRASKA: 'NE', NEVADA: 'NV', 'NEW HAMPSHIRE': 'NH', 'NEW JERSEY': 'NJ', 'NEW MEXICO': 'NM', 'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC', 'NORTH DAKOTA': 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR', PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI', 'SOUTH CAROLINA': 'SC', 'SOUTH DAKOTA': 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT',
  VERMONT: 'VT', VIRGINIA: 'VA', WASHINGTON: 'WA', 'WEST VIRGINIA': 'WV', WISCONSIN: 'WI', WYOMING: 'WY',
  'PUERTO RICO': 'PR', GUAM: 'GU', 'U.S. VIRGIN ISLANDS': 'VI', 'VIRGIN ISLANDS OF THE U.S.': 'VI', 'VIRGIN ISLANDS': 'VI',
  'AMERICAN SAMOA': 'AS', 'NORTHERN MARIANA ISLANDS': 'MP', 'FEDERATED STATES OF MICRONESIA': 'FM',
  'MARSHALL ISLANDS': 'MH', PALAU: 'PW',
};

const stateNamesByCode = Object.fromEntries(Object.entries(stateCodesByName).map(([name, code]) => [code, name]));

/** The two-letter state code: STALP when given, else STNAME mapped to its code (case-insensitive). */
export function stateCode(record: RawRecord): string | null {
  const alpha = toText(record.STALP);
  if (alpha) return alpha.toUpperCase();
  const name = toText(record.STNAME);
  return name ? (stateCodesByName[name.toUpperCase()] ?? null) : null;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s.-])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** Name fallback of spec 1 section 3: NAME, then NAMEFULL, then 'Unknown Bank'. */
export function institutionName(record: RawRecord): string {
  return toText(record.NAME) ?? toText(record.NAMEFULL) ?? 'Unknown Bank';
}

const missingCert = (record: RawRecord) => `The record has no CERT: ${JSON.stringify(record).slice(0, 120)}`;

function requireCert(record: RawRecord): number {
  const cert = toInteger(record.CERT);
  if (cert === null) throw new InvalidRecordError(missingCert(record));
  return cert;
}

// ---------------------------------------------------------------------------------------------
// Institutions

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

/** One value per record: `parse` of the first of `codes` with a cell given (`record.A ?? record.B`). */
function givenColumn<T>(records: Columns, codes: readonly string[], parse: (value: unknown) => T): T[] {
  const given = codes.map((code) => records.columns.get(code)).filter((cells) => cells !== undefined);
  const values = new Array<T>(records.size);
  for (let index = 0; index < records.size; index += 1) {
    let value: unknown;
    for (const cells of given) {
      value = cells[index];
      if (value !== null && value !== undefined) break;
    }
    values[index] = parse(value);
  }
  return values;
}

/** `parse`, remembering each distinct value's answer: state names and report dates repeat across a file. */
function remembering<T>(parse: (value: unknown) => T): (value: unknown) => T {
  const answers = new Map<unknown, T>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined && !answers.has(value)) answers.set(value, (answer = parse(value)));
    return answer as T;
  };
}

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

/** Batch-normalised rows: the rows as columns, and the records refused (index in the input, and why). */
export type NormalisedBatch = { rows: Columns; rejected: Array<{ index: number; message: string }> };

/** Records with an integer CERT, and the refusals of the others. */
function acceptCerts(input: Columns): { accepted: number[]; certs: number[]; rejected: NormalisedBatch['rejected'] } {
  const certCells = input.columns.get('CERT') ?? [];
  const accepted: number[] = [];
  const certs: number[] = [];
  const rejected: NormalisedBatch['rejected'] = [];
  for (let index = 0; index < input.size; index += 1) {
    const cert = toInteger(certCells[index]);
    if (cert === null) rejected.push({ index, message: missingCert(rowAt(input, index)) });
    else {
      accepted.push(index);
      certs.push(cert);
    }
  }
  return { accepted, certs, rejected };
}

/** Each record's non-blank cells whose codes `keep` accepts (all without it): the rows' `raw`. */
function sourceRecords(records: Columns, keep: ((code: string) => boolean) | undefined): RawRecord[] {
  const kept = [...records.columns].filter(([code]) => keep?.(code) ?? true);
  const raw = new Array<RawRecord>(records.size);
  for (let index = 0; index < records.size; index += 1) {
    const record: RawRecord = {};
    for (const [code, cells] of kept) {
      const value = cells[index];
      if (value !== null && value !== undefined) record[code] = value;
    }
    raw[index] = record;
  }
  return raw;
}

/** Codes that describe the import rather than the bank: never kept in `raw`. */
const importCodes = new Set(['AS_OF', 'FINANCIALS_REPDTE']);

/** Columns a record's date does not stamp: the key, and the columns merged by rules of their own. */
const unstampedColumns = new Set(['cert', 'raw', 'is_demo', 'as_of', 'financials_repdte']);

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
  const dates = givenColumn(records, ['AS_OF'], remembering(toRepdte));
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

/** Row 0 of a batch of one, or the batch's refusal as an InvalidRecordError. */
function onlyRow<Row>({ rows, rejected }: NormalisedBatch): Row {
  if (rejected.length > 0) throw new InvalidRecordError(rejected[0].message);
  const row: Record<string, unknown> = {};
  for (const [column, values] of rows.columns) row[column] = values[0];
  return row as Row;
}

/** A fdic_institutions row from an institutions-endpoint record. Throws InvalidRecordError without a CERT. */
export function normaliseInstitution(record: RawRecord, options: InstitutionSourceOptions = {}): InstitutionRow {
  return onlyRow(normaliseInstitutionsBatch(columnsOfRows([record]), options));
}

// ---------------------------------------------------------------------------------------------
// Quarterly financials

/**
 * Curated money columns and the FDIC codes they come from (first present wins). Dollars in the row,
 * thousands in the record. Exported so the query layer can answer in field codes.
 */
export const financialMoneyFields = {
  assets: ['ASSET'],
  deposits: ['DEP'],
  total_equity: ['EQ', 'EQTOT'],
  net_income: ['NETINC'],
  net_charge_offs: ['NTLNLS'],
  tier1_capital: ['RBCT1J', 'RBCT1'],
  earning_assets: ['ERNAST'],
  total_loans_and_leases: ['LNLSNET'],
  nonaccrual_loans_and_leases: ['NALNLS'],
  thirty_ninety_pd: ['P3ASSET'],
  ninety_plus_pd: ['P9ASSET'],
  allowance_for_loan_losses: ['LNATRES'],
  charge_offs: ['DRLNLS'],
  recoveries: ['CRLNLS'],
  oreo: ['ORE'],
  cc_ninety_plus_delinq: ['P9CRCD'],
  auto_ninety_plus_delinq: ['P9AUTO'],
  interest_income: ['INTINC'],
  interest_expense: ['EINTEXP'],
  net_interest_income: ['NIM'],
  non_interest_income: ['NONII'],
  non_interest_expense: ['NONIX'],
  income_before_tax: ['IBEFTAX', 'PTAXNETINC'],
  provision_for_loan_losses: ['ELNATR'],
  total_risk_based_capital: ['RBC'],
  total_risk_weighted_assets: ['RWAJT'],
  core_deposits: ['COREDEP'],
  brokered_deposits: ['BRO'],
  loans_and_leases_gross: ['LNLSGR'],
  loans_re_gross: ['LNRE'],
  loans_re_1_4_family_gross: ['LNRERES'],
  loans_re_1_4_family_first_liens: ['LNRERSFM'],
  loans_ci_gross: ['LNCI'],
  loans_consumer_gross: ['LNCON'],
  loans_consumer_credit_card_gross: ['LNCRCD'],
  loans_consumer_auto_gross: ['LNAUTO'],
  loans_ag_gross: ['LNAG'],
  loans_other_gross: ['LNOTHER'],
  leases_gross: ['LS'],
  past_due_30_89_re: ['P3RE'],
  past_due_90_plus_re: ['P9RE'],
  nonaccrual_re: ['NARE'],
  charge_offs_re: ['DRRE'],
  past_due_30_89_ci: ['P3CI'],
  past_due_90_plus_ci: ['P9CI'],
  nonaccrual_ci: ['NACI'],
  charge_offs_ci: ['DRCI'],
  past_due_30_89_consumer: ['P3CON'],
  past_due_90_plus_consumer: ['P9CON'],
  nonaccrual_consumer: ['NACON'],
  charge_offs_consumer: ['DRCON'],
  past_due_30_89_ag: ['P3AG'],
  past_due_90_plus_ag: ['P9AG'],
  nonaccrual_ag: ['NAAG'],
  charge_offs_ag: ['DRAG'],
} as const satisfies Record<string, readonly string[]>;

/** Ratio columns, as given by the FDIC (percentages). */
export const financialRatioFields = {
  roa: ['ROA'],
  roaq: ['ROAQ'],
  roe: ['ROE'],
  roeq: ['ROEQ'],
  npl_ratio: ['NCLNLSR'],
  net_charge_offs_to_loans_ratio: ['NTLNLSR'],
  tier1_capital_ratio: ['RBC1RWAJ'],
  efficiency_ratio: ['EEFFR'],
  net_interest_margin: ['NIMY'],
  net_interest_margin_quarterly: ['NIMYQ'],
  allowance_to_loans_ratio: ['LNATRESR'],
  tier1_leverage_ratio: ['RBC1AAJ'],
  total_risk_based_capital_ratio: ['RBCRWAJ'],
  common_equity_tier1_ratio: ['IDT1CER'],
  equity_to_assets_ratio: ['EQV'],
  net_loans_to_deposits_ratio: ['LNLSDEPR'],
} as const satisfies Record<string, readonly string[]>;

/** Commercial real estate = nonfarm nonresidential + multifamily + construction and land development. */
const commercialRealEstateCodes = ['LNRENRES', 'LNREMULT', 'LNRECONS'] as const;

export type FinancialMoneyColumn = keyof typeof financialMoneyFields | 'loans_re_commercial_gross';
export type FinancialRatioColumn =
  | keyof typeof financialRatioFields
  | 'non_interest_income_to_revenue'
  | 'cost_of_funds'
  | 'oreo_to_assets'
  | 'cre_concentration'
  | 'brokered_deposits_ratio'
  | 'core_deposits_ratio'
  | 'nonaccrual_ratio'
  | 'risk_score';

export type FinancialsRow = { cert: number; repdte: string; report_date: string; raw: RawRecord; is_demo: boolean } & Record<
  FinancialMoneyColumn | FinancialRatioColumn,
  number | null
>;

/**
 * numerator / denominator as a percentage (the derived peer ratios): null (not available) when the
 * numerator is not in the record or the denominator is not positive. A ratio whose inputs are
 * absent is not 0%.
 */
export function percentOf(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  const below = denominator ?? 0;
  if (numerator === null || numerator === undefined || !(below > 0)) return null;
  return (numerator / below) * 100;
}

const moneyFieldEntries = Object.entries(financialMoneyFields) as Array<[keyof typeof financialMoneyFields, readonly string[]]>;
const ratioFieldEntries = Object.entries(financialRatioFields) as Array<[keyof typeof financialRatioFields, readonly string[]]>;

type NumberColumn = Array<number | null>;

/** One value per record: the first of `codes` whose cell parses, else null. */
function firstPresentColumn(records: Columns, codes: readonly string[], parse: (value: unknown) => number | null): NumberColumn {
  const values: NumberColumn = new Array<number | null>(records.size).fill(null);
  for (const code of codes) {
    const cells = records.columns.get(code);
    if (!cells) continue;
    for (let index = 0; index < records.size; index += 1) if (values[index] === null) values[index] = parse(cells[index]);
  }
  return values;
}

/** `derive` of each record's index, as a column. */
function eachRecord(size: number, derive: (index: number) => number | null): NumberColumn {
  const values: NumberColumn = new Array<number | null>(size);
  for (let index = 0; index < size; index += 1) values[index] = derive(index);
  return values;
}

/**
 * fdic_financials rows from financials-endpoint records (one bank, one quarter each) given as
 * columns (FDIC code to one cell per record). Column by column: a bulk file's quarter is a few
 * dozen codes over thousands of records, and one object per record and column cost several times
 * more (measured). `raw` keeps the record's non-blank cells whose codes `keepInRaw` accepts (all
 * by default). Records without CERT or a valid REPDTE are rejected and left out.
 */
export function normaliseFinancialsBatch(input: Columns, options: { keepInRaw?: (code: string) => boolean } = {}): NormalisedBatch {
  const withCert = acceptCerts(input);
  const repdteCells = input.columns.get('REPDTE') ?? [];
  const accepted: number[] = [];
  const certs: number[] = [];
  const reportDates: string[] = [];
  const rejected = withCert.rejected;
  // A quarter's records share one report date: parse each distinct value once.
  const reportDate = remembering(parseFdicDate);
  for (const [position, index] of withCert.accepted.entries()) {
    const cert = withCert.certs[position];
    const date = reportDate(repdteCells[index]);
    if (!date) rejected.push({ index, message: `The financials record for CERT ${cert} has no valid REPDTE (${String(repdteCells[index])}).` });
    else {
      accepted.push(index);
      certs.push(cert);
      reportDates.push(date);
    }
  }
  rejected.sort((a, b) => a.index - b.index);
  const records = accepted.length === input.size ? input : pickRows(input, accepted);
  const size = records.size;
  const rows = new Map<string, unknown[]>();
  const numbers = (column: FinancialMoneyColumn | FinancialRatioColumn) => rows.get(column) as NumberColumn;
  rows.set('cert', certs);
  rows.set('repdte', reportDates.map((date) => date.replace(/-/g, '')));
  rows.set('report_date', reportDates);

  for (const [column, codes] of moneyFieldEntries) rows.set(column, firstPresentColumn(records, codes, thousandsToDollars));
  const commercialParts = commercialRealEstateCodes.map((code) => records.columns.get(code)).filter((cells) => cells !== undefined);
  rows.set('loans_re_commercial_gross', eachRecord(size, (index) => {
    let commercial: number | null = null;
    for (const cells of commercialParts) {
      const part = thousandsToDollars(cells[index]);
      if (part !== null) commercial = (commercial ?? 0) + part;
    }
    return commercial;
  }));
  // Net charge-offs are debits minus credits when the record does not carry NTLNLS itself.
  const netChargeOffs = numbers('net_charge_offs');
  const chargeOffs = numbers('charge_offs');
  const recoveries = numbers('recoveries');
  for (let index = 0; index < size; index += 1) {
    const debits = chargeOffs[index];
    const credits = recoveries[index];
    if (netChargeOffs[index] === null && debits !== null && credits !== null) netChargeOffs[index] = debits - credits;
  }

  for (const [column, codes] of ratioFieldEntries) rows.set(column, firstPresentColumn(records, codes, toNumber));
  const ratioOf = (numerator: FinancialMoneyColumn, denominator: FinancialMoneyColumn) => {
    const above = numbers(numerator);
    const below = numbers(denominator);
    return eachRecord(size, (index) => percentOf(above[index], below[index]));
  };
  const interestIncome = numbers('interest_income');
  const nonInterestIncome = numbers('non_interest_income');
  rows.set('non_interest_income_to_revenue', eachRecord(size, (index) => percentOf(nonInterestIncome[index], (interestIncome[index] ?? 0) + (nonInterestIncome[index] ?? 0))));
  rows.set('cost_of_funds', ratioOf('interest_expense', 'deposits'));
  rows.set('oreo_to_assets', ratioOf('oreo', 'assets'));
  rows.set('cre_concentration', ratioOf('loans_re_commercial_gross', 'loans_and_leases_gross'));
  rows.set('brokered_deposits_ratio', ratioOf('brokered_deposits', 'deposits'));
  rows.set('core_deposits_ratio', ratioOf('core_deposits', 'deposits'));
  rows.set('nonaccrual_ratio', ratioOf('nonaccrual_loans_and_leases', 'loans_and_leases_gross'));
  const roa = numbers('roa');
  const npl = numbers('npl_ratio');
  const tier1 = numbers('tier1_capital_ratio');
  rows.set('risk_score', eachRecord(size, (index) => assessRisk({ roa: roa[index], nplRatio: npl[index], tier1CapitalRatio: tier1[index] })?.score ?? null));

  rows.set('raw', sourceRecords(records, options.keepInRaw));
  rows.set('is_demo', new Array<boolean>(size).fill(false));
  return { rows: { size, columns: rows }, rejected };
}

/** A fdic_financials row from a financials-endpoint record (one bank, one quarter). Throws without CERT or REPDTE. */
export function normaliseFinancials(record: RawRecord): FinancialsRow {
  return onlyRow(normaliseFinancialsBatch(columnsOfRows([record])));
}

// ---------------------------------------------------------------------------------------------
// Branches, Summary of Deposits, history events, failures

export type LocationRow = {
  id: string;
  cert: number;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  service_type: string | null;
  established_date: string | null;
  is_main_office: boolean;
  latitude: number | null;
  longitude: number | null;
  deposits: number | null;
  cbsa_code: string | null;
  /** The Summary of Deposits year the branch was listed in; null from the locations endpoint. */
  sod_year: number | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** A fdic_locations row from a locations-endpoint record (UNINUM identifies the office). */
export function normaliseLocation(record: RawRecord): LocationRow {
  const cert = requireCert(record);
  const id = toText(record.UNINUM) ?? toText(record.ID);
  if (!id) throw new InvalidRecordError(`The location record for CERT ${cert} has no UNINUM.`);
  return {
    id,
    cert,
    name: toText(record.OFFNAME ?? record.NAME),
    address: toText(record.ADDRESS),
    city: toText(record.CITY),
    state: stateCode(record),
    zip: toText(record.ZIP),
    county: toText(record.COUNTY),
    service_type: toText(record.SERVTYPE_DESC ?? record.SERVTYPE),
    established_date: parseFdicDate(record.ESTYMD),
    is_main_office: toFlag(record.MAINOFF) ?? false,
    latitude: toNumber(record.LATITUDE),
    longitude: toNumber(record.LONGITUDE),
    deposits: thousandsToDollars(record.DEPSUMBR),
    cbsa_code: toText(record.CBSA_NO),
    sod_year: toInteger(record.YEAR),
    raw: record,
    is_demo: false,
  };
}

export type SodRow = {
  id: string;
  year: number;
  cert: number;
  branch_id: string | null;
  branch_number: number | null;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  deposits: number | null;
  is_main_office: boolean;
  latitude: number | null;
  longitude: number | null;
  cbsa_code: string | null;
  cbsa_name: string | null;
  csa_code: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** A fdic_sod row from a Summary of Deposits record (API or bulk file: branch fields end in BR). */
export function normaliseSod(record: RawRecord): SodRow {
  const cert = requireCert(record);
  const year = toInteger(record.YEAR);
  if (year === null) throw new InvalidRecordError(`The Summary of Deposits record for CERT ${cert} has no YEAR.`);
  const branchId = toText(record.UNINUMBR);
  const branchNumber = toInteger(record.BRNUM);
  const id = toText(record.ID) ?? `${year}-${branchId ?? `${cert}-${branchNumber ?? 0}`}`;
  return {
    id,
    year,
    cert,
    branch_id: branchId,
    branch_number: branchNumber,
    name: toText(record.NAMEBR),
    address: toText(record.ADDRESBR),
    city: toText(record.CITYBR),
    state: toText(record.STALPBR)?.toUpperCase() ?? null,
    zip: toText(record.ZIPBR),
    county: toText(record.CNTYNAMB),
    deposits: thousandsToDollars(record.DEPSUMBR),
    // BRSERTYP 11 is a full-service main office; BKMO is the main-office flag.
    is_main_office: toFlag(record.BKMO) ?? toInteger(record.BRSERTYP) === 11,
    latitude: toNumber(record.SIMS_LATITUDE ?? record.LATITUDE),
    longitude: toNumber(record.SIMS_LONGITUDE ?? record.LONGITUDE),
    cbsa_code: toText(record.MSABR ?? record.CBSABR),
    cbsa_name: toText(record.MSANAMB ?? record.CBSANAMB),
    csa_code: toText(record.CSABR),
    raw: record,
    is_demo: false,
  };
}

export type HistoryRow = {
  id: string;
  cert: number;
  effective_date: string | null;
  change_code: number | null;
  change_description: string | null;
  institution_name: string | null;
  details: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** What happened, in one sentence, from the acquirer/outgoing fields a structure event carries. */
function historyDetails(record: RawRecord): string | null {
  const acquirer = toText(record.ACQ_INSTNAME);
  const outgoing = toText(record.OUT_INSTNAME);
  const parts: string[] = [];
  if (outgoing) parts.push(`Outgoing institution: ${outgoing}.`);
  if (acquirer) parts.push(`Acquirer: ${acquirer}.`);
  const city = toText(record.PCITY);
  const state = toText(record.PSTALP);
  if (parts.length === 0 && city) parts.push(`Location: ${city}${state ? `, ${state}` : ''}.`);
  return toText(record.DETAILS) ?? (parts.length > 0 ? parts.join(' ') : null);
}

/** A fdic_history row from a history-endpoint record (one structure-change event). */
export function normaliseHistoryEvent(record: RawRecord): HistoryRow {
  const cert = requireCert(record);
  const effectiveDate = parseFdicDate(record.EFFDATE ?? record.PROCDATE);
  const changeCode = toInteger(record.CHANGECODE);
  const id = toText(record.ID) ?? `${cert}-${toText(record.TRANSNUM) ?? effectiveDate ?? 'undated'}-${changeCode ?? 0}`;
  return {
    id,
    cert,
    effective_date: effectiveDate,
    change_code: changeCode,
    change_description: toText(record.CHANGECODE_DESC),
    institution_name: toText(record.INSTNAME),
    details: historyDetails(record),
    raw: record,
    is_demo: false,
  };
}

export type FailureRow = {
  id: string;
  cert: number | null;
  name: string | null;
  city: string | null;
  state: string | null;
  city_state: string | null;
  fail_date: string | null;
  assets: number | null;
  deposits: number | null;
  estimated_loss: number | null;
  fin: string | null;
  resolution_type: string | null;
  acquirer: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/**
 * A fdic_failures row from a failures-endpoint record (QBFASSET, QBFDEP and COST in thousands),
 * keyed `{cert}-{fail date}` when it has both (the endpoint's own ID stays in raw).
 */
export function normaliseFailure(record: RawRecord): FailureRow {
  const cert = toInteger(record.CERT);
  const failDate = parseFdicDate(record.FAILDATE);
  const name = toText(record.NAME);
  const cityState = toText(record.CITYST);
  const [cityPart, statePart] = cityState ? cityState.split(',').map((part) => part.trim()) : [null, null];
  const city = toText(record.CITY) ?? cityPart ?? null;
  const state = toText(record.PSTALP) ?? statePart ?? null;
  // One failure, one row, whichever list it came from: the failed-bank list has no ID and the
  // failures endpoint a numeric one, but both give the CERT and the closing date.
  const id = cert !== null && cert > 0 && failDate ? `${cert}-${failDate}` : (toText(record.ID) ?? `${cert ?? name ?? 'unknown'}-${failDate ?? 'undated'}`);
  return {
    id,
    cert,
    name,
    city,
    state,
    city_state: cityState ?? (city && state ? `${city}, ${state}` : city),
    fail_date: failDate,
    assets: thousandsToDollars(record.QBFASSET),
    deposits: thousandsToDollars(record.QBFDEP),
    estimated_loss: thousandsToDollars(record.COST),
    fin: toText(record.FIN),
    resolution_type: toText(record.RESTYPE1 ?? record.RESTYPE),
    acquirer: toText(record.BIDNAME ?? record.ACQUIRER),
    raw: record,
    is_demo: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Census community profiles and field definitions (already in our units; typed here for the store)

export type CensusProfileRow = {
  kind: 'cbsa' | 'csa';
  code: string;
  name: string | null;
  population: number | null;
  median_household_income: number | null;
  unemployment_rate: number | null;
  poverty_rate: number | null;
  renter_occupied_rate: number | null;
  median_age: number | null;
  college_educated_rate: number | null;
  white_non_hispanic_rate: number | null;
  hispanic_or_latino_rate: number | null;
  black_or_african_american_rate: number | null;
  asian_rate: number | null;
  spanish_speaking_rate: number | null;
  source: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

export type FieldDefinitionRow = {
  endpoint: string;
  code: string;
  title: string | null;
  description: string | null;
  type: string | null;
  is_demo: boolean;
};
