import { fieldCatalog } from '../regulator/fields.ts';

/**
 * The financial measures the analyst can rank, quote and compare: each a column of one quarter's
 * financials, with the words people use for it. Money is stored in dollars; ratios are percentages
 * as the FDIC reports them. `higherIsBetter` says which end "best" and "worst" mean.
 */
export type Metric = {
  column: string;
  label: string;
  unit: 'money' | 'percent' | 'score';
  higherIsBetter: boolean;
  /** Lower-case phrases that name the metric in a question, most specific first. */
  phrases: string[];
};

const curated: Metric[] = [
  { column: 'assets', label: 'Total assets', unit: 'money', higherIsBetter: true, phrases: ['total assets', 'assets', 'asset size', 'size'] },
  { column: 'deposits', label: 'Total deposits', unit: 'money', higherIsBetter: true, phrases: ['total deposits', 'deposits'] },
  { column: 'total_equity', label: 'Total equity', unit: 'money', higherIsBetter: true, phrases: ['total equity', 'equity capital', 'equity'] },
  { column: 'net_income', label: 'Net income (YTD)', unit: 'money', higherIsBetter: true, phrases: ['net income', 'earnings', 'profit', 'most profitable'] },
  { column: 'roa', label: 'Return on assets (ROA)', unit: 'percent', higherIsBetter: true, phrases: ['return on assets', 'roa'] },
  { column: 'roe', label: 'Return on equity (ROE)', unit: 'percent', higherIsBetter: true, phrases: ['return on equity', 'roe'] },
  { column: 'net_interest_margin', label: 'Net interest margin (NIM)', unit: 'percent', higherIsBetter: true, phrases: ['net interest margin', 'nim', 'margin'] },
  { column: 'npl_ratio', label: 'Noncurrent loans to loans (NPL ratio)', unit: 'percent', higherIsBetter: false, phrases: ['npl ratio', 'non-performing', 'nonperforming', 'noncurrent', 'npl'] },
  { column: 'net_charge_offs_to_loans_ratio', label: 'Net charge-offs to loans', unit: 'percent', higherIsBetter: false, phrases: ['net charge-off ratio', 'charge-off ratio', 'net charge-offs', 'charge-offs', 'charge offs', 'chargeoffs'] },
  { column: 'tier1_capital_ratio', label: 'Tier 1 risk-based capital ratio', unit: 'percent', higherIsBetter: true, phrases: ['tier 1 capital ratio', 'tier 1 risk-based', 'tier1', 'tier 1', 'capital ratio', 'best capitalized', 'well capitalized', 'capital'] },
  { column: 'tier1_leverage_ratio', label: 'Tier 1 leverage ratio', unit: 'percent', higherIsBetter: true, phrases: ['leverage ratio', 'leverage'] },
  { column: 'common_equity_tier1_ratio', label: 'Common equity tier 1 ratio', unit: 'percent', higherIsBetter: true, phrases: ['common equity tier 1', 'cet1'] },
  { column: 'total_risk_based_capital_ratio', label: 'Total risk-based capital ratio', unit: 'percent', higherIsBetter: true, phrases: ['total risk-based capital', 'total capital ratio'] },
  { column: 'efficiency_ratio', label: 'Efficiency ratio', unit: 'percent', higherIsBetter: false, phrases: ['efficiency ratio', 'efficiency', 'most efficient', 'least efficient'] },
  { column: 'equity_to_assets_ratio', label: 'Equity to assets', unit: 'percent', higherIsBetter: true, phrases: ['equity to assets'] },
  { column: 'net_loans_to_deposits_ratio', label: 'Net loans to deposits', unit: 'percent', higherIsBetter: true, phrases: ['loans to deposits', 'loan to deposit', 'ltd ratio'] },
  { column: 'allowance_to_loans_ratio', label: 'Allowance to loans', unit: 'percent', higherIsBetter: true, phrases: ['allowance to loans', 'reserve ratio', 'loan loss reserve'] },
  { column: 'cost_of_funds', label: 'Cost of funds', unit: 'percent', higherIsBetter: false, phrases: ['cost of funds', 'funding cost'] },
  { column: 'cre_concentration', label: 'CRE loans to gross loans', unit: 'percent', higherIsBetter: false, phrases: ['cre concentration', 'commercial real estate concentration'] },
  { column: 'brokered_deposits_ratio', label: 'Brokered deposits ratio', unit: 'percent', higherIsBetter: false, phrases: ['brokered deposits'] },
  { column: 'core_deposits_ratio', label: 'Core deposits ratio', unit: 'percent', higherIsBetter: true, phrases: ['core deposits'] },
  { column: 'risk_score', label: 'Risk score', unit: 'score', higherIsBetter: false, phrases: ['risk score', 'riskiest', 'highest risk', 'risk'] },
  { column: 'loans_and_leases_gross', label: 'Loans and leases, gross', unit: 'money', higherIsBetter: true, phrases: ['total loans', 'loan book', 'loans and leases', 'lending'] },
  { column: 'loans_re_commercial_gross', label: 'Commercial real estate loans', unit: 'money', higherIsBetter: true, phrases: ['commercial real estate loans', 'cre loans'] },
  { column: 'loans_re_1_4_family_first_liens', label: '1-4 family first liens', unit: 'money', higherIsBetter: true, phrases: ['first liens', 'mortgage', 'residential'] },
  { column: 'loans_ci_gross', label: 'Commercial and industrial loans', unit: 'money', higherIsBetter: true, phrases: ['c&i loans', 'commercial and industrial', 'c&i'] },
  { column: 'loans_consumer_auto_gross', label: 'Auto loans', unit: 'money', higherIsBetter: true, phrases: ['auto loans', 'auto lending', 'auto'] },
  { column: 'loans_consumer_credit_card_gross', label: 'Credit card loans', unit: 'money', higherIsBetter: true, phrases: ['credit card loans', 'credit cards', 'credit card'] },
  { column: 'loans_ag_gross', label: 'Agricultural loans', unit: 'money', higherIsBetter: true, phrases: ['agricultural loans', 'agricultural', 'farm loans'] },
];

