import { type Columns, columnsOfRows, pickRows } from '../engine/columns.ts';
import { assessRisk } from '../../../../domain/risk.ts';
import { costOfFunds, equityToAssets, nonInterestIncomeShare, percentOf } from '../../../../domain/derived-ratios.ts';
import { type NormalisedBatch, type RawRecord, acceptCerts, onlyRow, parseFdicDate, remembering, sourceRecords, thousandsToDollars, toNumber } from './values.ts';

/** fdic_financials rows from financials-endpoint records (one bank, one quarter each): money in dollars, ratios as given. */

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
  rows.set('non_interest_income_to_revenue', eachRecord(size, (index) => nonInterestIncomeShare(interestIncome[index], nonInterestIncome[index])));
  const interestExpense = numbers('interest_expense');
  const deposits = numbers('deposits');
  rows.set('cost_of_funds', eachRecord(size, (index) => costOfFunds(interestExpense[index], deposits[index], reportDates[index])));
  const reportedEquityToAssets = numbers('equity_to_assets_ratio');
  const totalEquity = numbers('total_equity');
  const assets = numbers('assets');
  rows.set('equity_to_assets_ratio', eachRecord(size, (index) => equityToAssets(reportedEquityToAssets[index], totalEquity[index], assets[index])));
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
