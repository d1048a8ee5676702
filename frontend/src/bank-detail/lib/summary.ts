import { bankFieldLabels as labels } from '../../../../domain/bank-fields.ts';
import { formatCount, formatMoney, formatPercent } from '../../../../domain/format.ts';
import type { NormalisedBank } from '../../banks/bank.ts';

/**
 * Financial Summary tiles: money from ASSET, DEP, EQ and NETINC (thousands, shown in
 * dollars), ROA and NIM in percent, the office count. A figure the bank did not report shows N/A,
 * as in the Financials and the PDF: a failed bank's '$0.00' net income or '0.00%' ROA would be read as reported.
 */
export function summaryTiles(bank: NormalisedBank): Array<{ label: string; value: string }> {
  return [
    { label: labels.assets, value: formatMoney(bank.assets) },
    { label: labels.deposits, value: formatMoney(bank.deposits) },
    { label: labels.totalEquity, value: formatMoney(bank.totalEquity) },
    { label: labels.netIncome, value: formatMoney(bank.netIncome) },
    { label: labels.roa, value: formatPercent(bank.roa) },
    { label: labels.netInterestMargin, value: formatPercent(bank.netInterestMargin) },
    { label: labels.offices, value: formatCount(bank.officeCount) },
  ];
}