/** Every financial field of the catalogue not curated above, by its FDIC title: the metric picker inserts these titles. */
const catalogued: Metric[] = [...fieldCatalog.values()]
  .filter((field) => field.table === 'f' && field.type === 'number' && !curated.some((metric) => metric.column === field.column))
  .map((field) => ({
    column: field.column,
    label: field.title,
    unit: field.unit === 'thousands' ? 'money' : 'percent',
    higherIsBetter: true,
    phrases: [field.title.toLowerCase()],
  }));

export const metrics: readonly Metric[] = [...curated, ...catalogued];
const byColumn = new Map(metrics.map((metric) => [metric.column, metric]));

/** Phrase to metric, longest phrase first so 'tier 1 leverage' wins over 'tier 1'. */
const phraseIndex: Array<[string, Metric]> = metrics
  .flatMap((metric) => [...metric.phrases, metric.label.toLowerCase()].map((phrase) => [phrase, metric] as [string, Metric]))
  .concat(
    [...fieldCatalog.values()]
      .filter((field) => field.table === 'f' && byColumn.has(field.column))
      .flatMap((field) => [[field.title.toLowerCase(), byColumn.get(field.column)!] as [string, Metric], [field.code.toLowerCase(), byColumn.get(field.column)!] as [string, Metric]]),
  )
  .sort((a, b) => b[0].length - a[0].length);

export function metricByColumn(column: string): Metric | undefined {
  return byColumn.get(column);
}

/** The metric a text names (a column name, an FDIC code, a title or a common phrase), with where it was found. */
export function findMetric(text: string): { metric: Metric; phrase: string } | null {
  const lower = text.toLowerCase();
  const direct = byColumn.get(lower.trim());
  if (direct) return { metric: direct, phrase: lower.trim() };
  for (const [phrase, metric] of phraseIndex) {
    const at = wordIndex(lower, phrase);
    if (at >= 0) return { metric, phrase };
  }
  return null;
}

/** Index of `phrase` in `text` as whole words (so 'roa' is not found in 'broad'), or -1. */
export function wordIndex(text: string, phrase: string): number {
  let from = 0;
  for (;;) {
    const at = text.indexOf(phrase, from);
    if (at < 0) return -1;
    const before = at === 0 ? '' : text[at - 1];
    const after = text[at + phrase.length] ?? '';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return at;
    from = at + 1;
  }
}

/** Metrics the analysis of one bank quotes, in reading order. */
export const profileColumns = [
  'assets', 'deposits', 'net_income', 'roa', 'roe', 'net_interest_margin', 'efficiency_ratio', 'npl_ratio',
  'net_charge_offs_to_loans_ratio', 'tier1_capital_ratio', 'tier1_leverage_ratio', 'equity_to_assets_ratio', 'net_loans_to_deposits_ratio', 'risk_score',
] as const;

/** Metrics a peer comparison sets side by side (ratios only: sizes differ by design within a peer group). */
export const peerColumns = [
  'roa', 'roe', 'net_interest_margin', 'efficiency_ratio', 'npl_ratio', 'net_charge_offs_to_loans_ratio', 'tier1_capital_ratio',
  'tier1_leverage_ratio', 'equity_to_assets_ratio', 'net_loans_to_deposits_ratio', 'cost_of_funds',
] as const;
