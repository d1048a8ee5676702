import type { Knex } from 'knex';
import { mergedRecord } from '../merged-record.ts';
import { fieldCatalog } from './fields.ts';
import { financialMoneyFields, financialRatioFields, type RawRecord } from './normalise/index.ts';
import { assessRisk } from '../../../domain/risk.ts';

/**
 * The normalised bank (camelCase, money in dollars) built from an institution
 * row joined with one quarter of financials. Credit box results, peers and spotlight lists use it.
 */

export const institutionColumns = [
  'cert', 'name', 'city', 'state', 'state_name', 'zip', 'address', 'county', 'website', 'regulator', 'charter_class', 'active',
  'offices', 'cbsa_code', 'cbsa_name', 'csa_code', 'csa_name', 'is_metro', 'is_micro', 'minority_status_code',
  'minority_status_desc', 'holding_company', 'specialization', 'established_date', 'insured_date', 'latitude', 'longitude', 'is_demo',
];
/**
 * Figures an institutions file also gives (ASSET, ROA, ROAQ, ...). They are shown only for a bank
 * with no financials at all: a bank with financials shows those of its quarter, and a figure its
 * financials lack stays blank rather than showing an older file's value.
 */
export const institutionFigures = ['assets', 'deposits', 'total_equity', 'net_income', 'roa', 'roaq', 'roe'];

/**
 * SQL: an institution's own figure where no financials speak for a later date (the bank has none,
 * or only older ones, such as a failed bank's 2008 SDI row beside a 2024 institutions file), else null.
 */
export const institutionFigureExpression = (column: string) =>
  `case when i.financials_repdte is null or i.financials_repdte < substr(i.as_of->>'${column}', 2) then i.${column} end`;

/** SQL: a figure of the quarter's financials `f`, else the institution's own where it is current (above). */
export const figureExpression = (column: string) => `coalesce(f.${column}, ${institutionFigureExpression(column)})`;
const derivedColumns = [
  'loans_re_commercial_gross', 'non_interest_income_to_revenue', 'cost_of_funds', 'oreo_to_assets', 'cre_concentration',
  'brokered_deposits_ratio', 'core_deposits_ratio', 'nonaccrual_ratio', 'risk_score',
];
export const financialColumns = [...Object.keys(financialMoneyFields), ...Object.keys(financialRatioFields), ...derivedColumns];

/** Select list for `fdic_institutions as i` left-joined with `fdic_financials as f`; figures fall back to the institution's own. */
export function bankSelection(knex: Knex, options: { raw?: boolean } = {}): Knex.Raw[] {
  const selections = institutionColumns.map((column) => knex.raw('i.?? as ??', [column, column]));
  for (const column of financialColumns) {
    const expression = institutionFigures.includes(column) ? figureExpression(column) : `f.${column}`;
    selections.push(knex.raw(`${expression} as ??`, [column]));
  }
  selections.push(knex.raw('f.repdte as repdte'));
  if (options.raw) selections.push(knex.raw('i.raw as institution_raw'), knex.raw('f.raw as financials_raw'));
  return selections;
}

/**
 * `bankSelection` over rows already in memory (a snapshot's institution and quarter columns, whose
 * institution figures hold `institutionFigureExpression`), same columns, same order.
 */
export function bankRowOf(institution: Record<string, unknown>, financials: Record<string, unknown> | null): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of institutionColumns) row[column] = institution[column];
  for (const column of financialColumns) {
    row[column] = (financials?.[column] ?? (institutionFigures.includes(column) ? institution[column] : null)) ?? null;
  }
  row.repdte = financials?.repdte ?? null;
  return row;
}

/** Spec names that are not the plain camelCase of the column. */
const renamed: Record<string, string> = {
  offices: 'officeCount',
  thirty_ninety_pd: 'thirtyNinetyPD',
  ninety_plus_pd: 'ninetyPlusPD',
  charter_class: 'charterClass',
  is_demo: 'isDemo',
  is_metro: 'isMetro',
  is_micro: 'isMicro',
};
/** Kept in snake_case, as the screens and the public API name them. */
const keptSnake = new Set(['cbsa_name', 'cbsa_code', 'csa_name', 'csa_code']);

const camelNames = new Map<string, string>();
/** The API name of a column (memoised: every bank of every list goes through it). */
function apiName(column: string): string {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.startsWith('loans_') || column === 'leases_gross' || keptSnake.has(column) ? column : (renamed[column] ?? column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()));
    camelNames.set(column, name);
  }
  return name;
}

/** BankFind-style record (field codes, money in thousands) from a bank row, for `rawData`. */
export function fdicRecordOf(row: Record<string, unknown>): RawRecord {
  const record: RawRecord = mergedRecord(row.institution_raw as RawRecord | null, row.financials_raw as RawRecord | null);
  for (const field of fieldCatalog.values()) {
    const value = row[field.column];
    if (value === undefined) continue;
    if (field.unit === 'thousands') record[field.code] = typeof value === 'number' ? value / 1000 : null;
    else if (field.type === 'flag') record[field.code] = value ? 1 : 0;
    else record[field.code] = value ?? null;
  }
  return record;
}

export type Bank = Record<string, unknown> & { id: number; cert: number; name: string };

export function toBank(row: Record<string, unknown>): Bank {
  const bank: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column === 'institution_raw' || column === 'financials_raw') continue;
    bank[apiName(column)] = value;
  }
  bank.id = row.cert;
  bank.primaryRegulator = row.regulator;
  bank.minorityStatusCode = row.minority_status_code;
  bank.nonAccrualRatio = row.nonaccrual_ratio;
  const risk = assessRisk({ roa: row.roa as number | null, nplRatio: row.npl_ratio as number | null, tier1CapitalRatio: row.tier1_capital_ratio as number | null });
  bank.riskScore = risk?.score ?? null;
  bank.riskCategory = risk?.category ?? null;
  if (row.institution_raw !== undefined || row.financials_raw !== undefined) bank.rawData = fdicRecordOf(row);
  return bank as Bank;
}

/** Every field name of a normalised bank (without `rawData`): what a sparse field list may ask for. */
export const bankFieldNames: ReadonlySet<string> = new Set(Object.keys(toBank(bankRowOf({}, null))));

/** A bank with only the fields asked for, and always its id, cert and name. */
export function pickBankFields(bank: Bank, fields: readonly string[] | undefined): Bank {
  if (!fields) return bank;
  const picked: Record<string, unknown> = { id: bank.id, cert: bank.cert, name: bank.name };
  for (const field of fields) picked[field] = bank[field];
  return picked as Bank;
}

/** A bank of the regulator mirror with its newest quarter's figures and its regulator record (for codes the normalised bank lacks). */
export async function latestBank(knex: Knex, cert: number): Promise<Bank | undefined> {
  const row = await knex('fdic_institutions as i')
    .leftJoin('fdic_financials as f', (join) => join.on('f.cert', '=', 'i.cert').andOn('f.repdte', '=', knex.raw('(select max(repdte) from fdic_financials where cert = ?)', [cert])))
    .where('i.cert', cert)
    .first(bankSelection(knex, { raw: true }));
  return row ? toBank(row) : undefined;
}
