export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/**
 * One CSV cell: quoted when it holds a comma, quote or line break. A text a spreadsheet would read
 * as a formula (starting with =, +, -, @) is prefixed with a quote mark, so an exported name can
 * never run as one; a number stays a number (a negative ROA is no formula).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = Array.isArray(value) ? value.join('; ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return lines.join('\r\n');
}
