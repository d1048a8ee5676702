import { formatCount, formatMoney, formatPercent, listOf, quarterLabel } from './format.ts';

/**
 * A bank's fields as people read them: one wording for the screens and the PDF report, keyed by the
 * field's name in the API's bank record.
 */
export const bankFieldLabels = {
  assets: 'Total Assets',
  deposits: 'Total Deposits',
  totalEquity: 'Total Equity',
  netIncome: 'Net Income (YTD)',
  // The income statement's flows are the FDIC's sums from January 1: September's hold nine months.
  interestIncome: 'Total Interest Income (YTD)',
  interestExpense: 'Total Interest Expense (YTD)',
  netInterestIncome: 'Net Interest Income (YTD)',
  nonInterestIncome: 'Noninterest Income (YTD)',
  nonInterestExpense: 'Noninterest Expense (YTD)',
  provisionForLoanLosses: 'Provision for Credit Losses (YTD)',
  incomeBeforeTax: 'Income Before Taxes (YTD)',
  incomeTaxes: 'Applicable Income Taxes (YTD)',
  offices: '# of Offices',
  roa: 'Return on Assets (ROA)',
  roe: 'Return on Equity (ROE)',
  netInterestMargin: 'Net Interest Margin (NIM)',
  efficiencyRatio: 'Efficiency Ratio',
  nplRatio: 'Noncurrent Loans Ratio',
  netChargeOffsToLoansRatio: 'Net Charge-Off Ratio',
  allowanceToLoansRatio: 'Allowance / Loans',
  tier1CapitalRatio: 'Tier 1 Risk-Based Capital Ratio',
  tier1LeverageRatio: 'Tier 1 Leverage Ratio',
  commonEquityTier1Ratio: 'Common Equity Tier 1 Ratio',
  totalRiskBasedCapitalRatio: 'Total Risk-Based Capital Ratio',
  equityToAssetsRatio: 'Equity / Assets',
  netLoansToDepositsRatio: 'Net Loans / Deposits',
  riskScore: 'Risk Score',
} as const;

/** The bank fields the Credit Box shows (list and cards); its search answers only these (id, cert and name always come). */
export const creditBoxFields = ['city', 'state', 'assets', 'deposits', 'roa', 'nplRatio', 'tier1CapitalRatio', 'tier1Capital', 'efficiencyRatio'];

/** Who and where a tracked bank is (its `details`), as people read them. */
export const bankDetailLabels: Record<string, string> = { name: 'Name', city: 'City', state: 'State', zip: 'ZIP Code', address: 'Address', website: 'Website' };

/** How a figure of a tracked bank's snapshot is written: dollars, a ratio in percent, a count, a quarter's report date, or text as stored. */
export type BankFigureKind = 'money' | 'percent' | 'count' | 'quarter' | 'text';

const money = (label: string) => ({ label, kind: 'money' as const });
const percent = (label: string) => ({ label, kind: 'percent' as const });
const text = (label: string) => ({ label, kind: 'text' as const });

/**
 * The figures a tracked bank keeps from its newest quarter (`financials` of a tracked bank), each
 * with its label and how its value is written, the figures a person looks at first ahead.
 */
