/**
 * The one catalogue of email placeholders: the picker lists it, the docs show it, the renderer
 * resolves names against it. Each placeholder says where its value comes from, so values are built
 * by one generic function (values.ts) and never by a hand-written list that could drift.
 */

/** How a value is shown: a bare `{{name}}` of a money, percent, date or count placeholder is formatted by kind. */
export type PlaceholderKind = 'text' | 'money' | 'percent' | 'date' | 'count';

/** Where a value comes from. Bank fields are the normalised bank (money in dollars); raw codes are regulator field codes (money in thousands). */
export type PlaceholderSource =
  | { from: 'contact'; field: 'name' | 'firstName' | 'lastName' | 'title' | 'email' | 'phone' | 'linkedinUrl' }
  | { from: 'sender'; field: 'name' | 'email' }
  | { from: 'today' }
  | { from: 'bank'; field: string }
  | { from: 'raw'; code: string; thousands: boolean }
  | { from: 'analysis'; field: 'summary' | 'risk' };

export type Placeholder = {
  name: string;
  label: string;
  description: string;
  kind: PlaceholderKind;
  /** A plausible value for previews and docs, as the data holds it (dollars, percent units, ISO dates). */
  sample: string | number;
  source: PlaceholderSource;
};

export type PlaceholderGroup = { id: string; label: string; placeholders: Placeholder[] };

type Row = [name: string, label: string, description: string, kind: PlaceholderKind, sample: string | number, source: PlaceholderSource];

const bank = (field: string): PlaceholderSource => ({ from: 'bank', field });
const raw = (code: string): PlaceholderSource => ({ from: 'raw', code, thousands: true });

function group(id: string, label: string, rows: Row[]): PlaceholderGroup {
  return { id, label, placeholders: rows.map(([name, label, description, kind, sample, source]) => ({ name, label, description, kind, sample, source })) };
}

