/**
 * Peer benchmarking rules: derived ratios, metric
 * categories with their better direction, peer averages and the comparison rows the charts draw.
 * Pure functions over normalised bank records, so they can be tested without a browser.
 */

import type { PeerCriteria } from '../../../../domain/peers.ts';
import { costOfFunds, equityToAssets, nonInterestIncomeShare, percentOf } from '../../../../domain/derived-ratios.ts';
import type { BankFigures } from '../../banks/bank.ts';

export type BetterDirection = 'higher' | 'lower';

export type PeerMetric = {
  label: string;
  better: BetterDirection;
  value: (bank: BankFigures) => number | null;
};

export type PeerCategory = { name: string; metrics: PeerMetric[] };

function numeric(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The ratios the Benchmark derives from reported amounts, as the server stores them
 * (domain/derived-ratios.ts): N/A, not 0%, for a bank whose data does not report an input.
 */
export const derivedRatios = {
  nonInterestIncomeToRevenue: (b: BankFigures) => nonInterestIncomeShare(numeric(b.interestIncome), numeric(b.nonInterestIncome)),
  costOfFunds: (b: BankFigures) => costOfFunds(b.interestExpense, b.deposits, b.repdte),
  oreoToAssets: (b: BankFigures) => percentOf(b.oreo, b.assets),
  creConcentration: (b: BankFigures) => percentOf(b.loans_re_commercial_gross, b.loans_and_leases_gross),
  brokeredDepositsRatio: (b: BankFigures) => percentOf(b.brokeredDeposits, b.deposits),
  coreDepositsRatio: (b: BankFigures) => percentOf(b.coreDeposits, b.deposits),
  nonAccrualRatio: (b: BankFigures) => percentOf(b.nonaccrualLoansAndLeases, b.loans_and_leases_gross),
  equityToAssets: (b: BankFigures) => equityToAssets(numeric(b.equityToAssetsRatio), b.totalEquity, b.assets),
};

const field =
  (key: keyof BankFigures) =>
  (bank: BankFigures): number | null =>
    numeric(bank[key]);

export const peerCategories: PeerCategory[] = [
  {
    name: 'Profitability & Efficiency',
    metrics: [
      { label: 'ROA', better: 'higher', value: field('roa') },
      { label: 'ROE', better: 'higher', value: field('roe') },
      { label: 'NIM', better: 'higher', value: field('netInterestMargin') },
      { label: 'Efficiency Ratio', better: 'lower', value: field('efficiencyRatio') },
      { label: 'Non-Int. Inc./Revenue', better: 'higher', value: derivedRatios.nonInterestIncomeToRevenue },
      { label: 'Cost of Funds', better: 'lower', value: derivedRatios.costOfFunds },
    ],
  },
  {
    name: 'Asset Quality & Credit Risk',
    metrics: [
      { label: 'Noncurrent Loans Ratio', better: 'lower', value: field('nplRatio') },
      { label: 'Non-Accrual Lns Ratio', better: 'lower', value: derivedRatios.nonAccrualRatio },
      { label: 'Net C/O Ratio', better: 'lower', value: field('netChargeOffsToLoansRatio') },
      { label: 'ALLL/Loans Ratio', better: 'higher', value: field('allowanceToLoansRatio') },
      { label: 'OREO/Assets Ratio', better: 'lower', value: derivedRatios.oreoToAssets },
      // CRE over gross loans: the share of the loan book, not the supervisory concentration over total capital (the 300% test).
      { label: 'CRE/Gross Loans Ratio', better: 'lower', value: derivedRatios.creConcentration },
    ],
  },
  {
    name: 'Capital Adequacy',
    metrics: [
      { label: 'Tier 1 Cap. Ratio', better: 'higher', value: field('tier1CapitalRatio') },
      { label: 'Tier 1 Leverage Ratio', better: 'higher', value: field('tier1LeverageRatio') },
      { label: 'CET1 Ratio', better: 'higher', value: field('commonEquityTier1Ratio') },
      { label: 'Total RBC Ratio', better: 'higher', value: field('totalRiskBasedCapitalRatio') },
      { label: 'Equity/Assets Ratio', better: 'higher', value: derivedRatios.equityToAssets },
    ],
  },
  {
    name: 'Liquidity & Funding',
    metrics: [
      { label: 'Net Lns/Deps Ratio', better: 'lower', value: field('netLoansToDepositsRatio') },
      { label: 'Brokered Deps Ratio', better: 'lower', value: derivedRatios.brokeredDepositsRatio },
      { label: 'Core Deps Ratio', better: 'higher', value: derivedRatios.coreDepositsRatio },
    ],
  },
];

/** Simple mean over the peers that have a numeric value; null when none has one. */
export function peerAverage(peers: BankFigures[], metric: PeerMetric): number | null {
  const values = peers.map(metric.value).filter((value): value is number => value !== null);
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export type ComparisonRow = {
  name: string;
  /** Null where the target has no value for the metric. */
  'Target Bank': number | null;
  /** Null where no peer has a value for the metric (the average leaves out peers without one). */
  'Peer Average': number | null;
  better: BetterDirection;
  /** Whether the target beats the peer average in the metric's better direction (null when either has no value). */
  targetIsBetter: boolean | null;
};

/** The rows of one category chart, each value defaulting to 0 where there is none. */
export function comparisonRows(category: PeerCategory, target: BankFigures, peers: BankFigures[]): ComparisonRow[] {
  return category.metrics.map((metric) => {
    const targetValue = metric.value(target);
    const average = peerAverage(peers, metric);
    const targetIsBetter =
      targetValue === null || average === null || targetValue === average
        ? null
        : metric.better === 'higher'
          ? targetValue > average
          : targetValue < average;
    return { name: metric.label, 'Target Bank': targetValue, 'Peer Average': average, better: metric.better, targetIsBetter };
  });
}

/** Every peer average by metric label, for the AI peer analysis and the PDF. */
export function peerAverages(peers: BankFigures[]): Record<string, number | null> {
  const averages: Record<string, number | null> = {};
  for (const category of peerCategories) for (const metric of category.metrics) averages[metric.label] = peerAverage(peers, metric);
  return averages;
}

export const regulatorOptions = ['All', 'FDIC', 'FRS', 'OCC'] as const;
export const charterTypeOptions = ['All', 'N', 'NM', 'SM', 'SB'] as const;
/**
 * The peer search query: asset bounds go to the server in thousands, 'All' filters are left out. The
 * peers are read for the quarter the bank's own figures are of: a bank that stopped reporting (it
 * merged) is not set beside its peers' newer year-to-date figures.
 */
export function peerSearchParams(criteria: PeerCriteria, limit: number, quarter: string): URLSearchParams {
  const params = new URLSearchParams({
    minAssets: String(Math.round(criteria.minAssets / 1000)),
    maxAssets: String(Math.round(criteria.maxAssets / 1000)),
    useFDIC: 'false',
    limit: String(limit),
    quarter,
  });
  if (criteria.state !== 'All') params.set('state', criteria.state);
  if (criteria.regulator !== 'All') params.set('regulator', criteria.regulator);
  if (criteria.charterType !== 'All') params.set('charterType', criteria.charterType);
  return params;
}

export type PeerSort = { field: 'name' | 'assets'; direction: 'asc' | 'desc' };

export function sortPeers<T extends BankFigures>(peers: T[], sort: PeerSort): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...peers].sort((a, b) =>
    sort.field === 'name'
      ? sign * (a.name ?? '').localeCompare(b.name ?? '')
      : sign * ((numeric(a.assets) ?? 0) - (numeric(b.assets) ?? 0)),
  );
}
