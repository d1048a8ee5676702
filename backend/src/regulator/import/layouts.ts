import path from 'node:path';
import { censusGeography, censusProfileRow, profileFromCensusRow, type CensusAreaKind } from '../clients/census.ts';
import { pickRows, type Columns } from '../engine/columns.ts';
import type { CensusProfileRow, FieldDefinitionRow, RawRecord } from '../normalise/index.ts';
import type { SourceRow } from './source.ts';
import { institutionRank, stampRow } from './as-of.ts';

/**
 * The file layouts the importer understands, each recognised from its header row and mapped to
 * FDIC-API-format records (field codes as keys, money in thousands, as BankFind answers) or, for
 * Census and field-definition files, straight to table rows.
 */
export type ImportItem =
  | { kind: 'location'; record: RawRecord }
  | { kind: 'sod'; record: RawRecord }
  | { kind: 'failure'; record: RawRecord }
  /** A failure as the FDIC's Failed Bank List publishes it (its names and places win over the failures endpoint's). */
  | { kind: 'listedFailure'; record: RawRecord }
  | { kind: 'history'; record: RawRecord }
  /** A bank's fields repeated by a source about something else (its failure): status, and blanks filled. */
  | { kind: 'institutionCopy'; record: RawRecord }
  | { kind: 'definition'; row: FieldDefinitionRow }
  | { kind: 'census'; row: CensusProfileRow };

type LayoutBase = {
  id: string;
  description: string;
  matches(header: ReadonlySet<string>): boolean;
};

/** A layout read row by row. */
export type RowLayout = LayoutBase & {
  /** Items for one row; none when the row carries nothing we can keep. */
  map(row: SourceRow, file: string): ImportItem[];
};

/**
 * FDIC-API-format records of one kind as columns (field code to cells), and the batch rows
 * (0-based) each came from. Institution records carry `AS_OF`, the date their source speaks for;
 * `copies` marks a bank's fields repeated by a financials file (see normaliseInstitutionsBatch).
 */
export type RecordBatch = { kind: 'financials' | 'institution'; records: Columns; sourceRows: number[]; copies?: boolean };

/** What a layout knows of the file besides its rows. */
export type FileContext = {
  /** The date the file speaks for where its rows carry none (YYYYMMDD): from its name, else when it was written. */
  date: string;
};

/** A layout read a batch of rows at a time, as columns (header name to cells): the bulk financials files. */
export type ColumnLayout = LayoutBase & {
  /** The batch's records per kind, and how many of its rows carried nothing we can keep. */
  mapColumns(batch: Columns, file: FileContext): { records: RecordBatch[]; skipped: number };
};

export type Layout = RowLayout | ColumnLayout;

/** A cell as a value worth keeping: trimmed text, or null for blanks and export artifacts. */
export function cell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = String(value).trim();
  if (text === '' || text === '[object Object]' || text === 'NA' || text === 'NaN') return null;
  return text;
}

/** A record of the non-blank cells, keys renamed by `renames` and those in `drop` left out. */
function record(row: SourceRow, renames: Record<string, string> = {}, drop: ReadonlySet<string> = new Set()): RawRecord {
  const out: RawRecord = {};
  for (const [key, value] of Object.entries(row)) {
    if (drop.has(key)) continue;
    const kept = cell(value);
    if (kept !== null) out[renames[key] ?? key] = kept;
  }
  return out;
}

const hasAll = (header: ReadonlySet<string>, ...names: string[]) => names.every((name) => header.has(name));
const hasAny = (header: ReadonlySet<string>, ...names: string[]) => names.some((name) => header.has(name));

/** CERT 0 and blanks identify no insured institution (the active list has a non-insured office at 0). */
function hasCert(item: RawRecord): boolean {
  const cert = Number(item.CERT);
  return Number.isInteger(cert) && cert > 0;
}