export const placeholderCatalogue: PlaceholderGroup[] = [
  group('contact', 'Contact and user', [
    ['contactName', 'Contact name', "The contact's full name.", 'text', 'Jane Doe', { from: 'contact', field: 'name' }],
    ['contactFirstName', 'Contact first name', "The first word of the contact's name.", 'text', 'Jane', { from: 'contact', field: 'firstName' }],
    ['contactLastName', 'Contact last name', "The last word of the contact's name.", 'text', 'Doe', { from: 'contact', field: 'lastName' }],
    ['contactTitle', 'Contact title', "The contact's job title.", 'text', 'Chief Financial Officer', { from: 'contact', field: 'title' }],
    ['contactEmail', 'Contact email', "The contact's email address.", 'text', 'jane.doe@firstbank.example', { from: 'contact', field: 'email' }],
    ['contactPhone', 'Contact phone', "The contact's phone number.", 'text', '(555) 010-2030', { from: 'contact', field: 'phone' }],
    ['contactLinkedIn', 'Contact LinkedIn', "The contact's LinkedIn profile address.", 'text', 'https://www.linkedin.com/in/janedoe', { from: 'contact', field: 'linkedinUrl' }],
    ['senderName', 'Your name', 'Your full name, else your email; [Your Name] when neither is known.', 'text', 'Alex Morgan', { from: 'sender', field: 'name' }],
    ['senderEmail', 'Your email', 'The email address you signed in with.', 'text', 'alex@charterline.example', { from: 'sender', field: 'email' }],
    ['today', "Today's date", 'The date the email is written.', 'date', '2026-11-25', { from: 'today' }],
  ]),
  group('institution', 'Institution and location', [
    ['bankName', 'Bank name', "The institution's name.", 'text', 'First Community Bank', bank('name')],
    ['cert', 'FDIC certificate', 'The FDIC certificate number that identifies the bank.', 'text', '12345', bank('cert')],
    ['city', 'City', 'City of the main office.', 'text', 'Springfield', bank('city')],
    ['state', 'State', 'State abbreviation of the main office.', 'text', 'IL', bank('state')],
    ['stateName', 'State name', 'State name of the main office.', 'text', 'Illinois', bank('stateName')],
    ['zip', 'ZIP code', 'ZIP code of the main office.', 'text', '62701', bank('zip')],
    ['address', 'Address', 'Street address of the main office.', 'text', '100 Main Street', bank('address')],
    ['county', 'County', 'County of the main office.', 'text', 'Sangamon', bank('county')],
    ['website', 'Website', "The bank's website.", 'text', 'www.firstcommunity.example', bank('website')],
    ['regulator', 'Regulator', 'Primary federal regulator (FDIC, FRS or OCC).', 'text', 'FDIC', bank('regulator')],
    ['charterClass', 'Charter class', 'FDIC charter class (N, NM, SM, SB...).', 'text', 'NM', bank('charterClass')],
    ['holdingCompany', 'Holding company', 'The holding company, if any.', 'text', 'First Community Bancorp', bank('holdingCompany')],
    ['specialization', 'Specialization', 'Asset concentration group.', 'text', 'Commercial Lending', bank('specialization')],
    ['officeCount', 'Offices', 'Number of offices.', 'count', 12, bank('officeCount')],
    ['metroArea', 'Metro area', 'Core-based statistical area.', 'text', 'Springfield, IL', bank('cbsa_name')],
    ['establishedDate', 'Established', 'Date the bank was established.', 'date', '1921-04-01', bank('establishedDate')],
    ['reportDate', 'Report date', 'Quarter end of the figures.', 'date', '2026-06-30', bank('repdte')],
    ['riskCategory', 'Risk category', 'Risk category from ROA, NPL ratio and Tier 1 capital.', 'text', 'Low', bank('riskCategory')],
  ]),
  group('ai', 'AI analysis', [
    ['aiSummary', 'AI summary', 'The saved AI summary of the bank, when one was generated.', 'text', 'First Community Bank is a well-capitalised commercial lender...', { from: 'analysis', field: 'summary' }],
    ['aiRiskAnalysis', 'AI risk analysis', 'The saved AI risk commentary, when one was generated.', 'text', 'Credit quality is stable; watch CRE concentration.', { from: 'analysis', field: 'risk' }],
  ]),
  group('ratios', 'Key ratios', [
    ['roa', 'Return on assets', 'Net income as a percent of average assets (year to date).', 'percent', 1.12, bank('roa')],
    ['roe', 'Return on equity', 'Net income as a percent of average equity.', 'percent', 11.4, bank('roe')],
    ['netInterestMargin', 'Net interest margin', 'Net interest income as a percent of earning assets.', 'percent', 3.45, bank('netInterestMargin')],
    ['efficiencyRatio', 'Efficiency ratio', 'Non-interest expense as a percent of revenue (lower is better).', 'percent', 58.2, bank('efficiencyRatio')],
    ['loanToDepositRatio', 'Loan-to-deposit ratio', 'Net loans as a percent of deposits.', 'percent', 82.5, bank('netLoansToDepositsRatio')],
    ['equityToAssetsRatio', 'Equity to assets', 'Equity capital as a percent of assets.', 'percent', 10.1, bank('equityToAssetsRatio')],
    ['costOfFunds', 'Cost of funds', 'Interest expense of the year to date, annualised, as a percent of deposits.', 'percent', 1.85, bank('costOfFunds')],
  ]),
  group('balanceSheet', 'Balance sheet', [
    ['totalAssets', 'Total assets', 'Total assets in dollars.', 'money', 1_234_000_000, bank('assets')],
    ['totalDeposits', 'Total deposits', 'Total deposits in dollars.', 'money', 1_050_000_000, bank('deposits')],
    ['totalEquity', 'Total equity', 'Total equity capital in dollars.', 'money', 124_000_000, bank('totalEquity')],
    ['totalLoans', 'Net loans and leases', 'Net loans and leases in dollars.', 'money', 860_000_000, bank('totalLoansAndLeases')],
    ['earningAssets', 'Earning assets', 'Assets that earn interest, in dollars.', 'money', 1_120_000_000, bank('earningAssets')],
    ['coreDeposits', 'Core deposits', 'Core deposits in dollars.', 'money', 910_000_000, bank('coreDeposits')],
    ['brokeredDeposits', 'Brokered deposits', 'Brokered deposits in dollars.', 'money', 25_000_000, bank('brokeredDeposits')],
    ['otherRealEstateOwned', 'Other real estate owned', 'Foreclosed real estate in dollars.', 'money', 1_200_000, bank('oreo')],
  ]),
  group('incomeStatement', 'Income statement', [
    ['netIncome', 'Net income', 'Net income (year to date) in dollars.', 'money', 13_800_000, bank('netIncome')],
    ['interestIncome', 'Interest income', 'Total interest income in dollars.', 'money', 52_000_000, bank('interestIncome')],
    ['interestExpense', 'Interest expense', 'Total interest expense in dollars.', 'money', 14_500_000, bank('interestExpense')],
    ['netInterestIncome', 'Net interest income', 'Interest income less interest expense, in dollars.', 'money', 37_500_000, bank('netInterestIncome')],
    ['nonInterestIncome', 'Non-interest income', 'Fees and other non-interest income in dollars.', 'money', 8_200_000, bank('nonInterestIncome')],
    ['nonInterestExpense', 'Non-interest expense', 'Salaries, premises and other non-interest expense in dollars.', 'money', 26_600_000, bank('nonInterestExpense')],
    ['incomeBeforeTax', 'Income before tax', 'Pre-tax income in dollars.', 'money', 17_400_000, bank('incomeBeforeTax')],
    ['provisionForLoanLosses', 'Provision for loan losses', 'Provision for credit losses in dollars.', 'money', 2_100_000, bank('provisionForLoanLosses')],
  ]),
  group('assetQuality', 'Asset quality and delinquency', [
    ['nplRatio', 'Noncurrent loan ratio', 'Noncurrent loans as a percent of loans.', 'percent', 0.84, bank('nplRatio')],
    ['nonaccrualRatio', 'Nonaccrual ratio', 'Nonaccrual loans as a percent of loans.', 'percent', 0.61, bank('nonaccrualRatio')],
    ['netChargeOffRatio', 'Net charge-off ratio', 'Net charge-offs as a percent of loans.', 'percent', 0.22, bank('netChargeOffsToLoansRatio')],
    ['allowanceToLoansRatio', 'Allowance to loans', 'Loan loss allowance as a percent of loans.', 'percent', 1.3, bank('allowanceToLoansRatio')],
    ['nonaccrualLoans', 'Nonaccrual loans', 'Nonaccrual loans and leases in dollars.', 'money', 5_300_000, bank('nonaccrualLoansAndLeases')],
    ['pastDue30To89', 'Past due 30-89 days', 'Loans 30 to 89 days past due, in dollars.', 'money', 4_100_000, bank('thirtyNinetyPD')],
    ['pastDue90Plus', 'Past due 90+ days', 'Loans 90 days or more past due, in dollars.', 'money', 1_900_000, bank('ninetyPlusPD')],
    ['netChargeOffs', 'Net charge-offs', 'Charge-offs less recoveries, in dollars.', 'money', 1_800_000, bank('netChargeOffs')],
    ['allowanceForLoanLosses', 'Allowance for loan losses', 'Loan loss reserve in dollars.', 'money', 11_200_000, bank('allowanceForLoanLosses')],
    ['oreoToAssets', 'OREO to assets', 'Other real estate owned as a percent of assets.', 'percent', 0.1, bank('oreoToAssets')],
  ]),
  group('capital', 'Capital adequacy', [
    ['tier1CapitalRatio', 'Tier 1 risk-based capital ratio', 'Tier 1 capital as a percent of risk-weighted assets.', 'percent', 13.6, bank('tier1CapitalRatio')],
    ['tier1LeverageRatio', 'Tier 1 leverage ratio', 'Tier 1 capital as a percent of average assets.', 'percent', 9.8, bank('tier1LeverageRatio')],
    ['totalCapitalRatio', 'Total risk-based capital ratio', 'Total capital as a percent of risk-weighted assets.', 'percent', 14.8, bank('totalRiskBasedCapitalRatio')],
    ['commonEquityTier1Ratio', 'Common equity Tier 1 ratio', 'CET1 capital as a percent of risk-weighted assets.', 'percent', 13.6, bank('commonEquityTier1Ratio')],
    ['tier1Capital', 'Tier 1 capital', 'Tier 1 capital in dollars.', 'money', 118_000_000, bank('tier1Capital')],
    ['totalRiskBasedCapital', 'Total risk-based capital', 'Total risk-based capital in dollars.', 'money', 129_000_000, bank('totalRiskBasedCapital')],
    ['riskWeightedAssets', 'Risk-weighted assets', 'Risk-weighted assets in dollars.', 'money', 870_000_000, bank('totalRiskWeightedAssets')],
  ]),
  group('loanPortfolio', 'Loan portfolio', [
    ['grossLoans', 'Gross loans and leases', 'Loans and leases before the allowance, in dollars.', 'money', 871_000_000, bank('loans_and_leases_gross')],
    ['realEstateLoans', 'Real estate loans', 'Loans secured by real estate, in dollars.', 'money', 540_000_000, bank('loans_re_gross')],
    ['residentialLoans', '1-4 family residential loans', 'Residential mortgages (1-4 family), in dollars.', 'money', 210_000_000, bank('loans_re_1_4_family_gross')],
    ['commercialRealEstateLoans', 'Commercial real estate loans', 'Nonfarm nonresidential, multifamily and construction loans, in dollars.', 'money', 300_000_000, bank('loans_re_commercial_gross')],
    ['commercialLoans', 'Commercial and industrial loans', 'C&I loans in dollars.', 'money', 180_000_000, bank('loans_ci_gross')],
    ['consumerLoans', 'Consumer loans', 'Loans to individuals, in dollars.', 'money', 60_000_000, bank('loans_consumer_gross')],
    ['creditCardLoans', 'Credit card loans', 'Credit card balances, in dollars.', 'money', 4_000_000, bank('loans_consumer_credit_card_gross')],
    ['autoLoans', 'Auto loans', 'Automobile loans, in dollars.', 'money', 22_000_000, bank('loans_consumer_auto_gross')],
    ['agriculturalLoans', 'Agricultural loans', 'Loans to finance agricultural production, in dollars.', 'money', 15_000_000, bank('loans_ag_gross')],
    ['creConcentration', 'CRE loans to gross loans', 'Commercial real estate loans (construction, multifamily and nonfarm nonresidential) as a percent of gross loans and leases.', 'percent', 35.4, bank('creConcentration')],
  ]),
  group('offBalanceSheet', 'Off-balance sheet', [
    ['unusedCommitments', 'Unused commitments', 'Unused portions of commitments to lend, in dollars.', 'money', 145_000_000, raw('UC')],
    ['unusedCreCommitments', 'Unused CRE commitments', 'Unused commitments for commercial real estate and construction, in dollars.', 'money', 38_000_000, raw('UCCOMRE')],
    ['unusedCreditCardLines', 'Unused credit card lines', 'Unused credit card lines, in dollars.', 'money', 21_000_000, raw('UCCRCD')],
    ['standbyLettersOfCredit', 'Standby letters of credit', 'Financial and performance standby letters of credit, in dollars.', 'money', 9_500_000, raw('LOCFPSB')],
    ['derivativesNotional', 'Derivatives (notional)', 'Notional amount of derivative contracts, in dollars.', 'money', 40_000_000, raw('OBSDIR')],
    ['otherOffBalanceSheet', 'Other off-balance sheet liabilities', 'All other off-balance sheet liabilities, in dollars.', 'money', 600_000, raw('OTHOFFBS')],
  ]),
];

/** Every placeholder, by its lower-case name: names are matched case-insensitively. */
export const placeholdersByLowerName: ReadonlyMap<string, Placeholder> = new Map(
  placeholderCatalogue.flatMap((entry) => entry.placeholders).map((placeholder) => [placeholder.name.toLowerCase(), placeholder]),
);

/** What the picker inserts: bare names are formatted by their kind, so one form serves every placeholder. */
export const insertionFor = (placeholder: Pick<Placeholder, 'name'>): string => `{{${placeholder.name}}}`;
