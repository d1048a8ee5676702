/**
 * A bank's fields as people read them: one wording for the screens and the PDF report, keyed by the
 * field's name in the API's bank record.
 */
export const bankFieldLabels = {
  assets: 'Total Assets',
  deposits: 'Total Deposits',
  totalEquity: 'Total Equity',
  netIncome: 'Net Income (YTD)',
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
