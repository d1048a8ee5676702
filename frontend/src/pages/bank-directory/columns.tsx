import type { BankColumn } from '../../banks/columns.ts';
import { delinquencyColor, formatCount, formatMoney, formatPercent, roaColor } from '../../../../domain/format.ts';
import type { BankRow } from '../../lib/fdic-row.ts';
import { RatingText } from '../../ui/RatingText.tsx';

/**
 * The Directory's figure columns, each sortable by its FDIC field. On a narrow page the optional ones
 * join in their rank order while they fit; 'Columns' brings back the rest.
 */
export const directoryColumns: BankColumn<BankRow>[] = [
  { id: 'assets', sortField: 'ASSET', label: 'Assets', align: 'right', render: (row) => formatMoney(row.assets) },
  { id: 'deposits', sortField: 'DEP', label: 'Deposits', align: 'right', render: (row) => formatMoney(row.deposits) },
  { id: 'offices', sortField: 'OFFICES', label: '# Offices', align: 'right', optional: 3, render: (row) => formatCount(row.offices), cardLabel: 'Offices' },
  { id: 'regulator', sortField: 'REGAGNT', label: 'Regulator', render: (row) => row.regulator ?? 'N/A' },
  { id: 'roa', sortField: 'ROA', label: 'ROA %', align: 'right', render: (row) => <RatingText value={formatPercent(row.roa)} rating={roaColor(row.roa)} cue="below" /> },
  { id: 'npl', sortField: 'NCLNLSR', label: 'NPL %', align: 'right', render: (row) => <RatingText value={formatPercent(row.nplRatio)} rating={delinquencyColor(row.nplRatio)} cue="below" /> },
  { id: 'netChargeOffs', sortField: 'NTLNLS', label: 'Net C/O', align: 'right', optional: 5, render: (row) => formatMoney(row.netChargeOffs) },
  { id: 'firstLiens', sortField: 'LNRERSFM', label: '1st Liens', align: 'right', optional: 4, render: (row) => formatMoney(row.firstLiens) },
  { id: 'autoLoans', sortField: 'LNAUTO', label: 'Auto Loans', align: 'right', optional: 1, render: (row) => formatMoney(row.autoLoans) },
  { id: 'creditCards', sortField: 'LNCRCD', label: 'Credit Cards', align: 'right', optional: 2, render: (row) => formatMoney(row.creditCards) },
];