const sodServiceTypes: Record<string, string> = {
  '11': 'Full Service Brick and Mortar Office',
  '12': 'Full Service Retail Office',
  '13': 'Full Service Cyber Office',
  '14': 'Full Service Mobile Office',
  '15': 'Full Service Home/Phone Banking',
  '16': 'Full Service Seasonal Office',
  '21': 'Limited Service Administrative Office',
  '22': 'Limited Service Military Facility',
  '23': 'Limited Service Facility Office',
  '24': 'Limited Service Loan Production Office',
  '25': 'Limited Service Consumer Credit Office',
  '26': 'Limited Service Contractual Office',
  '27': 'Limited Service Messenger Office',
  '28': 'Limited Service Retail Office',
  '29': 'Limited Service Mobile Office',
  '30': 'Limited Service Trust Office',
};

/** A Summary of Deposits branch as a locations-endpoint record (the bulk SOD is our branch list). */
export function locationFromSod(sod: RawRecord): RawRecord {
  const serviceType = sod.BRSERTYP === null || sod.BRSERTYP === undefined ? undefined : String(sod.BRSERTYP);
  const msa = sod.MSABR && String(sod.MSABR) !== '0' ? sod.MSABR : undefined;
  const location: RawRecord = {
    ID: sod.UNINUMBR,
    UNINUM: sod.UNINUMBR,
    CERT: sod.CERT,
    NAME: sod.NAMEFULL,
    OFFNAME: sod.NAMEBR,
    OFFNUM: sod.BRNUM,
    ADDRESS: sod.ADDRESBR,
    CITY: sod.CITYBR,
    STALP: sod.STALPBR,
    STNAME: sod.STNAMEBR,
    ZIP: sod.ZIPBR,
    COUNTY: sod.CNTYNAMB,
    SERVTYPE: serviceType,
    SERVTYPE_DESC: serviceType ? sodServiceTypes[serviceType] : undefined,
    ESTYMD: sod.SIMS_ESTABLISHED_DATE,
    ACQDATE: sod.SIMS_ACQUIRED_DATE,
    MAINOFF: sod.BKMO,
    LATITUDE: sod.SIMS_LATITUDE,
    LONGITUDE: sod.SIMS_LONGITUDE,
    DEPSUMBR: sod.DEPSUMBR,
    CBSA_NO: msa,
    CBSA: msa ? sod.MSANAMB : undefined,
    CSA_NO: sod.CSABR && String(sod.CSABR) !== '0' ? sod.CSABR : undefined,
    YEAR: sod.YEAR,
  };
  return Object.fromEntries(Object.entries(location).filter(([, value]) => value !== undefined && value !== null));
}

// Columns the Banking-Risk-Analytics uploader derived itself; they are not FDIC fields.
const derivedFinancialColumns = new Set([
  'loan_to_deposit_ratio',
  'capital_adequacy_ratio',
  'npl_ratio',
  'cost_to_income_ratio',
  'net_interest_margin',
  'risk_tier',
  'size_bucket',
]);

const financialRenames: Record<string, string> = {
  // Renamed FDIC fields in the Banking-Risk-Analytics export.
  cert_id: 'CERT',
  bank_name: 'NAME',
  state: 'STNAME',
  city: 'CITY',
  // The BankFind "Assets and Liabilities" report export.
  Cert: 'CERT',
  Report_Period: 'REPDTE',
  Institution_Name: 'NAME',
  City: 'CITY',
  State: 'STALP',
  Class: 'BKCLASS',
  Total_Assets: 'ASSET',
  Total_Deposits: 'DEP',
  // Bulk SDI files write most codes in lower case and the website as inst.webaddr.
  'inst.webaddr': 'WEBADDR',
  cbsa_metro_name: 'CBSA_METRO_NAME',
};

/**
 * Institution fields a financials row may also carry. They describe the bank as copies: they fill
 * blanks (the financials export's city is upper case and cut to 16 characters), and the bank's
 * figures are read from its financials, not copied.
 */
const institutionFieldsInFinancials = ['CERT', 'NAME', 'CITY', 'STNAME', 'STALP', 'ZIP', 'ADDRESS', 'COUNTY', 'BKCLASS', 'ACTIVE', 'WEBADDR', 'REGAGNT', 'NAMEHCR', 'SPECGRP', 'ESTYMD', 'INSDATE', 'CBSA_METRO', 'CBSA_METRO_NAME'];

// Source column name -> FDIC code (null: a derived column to drop), worked out once per name, not per cell.
const financialCodes = new Map<string, string | null>();

