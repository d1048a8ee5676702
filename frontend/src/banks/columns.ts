import type { ReactNode } from 'react';

/** What every bank list shows of a bank whatever else it shows: who and where. */
export type BankIdentity = { cert: number; name: string; city?: string | null; state?: string | null };

/**
 * A figure column of a bank list: its header, how its cell reads, and (for lists the server sorts)
 * the FDIC field it sorts by. An `optional` column (its value is its rank: 1 joins first) is shown
 * only when the page has room for it; the user can bring it back.
 */
export type BankColumn<Row> = {
  id: string;
  label: string;
  /** Shorter label on a card, where the value sits beside it. */
  cardLabel?: string;
  align?: 'left' | 'right';
  sortField?: string;
  optional?: number;
  render: (row: Row) => ReactNode;
};

/** Widths (px) a table needs, to decide how many columns fit without scrolling sideways. */
export const tableWidths = { star: 44, name: 200, figure: 84, actions: 92 } as const;

/**
 * The columns shown, in their own order: the user's pick when they made one, else every required
 * column and the optional ones by rank while the table still fits the width it has.
 */
export function visibleColumns<Row>(columns: BankColumn<Row>[], availableWidth: number, picked: readonly string[] | null): BankColumn<Row>[] {
  if (picked) return columns.filter((column) => picked.includes(column.id));
  const required = columns.filter((column) => column.optional === undefined);
  const room = availableWidth - tableWidths.star - tableWidths.name - tableWidths.actions - required.length * tableWidths.figure;
  const fitting = Math.max(0, Math.floor(room / tableWidths.figure));
  const joined = new Set(
    columns
      .filter((column) => column.optional !== undefined)
      .sort((a, b) => a.optional! - b.optional!)
      .slice(0, fitting)
      .map((column) => column.id),
  );
  return columns.filter((column) => column.optional === undefined || joined.has(column.id));
}
