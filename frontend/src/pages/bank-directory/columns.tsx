import type { ReactNode } from 'react';
import { delinquencyColor, formatCount, formatMoney, formatPercent, roaColor } from '../../lib/format.ts';
import type { BankRow } from '../../lib/fdic-row.ts';
import { RatingText } from '../../ui/RatingText.tsx';

/** A sortable directory column: its FDIC sort code, header, and cell. */
export type DirectoryColumn = { sortField: string; label: string; align?: 'left' | 'right'; render: (row: BankRow) => ReactNode; cardLabel?: string };

export const figureColumns: DirectoryColumn[] = [
  { sortField: 'ASSET', label: 'Assets', align: 'right', render: (row) => formatMoney(row.assets) },
  { sortField: 'DEP', label: 'Deposits', align: 'right', render: (row) => formatMoney(row.deposits) },
  { sortField: 'OFFICES', label: '# Offices', align: 'right', render: (row) => formatCount(row.offices), cardLabel: 'Offices' },
  { sortField: 'REGAGNT', label: 'Regulator', render: (row) => row.regulator ?? 'N/A' },
  { sortField: 'ROA', label: 'ROA %', align: 'right', render: (row) => <RatingText value={formatPercent(row.roa)} rating={roaColor(row.roa)} /> },
  { sortField: 'NCLNLSR', label: 'NPL %', align: 'right', render: (row) => <RatingText value={formatPercent(row.nplRatio)} rating={delinquencyColor(row.nplRatio)} /> },
  { sortField: 'NTLNLS', label: 'Net C/O', align: 'right', render: (row) => formatMoney(row.netChargeOffs) },
  { sortField: 'LNRERSFM', label: '1st Liens', align: 'right', render: (row) => formatMoney(row.firstLiens) },
  { sortField: 'LNAUTO', label: 'Auto Loans', align: 'right', render: (row) => formatMoney(row.autoLoans) },
  { sortField: 'LNCRCD', label: 'Credit Cards', align: 'right', render: (row) => formatMoney(row.creditCards) },
];
