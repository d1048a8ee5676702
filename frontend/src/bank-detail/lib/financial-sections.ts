/**
 * The sections of the Financials view as data: which FDIC code each line
 * reads, how it is shown and which colour rule of domain/format.ts applies.
 */

import {
  capitalColor,
  chargeOffColor,
  concentrationColor,
  CONCENTRATION_CUTS,
  delinquencyColor,
  efficiencyColor,
  roaColor,
  type RatingColor,
} from '../../../../domain/format.ts';
import { bankFieldLabels as labels } from '../../../../domain/bank-fields.ts';
import { money, num, type RawRecord } from '../../banks/records.ts';

export type LineKind = 'money' | 'percent' | 'count';
export type FinancialLine = { label: string; kind: LineKind; value: (record: RawRecord) => number | null; rating?: (value: number | null) => RatingColor };
export type FinancialSection = { title: string; lines: FinancialLine[] };

const dollars = (code: string) => (record: RawRecord) => money(record, code);
const ratio = (code: string) => (record: RawRecord) => num(record, code);
const moneyLine = (label: string, code: string): FinancialLine => ({ label, kind: 'money', value: dollars(code) });
const percentLine = (label: string, code: string, rating?: FinancialLine['rating']): FinancialLine => ({ label, kind: 'percent', value: ratio(code), rating });

/** Net charge-offs in dollars: NTLNLS, else charge-offs minus recoveries. */
export function netChargeOffs(record: RawRecord): number | null {
  const net = money(record, 'NTLNLS');
  if (net !== null) return net;
  const debits = money(record, 'DRLNLS');
  const credits = money(record, 'CRLNLS');
  return debits === null && credits === null ? null : (debits ?? 0) - (credits ?? 0);
}

export const coreSection: FinancialSection = {
  title: 'Core Financials & Reserves',
  lines: [
    moneyLine(labels.assets, 'ASSET'),
    moneyLine(labels.deposits, 'DEP'),
    { label: labels.totalEquity, kind: 'money', value: (record) => money(record, 'EQ') ?? money(record, 'EQTOT') },
    moneyLine(labels.netIncome, 'NETINC'),
    moneyLine('Gross Loans & Leases', 'LNLSGR'),
    moneyLine('Net Loans & Leases', 'LNLSNET'),
    moneyLine('Allowance for Credit Losses', 'LNATRES'),
    moneyLine('Earning Assets', 'ERNAST'),
    { label: 'Net Charge-Offs (YTD)', kind: 'money', value: netChargeOffs },
  ],
};

export const ratioSection: FinancialSection = {
  title: 'Key Performance Ratios',
  lines: [
    percentLine(labels.roa, 'ROA', roaColor),
    percentLine(labels.roe, 'ROE'),
    percentLine(labels.netInterestMargin, 'NIMY'),
    percentLine(labels.efficiencyRatio, 'EEFFR', efficiencyColor),
    percentLine(labels.nplRatio, 'NCLNLSR', delinquencyColor),
    percentLine(labels.netChargeOffsToLoansRatio, 'NTLNLSR', chargeOffColor),
    percentLine(labels.allowanceToLoansRatio, 'LNATRESR'),
    percentLine(labels.netLoansToDepositsRatio, 'LNLSDEPR'),
    percentLine(labels.equityToAssetsRatio, 'EQV'),
  ],
};

export const balanceSheetSection: FinancialSection = {
  title: 'Balance Sheet Summary',
  lines: [
    moneyLine('Cash & Due from Banks', 'CHBAL'),
    moneyLine('Securities', 'SC'),
    moneyLine('Net Loans & Leases', 'LNLSNET'),
    moneyLine('Other Real Estate Owned', 'ORE'),
    moneyLine('Intangible Assets', 'INTAN'),
    moneyLine(labels.assets, 'ASSET'),
    moneyLine('Total Liabilities', 'LIAB'),
    moneyLine(labels.deposits, 'DEP'),
    moneyLine('Core Deposits', 'COREDEP'),
    moneyLine('Brokered Deposits', 'BRO'),
  ],
};

export const incomeSection: FinancialSection = {
  title: 'Income & Expense Statement',
  lines: [
    moneyLine(labels.interestIncome, 'INTINC'),
    moneyLine(labels.interestExpense, 'EINTEXP'),
    moneyLine(labels.netInterestIncome, 'NIM'),
    moneyLine(labels.nonInterestIncome, 'NONII'),
    moneyLine(labels.nonInterestExpense, 'NONIX'),
    moneyLine(labels.provisionForLoanLosses, 'ELNATR'),
    { label: labels.incomeBeforeTax, kind: 'money', value: (record) => money(record, 'IBEFTAX') ?? money(record, 'PTAXNETINC') },
    moneyLine(labels.incomeTaxes, 'ITAX'),
    moneyLine(labels.netIncome, 'NETINC'),
  ],
};

export const capitalSection: FinancialSection = {
  title: 'Capital Adequacy',
  lines: [
    percentLine(labels.tier1LeverageRatio, 'RBC1AAJ', capitalColor.tier1Leverage),
    percentLine(labels.tier1CapitalRatio, 'RBC1RWAJ', capitalColor.tier1RiskBased),
    percentLine(labels.commonEquityTier1Ratio, 'IDT1CER', capitalColor.commonEquityTier1),
    percentLine(labels.totalRiskBasedCapitalRatio, 'RBCRWAJ', capitalColor.totalRiskBased),
    { label: 'Tier 1 Capital', kind: 'money', value: (record) => money(record, 'RBCT1J') ?? money(record, 'RBCT1') },
    moneyLine('Risk-Weighted Assets', 'RWAJT'),
    percentLine(labels.equityToAssetsRatio, 'EQV'),
  ],
};