function financialCode(key: string): string | null {
  let code = financialCodes.get(key);
  if (code === undefined) financialCodes.set(key, (code = derivedFinancialColumns.has(key) ? null : (financialRenames[key] ?? key.toUpperCase())));
  return code;
}

/**
 * A batch's columns under their FDIC codes (`codeOf` null: a column to drop), cells cleaned as
 * `cell` does. Two names for one code: a later column's non-blank cells win, as in one record.
 */
function recordColumns(batch: Columns, codeOf: (name: string) => string | null): Columns {
  const codes = new Map<string, unknown[]>();
  for (const [name, cells] of batch.columns) {
    const code = codeOf(name);
    if (code === null) continue;
    const earlier = codes.get(code);
    const cleaned = new Array<unknown>(batch.size);
    for (let index = 0; index < batch.size; index += 1) cleaned[index] = cell(cells[index]) ?? earlier?.[index] ?? null;
    codes.set(code, cleaned);
  }
  return { size: batch.size, columns: codes };
}

/** The indexes of the records with a usable CERT (a positive integer). */
function recordsWithCert(records: Columns): number[] {
  const certs = records.columns.get('CERT') ?? [];
  const kept: number[] = [];
  for (let index = 0; index < records.size; index += 1) if (hasCert({ CERT: certs[index] })) kept.push(index);
  return kept;
}

/**
 * A batch of a financials file as FDIC records: columns renamed to their codes (derived columns
 * dropped), an ID of CERT_REPDTE where the file has none, and rows without a CERT left out. Every
 * row also makes an institution record (copies of the bank's fields it carries, dated by its
 * REPDTE), so a bank with financials is listed even when no institutions file names it.
 */
function financialRecords(batch: Columns): { records: RecordBatch[]; skipped: number } {
  const all = recordColumns(batch, financialCode);
  const certs = all.columns.get('CERT');
  const repdtes = all.columns.get('REPDTE');
  if (certs && repdtes) {
    const ids = all.columns.get('ID') ?? new Array<unknown>(all.size).fill(null);
    for (let index = 0; index < all.size; index += 1) {
      if (ids[index] === null && certs[index] !== null && repdtes[index] !== null) ids[index] = `${certs[index]}_${repdtes[index]}`;
    }
    all.columns.set('ID', ids);
  }
  const withCert = recordsWithCert(all);
  const financials = withCert.length === all.size ? all : pickRows(all, withCert);
  const institutions: Columns = {
    size: financials.size,
    columns: new Map(institutionFieldsInFinancials.filter((code) => financials.columns.has(code)).map((code) => [code, financials.columns.get(code)!])),
  };
  const dates = financials.columns.get('REPDTE') ?? new Array<unknown>(financials.size).fill(null);
  institutions.columns.set('AS_OF', dates);
  institutions.columns.set('FINANCIALS_REPDTE', dates);
  return {
    records: [
      { kind: 'financials', records: financials, sourceRows: withCert },
      { kind: 'institution', records: institutions, sourceRows: withCert, copies: true },
    ],
    skipped: batch.size - withCert.length,
  };
}

/** A failed bank's status (inactive from its closing date) and its name, city and state to fill blanks. */
function failedInstitution(failure: RawRecord): ImportItem[] {
  if (!hasCert(failure) || failure.FAILDATE === undefined) return [];
  const institution: RawRecord = {
    CERT: failure.CERT,
    NAME: failure.NAME,
    CITY: failure.CITY,
    STALP: failure.PSTALP,
    ACTIVE: 0,
    INACTIVE_DATE: failure.FAILDATE,
    AS_OF: failure.FAILDATE,
  };
  return [{ kind: 'institutionCopy', record: Object.fromEntries(Object.entries(institution).filter(([, value]) => value !== null && value !== undefined)) }];
}

/**
 * What a failures-endpoint record stores, from a file or from the API: the failure, and the failed
 * bank's status and names to fill blanks.
 */
export function failureItems(failure: RawRecord): ImportItem[] {
  const item = record(failure);
  return [{ kind: 'failure', record: item }, ...failedInstitution(item)];
}

