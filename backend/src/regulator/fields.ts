import { financialMoneyFields, financialRatioFields, type RawRecord } from './normalise/index.ts';

/**
 * The FDIC field codes the query API understands, each bound to a curated column. This is the
 * whitelist of the filter language and of sort_by: a code not listed here can be asked for in
 * `fields` (it is read from the stored source record) but never filtered or sorted on.
 *
 * `unit: 'thousands'` marks money: stored in dollars, answered and filtered in thousands as the
 * FDIC does, so screens written against BankFind keep multiplying by 1000.
 */

export type FieldType = 'number' | 'text' | 'date' | 'flag';

export type FieldSpec = {
  code: string;
  title: string;
  /** Which table holds the column: the institution (i) or its quarterly financials (f). */
  table: 'i' | 'f';
  column: string;
  type: FieldType;
  unit?: 'thousands';
  /** A code stored upper-case (state, regulator, class): matched exactly after upper-casing the value. */
  upperCase?: boolean;
};

const institutionFields: FieldSpec[] = [
  { code: 'CERT', title: 'FDIC Certificate #', table: 'i', column: 'cert', type: 'number' },
  { code: 'NAME', title: 'Institution name', table: 'i', column: 'name', type: 'text' },
  { code: 'CITY', title: 'City', table: 'i', column: 'city', type: 'text' },
  { code: 'STALP', title: 'State alpha code', table: 'i', column: 'state', type: 'text', upperCase: true },
  { code: 'STNAME', title: 'State name', table: 'i', column: 'state_name', type: 'text' },
  { code: 'ZIP', title: 'Zip code', table: 'i', column: 'zip', type: 'text' },
  { code: 'ADDRESS', title: 'Street address', table: 'i', column: 'address', type: 'text' },
  { code: 'COUNTY', title: 'County', table: 'i', column: 'county', type: 'text' },
  { code: 'WEBADDR', title: 'Primary internet web address', table: 'i', column: 'website', type: 'text' },
  { code: 'REGAGNT', title: 'Primary regulator', table: 'i', column: 'regulator', type: 'text', upperCase: true },
  { code: 'BKCLASS', title: 'Institution class', table: 'i', column: 'charter_class', type: 'text', upperCase: true },
  { code: 'ACTIVE', title: 'Institution status (1 active)', table: 'i', column: 'active', type: 'flag' },
  { code: 'OFFICES', title: 'Number of offices', table: 'i', column: 'offices', type: 'number' },
  { code: 'CBSA_NO', title: 'Core based statistical area code', table: 'i', column: 'cbsa_code', type: 'text' },
  { code: 'CBSA', title: 'Core based statistical area name', table: 'i', column: 'cbsa_name', type: 'text' },
  { code: 'CBSANAME', title: 'Core based statistical area name, as the demographics data calls CBSA', table: 'i', column: 'cbsa_name', type: 'text' },
  { code: 'CSA_NO', title: 'Combined statistical area code', table: 'i', column: 'csa_code', type: 'text' },
  { code: 'CSA', title: 'Combined statistical area name', table: 'i', column: 'csa_name', type: 'text' },
  { code: 'MDI_STATUS_CODE', title: 'Minority status code', table: 'i', column: 'minority_status_code', type: 'number' },
  { code: 'MDI_STATUS_DESC', title: 'Minority status description', table: 'i', column: 'minority_status_desc', type: 'text' },
  { code: 'NAMEHCR', title: 'Bank holding company', table: 'i', column: 'holding_company', type: 'text' },
  { code: 'SPECGRPN', title: 'Asset concentration hierarchy', table: 'i', column: 'specialization', type: 'text' },
  { code: 'ESTYMD', title: 'Established date', table: 'i', column: 'established_date', type: 'date' },
  { code: 'INSDATE', title: 'Date of deposit insurance', table: 'i', column: 'insured_date', type: 'date' },
  { code: 'LATITUDE', title: 'Latitude', table: 'i', column: 'latitude', type: 'number' },
  { code: 'LONGITUDE', title: 'Longitude', table: 'i', column: 'longitude', type: 'number' },
];

