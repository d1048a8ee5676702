import type { NormalisedBank } from '../banks/bank.ts';

/** Empty figures are left out: a model should not comment on a number nobody reported. */
const present = (figures: Record<string, number | null | undefined>) => Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== null && value !== undefined && !Number.isNaN(value)));

/** What the AI financial summary is asked about: name, size, offices and key financials. */
export function summaryPayload(bank: NormalisedBank): Record<string, unknown> {
  return {
    name: bank.name,
    totalAssets: bank.assets ?? null,
    totalDeposits: bank.deposits ?? null,
    numberOfOffices: bank.officeCount,
    keyFinancials: present({
      netIncome: bank.netIncome,
      returnOnAssets: bank.roa,
      netInterestMargin: bank.netInterestMargin,
      noncurrentLoanRatio: bank.nplRatio,
      tier1CapitalRatio: bank.tier1CapitalRatio,
      equityToAssetsRatio: bank.equityToAssetsRatio,
      netChargeOffRatio: bank.netChargeOffsToLoansRatio,
    }),
  };
}

/** What the AI risk commentary is asked about. */
export function riskPayload(bank: NormalisedBank): Record<string, unknown> {
  return {
    name: bank.name,
    keyFinancials: present({
      returnOnAssets: bank.roa,
      netInterestMargin: bank.netInterestMargin,
      noncurrentLoanRatio: bank.nplRatio,
      tier1CapitalRatio: bank.tier1CapitalRatio,
      netChargeOffRatio: bank.netChargeOffsToLoansRatio,
      allowanceToLoansRatio: bank.allowanceToLoansRatio,
    }),
  };
}