export const offBalanceSheetSection: FinancialSection = {
  title: 'Off-Balance Sheet Items',
  lines: [
    moneyLine('Unused Commitments', 'UC'),
    moneyLine('Standby Letters of Credit', 'LOCFPSB'),
    moneyLine('Commercial Letters of Credit', 'LOCCOM'),
    moneyLine('Off-Balance Sheet Derivatives', 'OBSDIR'),
  ],
};

/** Loan families with their share of gross loans and the concentration cut points that colour it. */
export type LoanLine = { label: string; codes: string[]; indent?: boolean; cuts: readonly [number, number, number] };

export const loanLines: LoanLine[] = [
  { label: 'Real Estate Loans', codes: ['LNRE'], cuts: CONCENTRATION_CUTS.broad },
  { label: '1-4 Family Residential', codes: ['LNRERES'], indent: true, cuts: CONCENTRATION_CUTS.broad },
  { label: 'Commercial Real Estate', codes: ['LNRENRES'], indent: true, cuts: CONCENTRATION_CUTS.moderate },
  { label: 'Construction & Land Development', codes: ['LNRECONS'], indent: true, cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Multifamily', codes: ['LNREMULT'], indent: true, cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Farmland', codes: ['LNREAG'], indent: true, cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Commercial & Industrial', codes: ['LNCI'], cuts: CONCENTRATION_CUTS.moderate },
  { label: 'Consumer Loans', codes: ['LNCON'], cuts: CONCENTRATION_CUTS.moderate },
  { label: 'Credit Cards', codes: ['LNCRCD'], indent: true, cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Auto Loans', codes: ['LNAUTO'], indent: true, cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Agricultural Loans', codes: ['LNAG'], cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Leases', codes: ['LS'], cuts: CONCENTRATION_CUTS.narrow },
  { label: 'Other Loans', codes: ['LNOTHER'], cuts: CONCENTRATION_CUTS.narrow },
];

export type LoanRow = { label: string; indent: boolean; amount: number | null; share: number | null; rating: RatingColor };

export function loanPortfolio(record: RawRecord): { gross: number | null; rows: LoanRow[] } {
  const gross = money(record, 'LNLSGR');
  const rows = loanLines.map((line) => {
    const amount = line.codes.map((code) => money(record, code)).find((value) => value !== null) ?? null;
    const share = amount !== null && gross !== null && gross > 0 ? amount / gross : null;
    return { label: line.label, indent: line.indent ?? false, amount, share, rating: concentrationColor(share, line.cuts) };
  });
  return { gross, rows };
}

/** Asset Quality & Delinquency: per loan type 30-89 days, 90+ days and nonaccrual, in dollars. */
export const assetQualityTypes = [
  { label: 'Real Estate', codes: { pastDue30: 'P3RE', pastDue90: 'P9RE', nonaccrual: 'NARE' } },
  { label: 'Commercial & Industrial', codes: { pastDue30: 'P3CI', pastDue90: 'P9CI', nonaccrual: 'NACI' } },
  { label: 'Consumer', codes: { pastDue30: 'P3CON', pastDue90: 'P9CON', nonaccrual: 'NACON' } },
  { label: 'Agriculture', codes: { pastDue30: 'P3AG', pastDue90: 'P9AG', nonaccrual: 'NAAG' } },
] as const;

export type AssetQualityRow = { label: string; pastDue30: number | null; pastDue90: number | null; nonaccrual: number | null };

export function assetQuality(record: RawRecord): { rows: AssetQualityRow[]; total: AssetQualityRow } {
  const rows = assetQualityTypes.map((type) => ({
    label: type.label,
    pastDue30: money(record, type.codes.pastDue30),
    pastDue90: money(record, type.codes.pastDue90),
    nonaccrual: money(record, type.codes.nonaccrual),
  }));
  const sum = (key: 'pastDue30' | 'pastDue90' | 'nonaccrual', totalCode: string) => {
    const reported = money(record, totalCode);
    if (reported !== null) return reported;
    const parts = rows.map((row) => row[key]).filter((value): value is number => value !== null);
    return parts.length === 0 ? null : parts.reduce((total, value) => total + value, 0);
  };
  return { rows, total: { label: 'Total', pastDue30: sum('pastDue30', 'P3ASSET'), pastDue90: sum('pastDue90', 'P9ASSET'), nonaccrual: sum('nonaccrual', 'NAASSET') } };
}

/** Slices of the asset composition chart; 'Other Assets' is what the named slices leave of total assets. */
export function assetComposition(record: RawRecord): Array<{ name: string; value: number }> {
  const total = money(record, 'ASSET');
  const named = [
    { name: 'Net Loans & Leases', value: money(record, 'LNLSNET') },
    { name: 'Securities', value: money(record, 'SC') },
    { name: 'Cash & Due from Banks', value: money(record, 'CHBAL') },
  ].filter((slice): slice is { name: string; value: number } => slice.value !== null && slice.value > 0);
  if (total === null || total <= 0) return named;
  const other = total - named.reduce((sum, slice) => sum + slice.value, 0);
  return other > 0 ? [...named, { name: 'Other Assets', value: other }] : named;
}