/** Titles of the financial codes, as the FDIC's definitions word them. */
const financialTitles: Record<string, string> = {
  ASSET: 'Total assets',
  DEP: 'Total deposits',
  EQ: 'Total equity capital',
  NETINC: 'Net income (YTD)',
  NTLNLS: 'Net charge-offs, loans and leases (YTD)',
  RBCT1J: 'Tier 1 risk-based capital',
  ERNAST: 'Total earning assets',
  LNLSNET: 'Loans and leases, net',
  NALNLS: 'Nonaccrual loans and leases',
  P3ASSET: '30-89 days past due, total',
  P9ASSET: '90+ days past due, total',
  LNATRES: 'Allowance for loan and lease losses',
  DRLNLS: 'Charge-offs, loans and leases (YTD)',
  CRLNLS: 'Recoveries, loans and leases (YTD)',
  ORE: 'Other real estate owned',
  P9CRCD: '90+ days past due, credit card loans',
  P9AUTO: '90+ days past due, auto loans',
  INTINC: 'Total interest income (YTD)',
  EINTEXP: 'Total interest expense (YTD)',
  NIM: 'Net interest income (YTD)',
  NONII: 'Total noninterest income (YTD)',
  NONIX: 'Total noninterest expense (YTD)',
  IBEFTAX: 'Income before income taxes (YTD)',
  ELNATR: 'Provision for credit losses (YTD)',
  RBC: 'Total risk-based capital',
  RWAJT: 'Total risk-weighted assets',
  COREDEP: 'Core deposits',
  BRO: 'Brokered deposits',
  LNLSGR: 'Loans and leases, gross',
  LNRE: 'Real estate loans',
  LNRERES: '1-4 family residential real estate loans',
  LNRERSFM: '1-4 family residential first liens',
  LNCI: 'Commercial and industrial loans',
  LNCON: 'Consumer loans',
  LNCRCD: 'Credit card loans',
  LNAUTO: 'Auto loans',
  LNAG: 'Agricultural loans',
  LNOTHER: 'Other loans',
  LS: 'Lease financing receivables',
  P3RE: '30-89 days past due, real estate loans',
  P9RE: '90+ days past due, real estate loans',
  NARE: 'Nonaccrual real estate loans',
  DRRE: 'Real estate loan charge-offs (YTD)',
  P3CI: '30-89 days past due, C&I loans',
  P9CI: '90+ days past due, C&I loans',
  NACI: 'Nonaccrual C&I loans',
  DRCI: 'C&I loan charge-offs (YTD)',
  P3CON: '30-89 days past due, consumer loans',
  P9CON: '90+ days past due, consumer loans',
  NACON: 'Nonaccrual consumer loans',
  DRCON: 'Consumer loan charge-offs (YTD)',
  P3AG: '30-89 days past due, agricultural loans',
  P9AG: '90+ days past due, agricultural loans',
  NAAG: 'Nonaccrual agricultural loans',
  DRAG: 'Agricultural loan charge-offs (YTD)',
  ROA: 'Return on assets (%)',
  ROAQ: 'Quarterly return on assets (%)',
  ROE: 'Return on equity (%)',
  ROEQ: 'Quarterly return on equity (%)',
  NCLNLSR: 'Noncurrent loans to loans (%)',
  NTLNLSR: 'Net charge-offs to loans (%)',
  RBC1RWAJ: 'Tier 1 risk-based capital ratio (%)',
  EEFFR: 'Efficiency ratio (%)',
  NIMY: 'Net interest margin (%)',
  NIMYQ: 'Quarterly net interest margin (%)',
  LNATRESR: 'Loan loss reserve to gross loans (%)',
  RBC1AAJ: 'Tier 1 leverage ratio (%)',
  RBCRWAJ: 'Total risk-based capital ratio (%)',
  IDT1CER: 'Common equity tier 1 capital ratio (%)',
  EQV: 'Equity capital to assets (%)',
  LNLSDEPR: 'Net loans and leases to deposits (%)',
};

