import type { BankSearchResult } from '../../banks/bank.ts';
import { quarterColumns, quarterFileName, ratioCell } from '../../banks/export.ts';
import type { CsvColumn } from '../../resources/shared/csv.ts';

/** The Credit Box CSV: the results as listed (rank order), one row per bank. */
export function creditBoxCsvColumns(quarter: string | null): CsvColumn<BankSearchResult>[] {
  return [
    { header: 'Cert', value: (bank) => bank.cert },
    { header: 'Bank', value: (bank) => bank.name },
    { header: 'City', value: (bank) => bank.city },
    { header: 'State', value: (bank) => bank.state },
    ...quarterColumns<BankSearchResult>(quarter),
    { header: 'Assets ($)', value: (bank) => bank.assets },
    { header: 'Deposits ($)', value: (bank) => bank.deposits },
    { header: 'ROA (%)', value: (bank) => ratioCell(bank.roa) },
    { header: 'NPL ratio (%)', value: (bank) => ratioCell(bank.nplRatio) },
    { header: 'Tier 1 capital ratio (%)', value: (bank) => ratioCell(bank.tier1CapitalRatio) },
    { header: 'Tier 1 capital ($)', value: (bank) => bank.tier1Capital },
    { header: 'Efficiency ratio (%)', value: (bank) => ratioCell(bank.efficiencyRatio) },
    { header: 'Match (%)', value: (bank) => bank.matchScore },
  ];
}

/** `credit-box-matches-2025-Q3`. */
export const creditBoxFileName = (quarter: string | null) => quarterFileName('credit-box-matches', quarter);
