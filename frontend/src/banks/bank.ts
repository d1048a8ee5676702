/**
 * The normalised bank (money in dollars, camelCase) every screen shares: its figures, the bank as
 * the detail view folds it from the institution and latest financial records (FDIC field codes,
 * money in thousands), and a bank as a search answers it.
 */

import { firstNum, money, num, text, type RawRecord } from './records.ts';

/** The normalised fields (money in dollars) every bank record carries, a peer's as much as the detail's; any of them may be missing. */
export type BankFigures = {
  cert?: number;
  name?: string;
  state?: string | null;
  assets?: number | null;
  roa?: number | null;
  roe?: number | null;
  netInterestMargin?: number | null;
  efficiencyRatio?: number | null;
  nplRatio?: number | null;
  netChargeOffsToLoansRatio?: number | null;
  allowanceToLoansRatio?: number | null;
  tier1CapitalRatio?: number | null;
  tier1LeverageRatio?: number | null;
  commonEquityTier1Ratio?: number | null;
  totalRiskBasedCapitalRatio?: number | null;
  equityToAssetsRatio?: number | null;
  netLoansToDepositsRatio?: number | null;
  totalEquity?: number | null;
  interestIncome?: number | null;
  nonInterestIncome?: number | null;
  deposits?: number | null;
  interestExpense?: number | null;
  oreo?: number | null;
  loans_and_leases_gross?: number | null;
  loans_re_commercial_gross?: number | null;
  brokeredDeposits?: number | null;
  coreDeposits?: number | null;
  nonaccrualLoansAndLeases?: number | null;
  /** The quarter the figures are of (YYYYMMDD): its year-to-date flows are annualised by it. */
  repdte?: string | null;
};

/** The bank as the detail view builds it: the figures plus who and where it is and its loan book. */
export type NormalisedBank = BankFigures & {
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  address: string | null;
  website: string | null;
  regulator: string | null;
  charterClass: string | null;
  officeCount: number | null;
  netIncome: number | null;
  totalEquity: number | null;
  thirtyNinetyPD: number | null;
  ninetyPlusPD: number | null;
  ccNinetyPlusDelinq: number | null;
  autoNinetyPlusDelinq: number | null;
  totalLoansAndLeases: number | null;
  loans_re_gross: number | null;
  loans_re_1_4_family_gross: number | null;
  loans_ci_gross: number | null;
  loans_consumer_gross: number | null;
  loans_consumer_credit_card_gross: number | null;
  loans_consumer_auto_gross: number | null;
  loans_ag_gross: number | null;
  leases_gross: number | null;
  cbsaCode: string | null;
  csaCode: string | null;
  cbsaName: string | null;
  repdte: string | null;
};

/**
 * A bank as the credit box search answers it: id, cert and name always, the other normalised
 * fields it was asked for, and how well it matched the criteria.
 */
export type BankSearchResult = Partial<NormalisedBank> & { id: number; cert: number; name: string; tier1Capital?: number | null; matchScore?: number | null };

const US_STATES: Record<string, string> = {
  ALABAMA: 'AL', ALASKA: 'AK', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT', DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC', FLORIDA: 'FL', GEORGIA: 'GA', HAWAII: 'HI', IDAHO: 'ID', ILLINOIS: 'IL', INDIANA: 'IN', IOWA: 'IA',
  KANSAS: 'KS', KENTUCKY: 'KY', LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD', MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN',
  MISSISSIPPI: 'MS', MISSOURI: 'MO', MONTANA: 'MT', NEBRASKA: 'NE', NEVADA: 'NV', 'NEW HAMPSHIRE': 'NH', 'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM', 'NEW YORK': 'NY', 'NORTH CAROLINA': 'NC', 'NORTH DAKOTA': 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR',
  PENNSYLVANIA: 'PA', 'RHODE ISLAND': 'RI', 'SOUTH CAROLINA': 'SC', 'SOUTH DAKOTA': 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT',
  VERMONT: 'VT', VIRGINIA: 'VA', WASHINGTON: 'WA', 'WEST VIRGINIA': 'WV', WISCONSIN: 'WI', WYOMING: 'WY', 'PUERTO RICO': 'PR',
};

/** The sum of the money codes present (dollars); null when none is. */
function sumOf(record: RawRecord | undefined, codes: string[]): number | null {
  const parts = codes.map((code) => money(record, code)).filter((part): part is number => part !== null);
  return parts.length === 0 ? null : parts.reduce((sum, part) => sum + part, 0);
}

/** STALP, else the state name turned into its code (the state falls back to its name). */
export function stateCode(record: RawRecord | undefined): string | null {
  const alpha = text(record, 'STALP');
  if (alpha) return alpha.toUpperCase();
  const name = text(record, 'STNAME');
  if (!name) return null;
  return US_STATES[name.toUpperCase()] ?? name;
}

/** The first of the codes holding a usable statistical area code: digits, not all zeros. */
function areaCode(record: RawRecord | undefined, ...codes: string[]): string | null {
  for (const code of codes) {
    const value = text(record, code);
    if (value && /^\d+$/.test(value) && !/^0+$/.test(value)) return value;
  }
  return null;
}

