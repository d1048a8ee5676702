import { isUtcMoment, localDate, localTimeZone } from '../../../../domain/format.ts';

/**
 * One column of a CSV: its header and each row's value. A column of `moments` (the server's UTC
 * date-times) is written on the user's clock, and its header names that clock's zone: 'When
 * (America/Chicago)', so a reader elsewhere knows which hour it was.
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown; moments?: boolean };

const headerOf = <Row>(column: CsvColumn<Row>) => (column.moments ? `${column.header} (${localTimeZone()})` : column.header);

/**
 * A moment as a spreadsheet reads a date and time, on the user's clock as the screens show it
 * (2026-11-29 08:11:28): the server's 2026-11-29T13:11:28.388Z stays text in Excel, and in UTC.
 */
function spreadsheetMoment(moment: string): string {
  const instant = new Date(moment);
  const time = [instant.getHours(), instant.getMinutes(), instant.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
  return `${localDate(instant)} ${time}`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break. A text a spreadsheet would read
 * as a formula (starting with =, +, -, @) is prefixed with a quote mark, so an exported name can
 * never run as one; a number stays a number (a negative ROA is no formula). A moment the server
 * wrote is written as a local date and time.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = Array.isArray(value) ? value.join('; ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (isUtcMoment(text)) text = spreadsheetMoment(text);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]): string {
  const lines = [columns.map((column) => csvCell(headerOf(column))).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','));
  return lines.join('\r\n');
}

/**
 * A CSV file's text: UTF-8 with a byte order mark, without which Excel reads the file as
 * Windows-1252 and shows José as JosÃ©.
 */
export function csvFile<Row>(rows: Row[], columns: CsvColumn<Row>[]): string {
  return `\uFEFF${toCsv(rows, columns)}`;
}
