import { quarterColumns, quarterFileName, ratioCell } from '../../banks/export.ts';
import type { BankRow } from '../../lib/fdic-row.ts';
import type { CsvColumn } from '../../resources/shared/csv.ts';

/** The Directory's CSV: the banks as listed (its sort), every column it can show, money in dollars. */
export function directoryCsvColumns(quarter: string | null): CsvColumn<BankRow>[] {
  return [
    { header: 'Cert', value: (bank) => bank.cert },
    { header: 'Bank', value: (bank) => bank.name },
    { header: 'City', value: (bank) => bank.city },
    { header: 'State', value: (bank) => bank.state },
    ...quarterColumns<BankRow>(quarter),
    { header: 'Assets ($)', value: (bank) => bank.assets },
    { header: 'Deposits ($)', value: (bank) => bank.deposits },
    { header: 'Offices', value: (bank) => bank.offices },
    { header: 'Regulator', value: (bank) => bank.regulator },
    { header: 'Charter class', value: (bank) => bank.charterClass },
    { header: 'ROA (%)', value: (bank) => ratioCell(bank.roa) },
    { header: 'NPL ratio (%)', value: (bank) => ratioCell(bank.nplRatio) },
    { header: 'Net charge-offs ($)', value: (bank) => bank.netChargeOffs },
    { header: '1-4 family first liens ($)', value: (bank) => bank.firstLiens },
    { header: 'Auto loans ($)', value: (bank) => bank.autoLoans },
    { header: 'Credit card loans ($)', value: (bank) => bank.creditCards },
  ];
}

/** `bank-directory-2025-Q3`. */
export const directoryFileName = (quarter: string | null) => quarterFileName('bank-directory', quarter);
