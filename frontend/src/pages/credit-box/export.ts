import type { BankSearchResult } from '../../banks/bank.ts';
import { isoDate } from '../../banks/records.ts';
import { quarterLabel } from '../../../../domain/format.ts';
import type { CsvColumn } from '../../resources/shared/csv.ts';

/** A ratio as the results show it, to two decimals, and a number a spreadsheet can sum; blank when missing. */
function ratio(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/**
 * The Credit Box CSV: the results as listed (rank order), one row per bank, each figure a number
 * under a header naming its unit, and the quarter the figures were reported for on every row, so a
 * colleague reading the sheet alone knows what they are.
 */
export function creditBoxCsvColumns(quarter: string | null): CsvColumn<BankSearchResult>[] {
  return [
    { header: 'Cert', value: (bank) => bank.cert },
    { header: 'Bank', value: (bank) => bank.name },
    { header: 'City', value: (bank) => bank.city },
    { header: 'State', value: (bank) => bank.state },
    { header: 'Quarter', value: () => (quarter ? quarterLabel(quarter) : null) },
    { header: 'Report date', value: () => (quarter ? isoDate(quarter) : null) },
    { header: 'Assets ($)', value: (bank) => bank.assets },
    { header: 'Deposits ($)', value: (bank) => bank.deposits },
    { header: 'ROA (%)', value: (bank) => ratio(bank.roa) },
    { header: 'NPL ratio (%)', value: (bank) => ratio(bank.nplRatio) },
    { header: 'Tier 1 capital ratio (%)', value: (bank) => ratio(bank.tier1CapitalRatio) },
    { header: 'Tier 1 capital ($)', value: (bank) => bank.tier1Capital },
    { header: 'Efficiency ratio (%)', value: (bank) => ratio(bank.efficiencyRatio) },
    { header: 'Match (%)', value: (bank) => bank.matchScore },
  ];
}

/** `credit-box-matches-2025-Q3`: the file says which quarter's figures it holds. */
export function creditBoxFileName(quarter: string | null): string {
  const label = quarter ? quarterLabel(quarter) : '';
  const match = /^Q(\d) (\d{4})$/.exec(label);
  return match ? `credit-box-matches-${match[2]}-Q${match[1]}` : 'credit-box-matches';
}
