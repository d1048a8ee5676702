/**
 * "My Targets Portfolio Analysis" and "Loan Portfolio Snapshot" of the Dashboard:
 * aggregates over the user's target banks (normalised snapshots, money in dollars).
 */

export type TargetSnapshot = {
  assets?: number | null;
  roa?: number | null;
  nplRatio?: number | null;
  tier1CapitalRatio?: number | null;
  loans_re_1_4_family_gross?: number | null;
  loans_re_commercial_gross?: number | null;
  loans_re_gross?: number | null;
  loans_ci_gross?: number | null;
  loans_consumer_credit_card_gross?: number | null;
  loans_consumer_auto_gross?: number | null;
  loans_consumer_gross?: number | null;
  loans_ag_gross?: number | null;
  loans_other_gross?: number | null;
  leases_gross?: number | null;
};

export type AssetBucket = { label: string; count: number };

export type PortfolioSummary = {
  count: number;
  totalAssets: number;
  avgRoa: number | null;
  avgNplRatio: number | null;
  avgTier1Ratio: number | null;
  /** How many target banks reported each averaged ratio. */
  banksReporting: { roa: number; nplRatio: number; tier1Ratio: number };
  assetBuckets: AssetBucket[];
};

const ONE_BILLION = 1e9;
const TEN_BILLION = 1e10;

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** How many of the values are present. */
function presentCount(values: Array<number | null | undefined>): number {
  return values.filter(finite).length;
}

/** Mean of the values that are present; null when none is. */
export function averageOf(values: Array<number | null | undefined>): number | null {
  const present = values.filter(finite);
  return present.length ? present.reduce((sum, value) => sum + value, 0) / present.length : null;
}

export function portfolioSummary(banks: readonly TargetSnapshot[]): PortfolioSummary {
  const buckets = { under: 0, middle: 0, over: 0 };
  for (const bank of banks) {
    if (!finite(bank.assets)) continue;
    if (bank.assets < ONE_BILLION) buckets.under += 1;
    else if (bank.assets <= TEN_BILLION) buckets.middle += 1;
    else buckets.over += 1;
  }
  const roa = banks.map((bank) => bank.roa);
  const nplRatio = banks.map((bank) => bank.nplRatio);
  const tier1Ratio = banks.map((bank) => bank.tier1CapitalRatio);
  return {
    count: banks.length,
    totalAssets: banks.reduce((sum, bank) => sum + (finite(bank.assets) ? bank.assets : 0), 0),
    avgRoa: averageOf(roa),
    avgNplRatio: averageOf(nplRatio),
    avgTier1Ratio: averageOf(tier1Ratio),
    banksReporting: { roa: presentCount(roa), nplRatio: presentCount(nplRatio), tier1Ratio: presentCount(tier1Ratio) },
    assetBuckets: [
      { label: 'Under $1B', count: buckets.under },
      { label: '$1B to $10B', count: buckets.middle },
      { label: 'Over $10B', count: buckets.over },
    ],
  };
}

export type LoanSlice = { key: string; label: string; amount: number };

const sum = (banks: readonly TargetSnapshot[], pick: (bank: TargetSnapshot) => number | null | undefined) =>
  banks.reduce((total, bank) => {
    const value = pick(bank);
    return total + (finite(value) ? value : 0);
  }, 0);

/**
 * Aggregated loan composition of the targets. Real estate other than 1-4 family and commercial, and
 * consumer loans other than cards and auto, are the remainders of their family totals (never negative).
 */
export function loanComposition(banks: readonly TargetSnapshot[]): LoanSlice[] {
  const residential = sum(banks, (b) => b.loans_re_1_4_family_gross);
  const commercialRe = sum(banks, (b) => b.loans_re_commercial_gross);
  const realEstate = sum(banks, (b) => b.loans_re_gross);
  const cards = sum(banks, (b) => b.loans_consumer_credit_card_gross);
  const auto = sum(banks, (b) => b.loans_consumer_auto_gross);
  const consumer = sum(banks, (b) => b.loans_consumer_gross);
  const slices: LoanSlice[] = [
    { key: 'residential', label: '1-4 Family Residential', amount: residential },
    { key: 'commercialRealEstate', label: 'Commercial Real Estate', amount: commercialRe },
    { key: 'otherRealEstate', label: 'Other Real Estate', amount: Math.max(0, realEstate - residential - commercialRe) },
    { key: 'ci', label: 'C&I', amount: sum(banks, (b) => b.loans_ci_gross) },
    { key: 'creditCard', label: 'Credit Card', amount: cards },
    { key: 'auto', label: 'Auto', amount: auto },
    { key: 'otherConsumer', label: 'Other Consumer', amount: Math.max(0, consumer - cards - auto) },
    { key: 'ag', label: 'Agricultural', amount: sum(banks, (b) => b.loans_ag_gross) },
    { key: 'other', label: 'Other Loans', amount: sum(banks, (b) => b.loans_other_gross) },
    { key: 'leases', label: 'Leases', amount: sum(banks, (b) => b.leases_gross) },
  ];
  return slices.filter((slice) => slice.amount > 0);
}

/** Loan family keys of the dashboard answer and their labels. */
export const loanFamilies = [
  { key: 're', label: 'Real Estate', short: 'Real Estate' },
  { key: 'ci', label: 'Commercial & Industrial', short: 'C&I' },
  { key: 'consumer', label: 'Consumer', short: 'Consumer' },
  { key: 'ag', label: 'Agricultural', short: 'Agriculture' },
] as const;
