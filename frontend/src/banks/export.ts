import { isoDate } from './records.ts';
import { quarterLabel } from '../../../domain/format.ts';
import type { CsvColumn } from '../resources/shared/csv.ts';

/**
 * What the bank lists' CSV files share: figures as numbers under headers naming their units, and
 * the quarter the figures were reported for on every row, so a colleague reading the sheet alone
 * knows what they are.
 */

/** A ratio as the lists show it, to two decimals, and a number a spreadsheet can sum; blank when missing. */
export function ratioCell(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** 'Quarter' (Q3 2025) and 'Report date' (2025-09-30) columns, the same on every row. */
export function quarterColumns<Row>(quarter: string | null): CsvColumn<Row>[] {
  return [
    { header: 'Quarter', value: () => (quarter ? quarterLabel(quarter) : null) },
    { header: 'Report date', value: () => (quarter ? isoDate(quarter) : null) },
  ];
}

/** `<prefix>-2025-Q3`: the file says which quarter's figures it holds. */
export function quarterFileName(prefix: string, quarter: string | null): string {
  const match = /^Q(\d) (\d{4})$/.exec(quarter ? quarterLabel(quarter) : '');
  return match ? `${prefix}-${match[2]}-Q${match[1]}` : prefix;
}