/** What a history-endpoint record (one structure change) stores, from a file or from the API; nothing without a CERT. */
export function historyItems(event: RawRecord): ImportItem[] {
  const item = record(event);
  return hasCert(item) ? [{ kind: 'history', record: item }] : [];
}

const financialHeaderAliases = (header: ReadonlySet<string>) => new Set([...header].map((name) => financialRenames[name] ?? name.toUpperCase()));

/** Which endpoint a field-definition file describes, from its file name. */
export function definitionEndpoint(file: string): string {
  const name = path.basename(file).toLowerCase();
  if (name.includes('institution')) return 'institutions';
  if (name.includes('location')) return 'locations';
  if (name.includes('event') || name.includes('history')) return 'history';
  if (name.includes('sod')) return 'sod';
  if (name.includes('fail')) return 'failures';
  if (name.includes('summary')) return 'summary';
  if (name.includes('demographic')) return 'demographics';
  return 'financials';
}

function definition(file: string, code: unknown, title: unknown, description: unknown): ImportItem[] {
  const codeText = cell(code);
  if (typeof codeText !== 'string' || !/^[A-Za-z0-9_.]+$/.test(codeText)) return [];
  const text = (value: unknown) => {
    const kept = cell(value);
    return kept === null ? null : String(kept).replace(/\s+/g, ' ');
  };
  return [{ kind: 'definition', row: { endpoint: definitionEndpoint(file), code: codeText.toUpperCase(), title: text(title), description: text(description), type: null, is_demo: false } }];
}

const percent = (value: unknown) => {
  const number = value === null || value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};
const fractionToPercent = (value: unknown) => {
  const number = percent(value);
  return number === null ? null : Math.round(number * 10_000) / 100;
};

/**
 * The ACS 5-year vintage a Census file's name gives (`..._acs5_2023_...`): its label (the five
 * years it covers) and the date it speaks for (December 31 of its last year).
 */
export function acsVintage(file: string): { label: string; date: string | null } {
  const year = /acs5?[_-]?((?:19|20)\d{2})/i.exec(path.basename(file))?.[1];
  if (!year) return { label: 'ACS 5-year estimates (vintage not given in the file name)', date: null };
  return { label: `ACS 5-year estimates ${Number(year) - 4}-${year}`, date: `${year}1231` };
}

function censusRow(code: string, name: unknown, source: string, values: Partial<CensusProfileRow>, raw: RawRecord, date: string | null): CensusProfileRow {
  return stampRow({
    kind: 'cbsa',
    code,
    name: (cell(name) as string | null) ?? null,
    population: null,
    median_household_income: null,
    unemployment_rate: null,
    poverty_rate: null,
    renter_occupied_rate: null,
    median_age: null,
    college_educated_rate: null,
    white_non_hispanic_rate: null,
    hispanic_or_latino_rate: null,
    black_or_african_american_rate: null,
    asian_rate: null,
    spanish_speaking_rate: null,
    ...values,
    source,
    raw,
    is_demo: false,
  }, date, () => institutionRank);
}

/** Five-digit CBSA codes; the BEA national total row (00998) and other non-CBSA codes are dropped. */
const isCbsaCode = (code: string) => /^\d{5}$/.test(code) && code !== '00998';