const financialFields: FieldSpec[] = [
  ...Object.entries(financialMoneyFields).map(([column, codes]) => ({
    code: codes[0],
    title: financialTitles[codes[0]] ?? codes[0],
    table: 'f' as const,
    column,
    type: 'number' as const,
    unit: 'thousands' as const,
  })),
  ...Object.entries(financialRatioFields).map(([column, codes]) => ({
    code: codes[0],
    title: financialTitles[codes[0]] ?? codes[0],
    table: 'f' as const,
    column,
    type: 'number' as const,
  })),
  { code: 'REPDTE', title: 'Report date (YYYYMMDD)', table: 'f', column: 'repdte', type: 'text' },
];

export const fieldCatalog: ReadonlyMap<string, FieldSpec> = new Map([...institutionFields, ...financialFields].map((field) => [field.code, field]));

/** Whether no catalog column holds this code: only such fields are kept in a row's stored source record (`raw`). */
export const isUncuratedCode = (code: string): boolean => !fieldCatalog.has(code);

/**
 * An institution or financials row whose stored source record (`raw`) keeps only the fields no
 * catalog column holds. A catalog code is always answered from its column (records, `rawData`),
 * so a second copy in `raw` would never be read; leaving it out halves what an import or a sync
 * writes per row.
 */
export function keepingUncuratedSource<Row extends { raw: RawRecord }>(row: Row): Row {
  const kept: RawRecord = {};
  for (const code in row.raw) if (isUncuratedCode(code)) kept[code] = row.raw[code];
  row.raw = kept;
  return row;
}

/**
 * Titles of the fields a stored source record (`raw`) keeps beside the catalog's, as the FDIC's
 * definitions mean them (institution_properties.yaml, risview_properties.yaml): the bank detail's raw
 * panels show every field of a record, and one without a title showed its bare code.
 */
const sourceFieldTitles: Array<{ code: string; title: string; table: 'i' | 'f' }> = [
  { code: 'CBSA_METRO_FLG', title: 'In a metropolitan statistical area (1 yes)', table: 'i' },
  { code: 'CBSA_MICRO_FLG', title: 'In a micropolitan statistical area (1 yes)', table: 'i' },
  { code: 'OFFDOM', title: 'Number of domestic offices', table: 'i' },
  { code: 'ID', title: 'Record ID (cert and report date)', table: 'f' },
  { code: 'CHBAL', title: 'Cash and balances due from depository institutions', table: 'f' },
  { code: 'SC', title: 'Securities', table: 'f' },
  { code: 'LIAB', title: 'Total liabilities', table: 'f' },
  { code: 'EQTOT', title: 'Total equity capital, including minority interests', table: 'f' },
  { code: 'INTAN', title: 'Intangible assets', table: 'f' },
  { code: 'RBCT1', title: 'Tier 1 capital (prompt corrective action)', table: 'f' },
  { code: 'NAASSET', title: 'Nonaccrual assets, total', table: 'f' },
  { code: 'LNRECONS', title: 'Construction and land development loans', table: 'f' },
  { code: 'LNREMULT', title: 'Multifamily residential real estate loans', table: 'f' },
  { code: 'LNRENRES', title: 'Nonfarm nonresidential real estate loans', table: 'f' },
  { code: 'UC', title: 'Unused commitments, total', table: 'f' },
  { code: 'LOCCOM', title: 'Commercial letters of credit', table: 'f' },
  { code: 'LOCFPSB', title: 'Financial and performance standby letters of credit', table: 'f' },
  { code: 'OBSDIR', title: 'Off-balance-sheet derivatives', table: 'f' },
  { code: 'ITAX', title: 'Applicable income taxes (YTD)', table: 'f' },
  { code: 'PTAXNETINC', title: 'Pre-tax net operating income (YTD)', table: 'f' },
];

/** Every field we store with its title and whether it is the institution's (i) or its financials' (f): the definitions when none were imported. */
export function builtInFieldDefinitions(): Array<{ code: string; title: string; table: 'i' | 'f' }> {
  return [...[...fieldCatalog.values()].map(({ code, title, table }) => ({ code, title, table })), ...sourceFieldTitles];
}

/** Code to description of every field we store, for `/fdic/field-map` when no definitions were imported. */
export function builtInFieldTitles(): Record<string, string> {
  return Object.fromEntries(builtInFieldDefinitions().map((field) => [field.code, field.title]));
}