export const bankFigures: Record<string, { label: string; kind: BankFigureKind }> = {
  repdte: { label: 'Quarter', kind: 'quarter' },
  assets: money(bankFieldLabels.assets),
  deposits: money(bankFieldLabels.deposits),
  netIncome: money(bankFieldLabels.netIncome),
  roa: percent(bankFieldLabels.roa),
  nplRatio: percent(bankFieldLabels.nplRatio),
  tier1LeverageRatio: percent(bankFieldLabels.tier1LeverageRatio),
  roe: percent(bankFieldLabels.roe),
  netInterestMargin: percent(bankFieldLabels.netInterestMargin),
  efficiencyRatio: percent(bankFieldLabels.efficiencyRatio),
  totalEquity: money(bankFieldLabels.totalEquity),
  officeCount: { label: bankFieldLabels.offices, kind: 'count' },
  thirtyNinetyPD: money('30-89 Days Past Due'),
  ninetyPlusPD: money('90+ Days Past Due'),
  ccNinetyPlusDelinq: money('Credit Cards 90+ Days Past Due'),
  autoNinetyPlusDelinq: money('Auto Loans 90+ Days Past Due'),
  nonaccrualLoansAndLeases: money('Nonaccrual Loans & Leases'),
  netChargeOffs: money('Net Charge-Offs (YTD)'),
  netChargeOffsToLoansRatio: percent(bankFieldLabels.netChargeOffsToLoansRatio),
  chargeOffs: money('Charge-Offs (YTD)'),
  recoveries: money('Recoveries (YTD)'),
  allowanceForLoanLosses: money('Allowance for Credit Losses'),
  allowanceToLoansRatio: percent(bankFieldLabels.allowanceToLoansRatio),
  provisionForLoanLosses: money(bankFieldLabels.provisionForLoanLosses),
  oreo: money('Other Real Estate Owned'),
  tier1CapitalRatio: percent(bankFieldLabels.tier1CapitalRatio),
  commonEquityTier1Ratio: percent(bankFieldLabels.commonEquityTier1Ratio),
  totalRiskBasedCapitalRatio: percent(bankFieldLabels.totalRiskBasedCapitalRatio),
  equityToAssetsRatio: percent(bankFieldLabels.equityToAssetsRatio),
  netLoansToDepositsRatio: percent(bankFieldLabels.netLoansToDepositsRatio),
  tier1Capital: money('Tier 1 Capital'),
  totalRiskBasedCapital: money('Total Risk-Based Capital'),
  totalRiskWeightedAssets: money('Risk-Weighted Assets'),
  earningAssets: money('Earning Assets'),
  coreDeposits: money('Core Deposits'),
  brokeredDeposits: money('Brokered Deposits'),
  interestIncome: money(bankFieldLabels.interestIncome),
  interestExpense: money(bankFieldLabels.interestExpense),
  netInterestIncome: money(bankFieldLabels.netInterestIncome),
  nonInterestIncome: money(bankFieldLabels.nonInterestIncome),
  nonInterestExpense: money(bankFieldLabels.nonInterestExpense),
  incomeBeforeTax: money(bankFieldLabels.incomeBeforeTax),
  totalLoansAndLeases: money('Total Loans & Leases'),
  loans_and_leases_gross: money('Gross Loans & Leases'),
  loans_re_gross: money('Real Estate Loans'),
  loans_re_1_4_family_gross: money('1-4 Family Residential Loans'),
  loans_re_commercial_gross: money('Commercial Real Estate Loans'),
  loans_ci_gross: money('Commercial & Industrial Loans'),
  loans_consumer_gross: money('Consumer Loans'),
  loans_consumer_credit_card_gross: money('Credit Card Loans'),
  loans_consumer_auto_gross: money('Auto Loans'),
  loans_ag_gross: money('Agricultural Loans'),
  loans_other_gross: money('Other Loans'),
  leases_gross: money('Leases'),
  regulator: text('Regulator'),
  primaryRegulator: text('Primary Regulator'),
  charterClass: text('Charter Class'),
  minorityStatusCode: text('Minority Status Code'),
  // the metro area is spelt three ways by different screens
  cbsaName: text('Metro Area'),
  cbsa_name: text('Metro Area'),
  CBSANAME: text('Metro Area'),
};

/** A figure's label; a figure the catalogue does not know reads as its name. */
export const bankFigureLabel = (field: string): string => bankFigures[field]?.label ?? field;

/** A figure's value as the screens write it ($63.77B, 1.23%, 1,204, Q3 2025); 'N/A' when missing. */
export function formatBankFigure(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const kind = bankFigures[field]?.kind ?? 'text';
  if (kind === 'quarter') return quarterLabel(String(value));
  if (typeof value !== 'number') return String(value);
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return formatPercent(value);
  return kind === 'count' ? formatCount(value) : String(value);
}

const figureOrder = new Map(Object.keys(bankFigures).map((field, index) => [field, index]));

/** The figures named, in the catalogue's order (those a person looks at first ahead), figures it does not know last. */
export function orderedFigures(fields: string[]): string[] {
  const rank = (field: string) => figureOrder.get(field) ?? figureOrder.size;
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/**
 * Figures of a quarter in one line, the first few labelled with their values: 'Updated 62 figures
 * (Q3 2025): Total Assets $396.38M, Total Deposits $334.92M, ... and 58 more'. The quarter is what the
 * figures are of, not one of them.
 */
export function figuresInBrief(figures: Record<string, unknown>): string {
  const fields = orderedFigures(Object.keys(figures).filter((field) => field !== 'repdte'));
  if (fields.length === 0) return `Figures now of ${formatBankFigure('repdte', figures.repdte)}`;
  const quarter = figures.repdte ? ` (${formatBankFigure('repdte', figures.repdte)})` : '';
  const count = fields.length === 1 ? 'a figure' : `${fields.length} figures`;
  return `Updated ${count}${quarter}: ${listOf(fields.map((field) => `${bankFigureLabel(field)} ${formatBankFigure(field, figures[field])}`))}`;
}