/**
 * Folds the institution record and the latest financial record into one normalised bank. The
 * financial record wins for figures both carry (it is the quarter being shown).
 */
export function normaliseBank(cert: number, institution: RawRecord | undefined, financial: RawRecord | undefined): NormalisedBank {
  const both = { ...institution, ...financial };
  const pick = (code: string) => money(financial, code) ?? money(institution, code);
  return {
    cert,
    name: text(institution, 'NAME', 'NAMEFULL') ?? text(financial, 'NAME') ?? 'Unknown Bank',
    city: text(institution, 'CITY'),
    state: stateCode(institution) ?? stateCode(financial),
    zip: text(institution, 'ZIP'),
    address: text(institution, 'ADDRESS'),
    website: text(institution, 'WEBADDR'),
    regulator: text(institution, 'REGAGNT', 'REGAGENT'),
    charterClass: text(institution, 'BKCLASS'),
    officeCount: firstNum(both, 'OFFICES', 'OFFDOM'),
    assets: pick('ASSET'),
    deposits: pick('DEP'),
    netIncome: pick('NETINC'),
    totalEquity: pick('EQ') ?? money(financial, 'EQTOT'),
    roa: firstNum(financial, 'ROA') ?? num(institution, 'ROA'),
    roe: firstNum(financial, 'ROE') ?? num(institution, 'ROE'),
    netInterestMargin: firstNum(financial, 'NIMY', 'NIMYQ'),
    efficiencyRatio: num(financial, 'EEFFR'),
    nplRatio: num(financial, 'NCLNLSR'),
    netChargeOffsToLoansRatio: num(financial, 'NTLNLSR'),
    allowanceToLoansRatio: num(financial, 'LNATRESR'),
    tier1CapitalRatio: num(financial, 'RBC1RWAJ'),
    tier1LeverageRatio: num(financial, 'RBC1AAJ'),
    commonEquityTier1Ratio: num(financial, 'IDT1CER'),
    totalRiskBasedCapitalRatio: num(financial, 'RBCRWAJ'),
    equityToAssetsRatio: num(financial, 'EQV'),
    netLoansToDepositsRatio: num(financial, 'LNLSDEPR'),
    interestIncome: money(financial, 'INTINC'),
    nonInterestIncome: money(financial, 'NONII'),
    interestExpense: money(financial, 'EINTEXP'),
    oreo: money(financial, 'ORE'),
    loans_and_leases_gross: money(financial, 'LNLSGR'),
    totalLoansAndLeases: money(financial, 'LNLSGR'),
    loans_re_gross: money(financial, 'LNRE'),
    loans_re_1_4_family_gross: money(financial, 'LNRERES'),
    // Commercial real estate as the server computes it: nonfarm nonresidential + multifamily + construction.
    loans_re_commercial_gross: sumOf(financial, ['LNRENRES', 'LNREMULT', 'LNRECONS']),
    loans_ci_gross: money(financial, 'LNCI'),
    loans_consumer_gross: money(financial, 'LNCON'),
    loans_consumer_credit_card_gross: money(financial, 'LNCRCD'),
    loans_consumer_auto_gross: money(financial, 'LNAUTO'),
    loans_ag_gross: money(financial, 'LNAG'),
    leases_gross: money(financial, 'LS'),
    brokeredDeposits: money(financial, 'BRO'),
    coreDeposits: money(financial, 'COREDEP'),
    nonaccrualLoansAndLeases: money(financial, 'NALNLS') ?? money(financial, 'NAASSET'),
    thirtyNinetyPD: money(financial, 'P3ASSET'),
    ninetyPlusPD: money(financial, 'P9ASSET'),
    ccNinetyPlusDelinq: money(financial, 'P9CRCD'),
    autoNinetyPlusDelinq: money(financial, 'P9AUTO'),
    cbsaCode: areaCode(institution, 'CBSA_NO', 'METRO', 'MICRO', 'MSA_NO'),
    csaCode: areaCode(institution, 'CSA_NO', 'CSA'),
    cbsaName: text(institution, 'CBSANAME', 'CBSA'),
    repdte: text(financial, 'REPDTE') ?? text(institution, 'REPDTE'),
  };
}

/** 'street, city, ST zip' with the missing parts left out. */
export function addressLine(bank: Pick<NormalisedBank, 'address' | 'city' | 'state' | 'zip'>): string {
  const stateZip = [bank.state, bank.zip].filter(Boolean).join(' ');
  return [bank.address, bank.city, stateZip].filter((part) => part && String(part).trim() !== '').join(', ');
}

/** The record sent when the bank becomes a target (outreach API: identity plus the financial snapshot, dollars). */
export function targetPayload(bank: NormalisedBank): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bank)) {
    if (value !== null && value !== undefined && key !== 'repdte' && key !== 'cbsaCode' && key !== 'csaCode') payload[key] = value;
  }
  return payload;
}