/** In detection order: the first layout whose `matches` accepts the header wins. */
export const layouts: Layout[] = [
  {
    id: 'failed-bank-list',
    description: "FDIC Failed Bank List (banklist.csv: Bank Name, City, State, Cert, Acquiring Institution, Closing Date, Fund)",
    matches: (h) => hasAll(h, 'Bank Name', 'Cert', 'Closing Date'),
    map: (row) => {
      const city = cell(row.City);
      const state = cell(row.State);
      const item: RawRecord = {
        CERT: cell(row.Cert),
        NAME: cell(row['Bank Name']),
        CITY: city,
        PSTALP: state,
        CITYST: city && state ? `${city}, ${state}` : city,
        FAILDATE: cell(row['Closing Date']),
        BIDNAME: cell(row['Acquiring Institution']),
        FIN: cell(row.Fund),
        RESTYPE: 'FAILURE',
      };
      const failure = Object.fromEntries(Object.entries(item).filter(([, value]) => value !== null));
      return [{ kind: 'listedFailure', record: failure }, ...failedInstitution(failure)];
    },
  },
  {
    id: 'failures',
    description: 'Failures endpoint CSV (FAILDATE, CERT, NAME or bank_name, QBFASSET, COST, ...)',
    matches: (h) => h.has('FAILDATE') && hasAny(h, 'NAME', 'bank_name', 'CITYST'),
    map: (row) => {
      const item = record(row, { bank_name: 'NAME' }, new Set(['fail_year', 'fail_decade', 'insurance_cost_millions']));
      // The Banking-Risk-Analytics export renamed COST to insurance_cost_millions without converting
      // it: its magnitudes are thousands of dollars, like every FDIC money field (Silicon Valley
      // Bank: 18,959,624 beside QBFASSET 209,026,000, i.e. $19 billion of a $209 billion bank).
      const cost = cell(row.insurance_cost_millions);
      if (item.COST === undefined && cost !== null && Number.isFinite(Number(cost))) item.COST = Number(cost);
      return failureItems(item);
    },
  },
  {
    id: 'history',
    description: 'History endpoint / BankFind structure-change export (CERT, CHANGECODE, EFFDATE, ...)',
    matches: (h) => hasAll(h, 'CERT', 'CHANGECODE') && hasAny(h, 'EFFDATE', 'PROCDATE'),
    map: historyItems,
  },
  {
    id: 'sod',
    description: 'Summary of Deposits bulk file (YEAR, CERT, BRNUM, UNINUMBR, DEPSUMBR, ...); also the branch list',
    matches: (h) => hasAll(h, 'CERT', 'UNINUMBR', 'BRNUM', 'YEAR'),
    map: (row) => {
      const item = record(row);
      if (!hasCert(item)) return [];
      item.ID ??= `${item.YEAR}-${item.UNINUMBR}`;
      return [
        { kind: 'sod', record: item },
        { kind: 'location', record: locationFromSod(item) },
      ];
    },
  },
  {
    id: 'locations',
    description: 'Locations endpoint CSV (CERT, UNINUM, OFFNAME, ...)',
    matches: (h) => hasAll(h, 'CERT', 'UNINUM') && hasAny(h, 'OFFNAME', 'OFFNUM'),
    map: (row) => {
      const item = record(row);
      return hasCert(item) ? [{ kind: 'location', record: item }] : [];
    },
  },
  {
    id: 'financials',
    description: 'Quarterly financials: financials endpoint CSV or JSON, bulk SDI files, BankFind report exports (CERT, REPDTE, ASSET, ...)',
    matches: (h) => hasAll(financialHeaderAliases(h), 'CERT', 'REPDTE'),
    mapColumns: financialRecords,
  },
  {
    id: 'field-definitions',
    description: 'FDIC field definitions (Variable Name/Variable Label/Variable Definition, NAME/TITLE/DEFINITION, Variable/Title/Definition, SDI glossary)',
    matches: (h) =>
      hasAll(h, 'Variable Name', 'Variable Label') || hasAll(h, 'NAME', 'TITLE', 'DEFINITION') || hasAll(h, 'Variable', 'Title', 'Definition') || hasAll(h, 'VarName', 'ShortDescription'),
    map: (row, file) => {
      if (row.VarName !== undefined) return definition(file, row.VarName, row.ShortDescription, row.LongDescription);
      if (row['Variable Name'] !== undefined) return definition(file, row['Variable Name'], row['Variable Label'], row['Variable Definition']);
      if (row.Variable !== undefined) return definition(file, row.Variable, row.Title, row.Definition);
      return definition(file, row.NAME, row.TITLE, row.DEFINITION);
    },
  },
  {
    id: 'institutions',
    description: 'Institutions endpoint CSV (CERT, NAME, STNAME or STALP, ACTIVE, ASSET, ...)',
    matches: (h) => h.has('CERT') && hasAny(h, 'NAME', 'STNAME', 'STALP'),
    mapColumns: (batch, file) => {
      // The active-institutions export names the regulator column REGAGENT; the API calls it REGAGNT.
      const all = recordColumns(batch, (name) => (name === 'REGAGENT' ? 'REGAGNT' : name));
      const withCert = recordsWithCert(all);
      const records = withCert.length === all.size ? all : pickRows(all, withCert);
      // A record speaks for its REPDTE where it has one, else for the file's snapshot date.
      const repdtes = records.columns.get('REPDTE');
      records.columns.set('AS_OF', Array.from({ length: records.size }, (_, index) => repdtes?.[index] ?? file.date));
      return { records: [{ kind: 'institution', records, sourceRows: withCert }], skipped: batch.size - withCert.length };
    },
  },
  {
    id: 'census-api',
    description: 'Census Data API answer saved as JSON (array of arrays: NAME, ACS variables, then the CBSA or CSA geography column)',
    matches: (h) => h.has('NAME') && Object.values(censusGeography).some((geography) => h.has(geography)),
    map: (row) => {
      const kind = (Object.entries(censusGeography).find(([, geography]) => row[geography] !== undefined)?.[0] ?? 'cbsa') as CensusAreaKind;
      return [{ kind: 'census', row: censusProfileRow(profileFromCensusRow(kind, row), record(row)) }];
    },
  },
  {
    id: 'census-cbsa-economic',
    description: 'Census ACS economic profile per CBSA (cbsaCode, name, medianHouseholdIncome, povertyRate, unemploymentRate, ...)',
    matches: (h) => hasAll(h, 'cbsaCode', 'medianHouseholdIncome'),
    map: (row, file) => {
      const code = String(cell(row.cbsaCode) ?? '');
      const vintage = acsVintage(file);
      if (!isCbsaCode(code)) return [];
      const owner = percent(row.ownerOccupied);
      const renter = percent(row.renterOccupied);
      const occupied = percent(row.occupiedUnits) ?? (owner !== null && renter !== null ? owner + renter : null);
      const raw = record(row, {}, new Set(['years']));
      return [
        {
          kind: 'census',
          row: censusRow(code, row.name, `U.S. Census Bureau, ${vintage.label}: income, poverty, employment, population, age, housing`, {
            population: percent(row.totalPopulation),
            median_household_income: percent(row.medianHouseholdIncome),
            unemployment_rate: percent(row.unemploymentRate),
            poverty_rate: percent(row.povertyRate),
            renter_occupied_rate: renter !== null && occupied ? Math.round((renter / occupied) * 10_000) / 100 : null,
            median_age: percent(row.medianAge),
          }, raw, vintage.date),
        },
      ];
    },
  },
  {
    id: 'census-cbsa-race-education',
    description: 'Census ACS race, ethnicity and education shares per CBSA (cbsa_code, pct_white, pct_latino, pct_edu_baplus, ...)',
    matches: (h) => hasAll(h, 'cbsa_code', 'pct_white'),
    map: (row, file) => {
      const code = String(cell(row.cbsa_code) ?? '').padStart(5, '0');
      const vintage = acsVintage(file);
      if (!isCbsaCode(code)) return [];
      return [
        {
          kind: 'census',
          row: censusRow(code, row.cbsa_name, `U.S. Census Bureau, ${vintage.label}: race, ethnicity, education`, {
            white_non_hispanic_rate: fractionToPercent(row.pct_white),
            hispanic_or_latino_rate: fractionToPercent(row.pct_latino),
            black_or_african_american_rate: fractionToPercent(row.pct_black),
            asian_rate: fractionToPercent(row.pct_asian),
            college_educated_rate: fractionToPercent(row.pct_edu_baplus),
          }, record(row), vintage.date),
        },
      ];
    },
  },
];

/** The layout of a file from its header row, or an error naming what we can read. */
export function detectLayout(header: readonly string[], file: string): Layout {
  const names = new Set(header);
  const layout = layouts.find((candidate) => candidate.matches(names));
  if (!layout) {
    throw new Error(
      `${path.basename(file)}: the header (${header.slice(0, 8).join(', ')}${header.length > 8 ? ', ...' : ''}) matches no layout we import. ` +
        `Known layouts: ${layouts.map((candidate) => candidate.id).join(', ')}.`,
    );
  }
  return layout;
}
