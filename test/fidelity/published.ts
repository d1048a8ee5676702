import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';

/**
 * What the real FDIC files publish, read here by code of its own (not the importer's), so that the
 * fidelity suite compares the app with the files and not the importer with itself.
 *
 * FDIC money fields are thousands of dollars; the failures file's `insurance_cost_millions` holds
 * thousands too, whatever its name says (its magnitudes beside QBFASSET show it).
 */

export type Row = Record<string, string>;

/** A CSV file's rows (gzip or not; UTF-8 with or without a BOM, or Windows-1252), header names trimmed of spaces and NBSPs. */
export function readRows(file: string, encoding: 'utf-8' | 'windows-1252' = 'utf-8'): Row[] {
  let bytes = fs.readFileSync(file);
  if (file.endsWith('.gz')) bytes = zlib.gunzipSync(bytes);
  const text = new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, '');
  return parse(text, {
    columns: (header: string[]) => header.map((name) => name.replace(/\u00a0/g, ' ').trim()),
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Row[];
}

/** A published number, or null for a blank cell. */
export function published(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`"${text}" is not a number`);
  return value;
}

/** Dollars from a figure published in thousands of dollars. */
export function dollars(thousandsText: string | undefined): number | null {
  const thousands = published(thousandsText);
  return thousands === null ? null : Math.round(thousands * 1000);
}

const months: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/** YYYYMMDD of the Failed Bank List's `30-Jan-26` (the list covers October 2000 onwards) or the failures file's `2023-03-10`. */
export function failureDate(text: string): string {
  const listed = /^(\d{1,2})-([A-Z][a-z]{2})-(\d{2})$/.exec(text.trim());
  if (listed) return `20${listed[3]}${months[listed[2]]}${listed[1].padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (iso) return `${iso[1]}${iso[2]}${iso[3]}`;
  throw new Error(`"${text}" is not a failure date`);
}

export type PublishedData = {
  /** Date of the list of active institutions (its file name's month, first day). */
  listDate: string;
  /** The list of active institutions, by CERT (CERT 0, a non-insured office, left out). */
  listed: Map<number, Row>;
  /** The newest quarter's financials by CERT: the active-banks file, blanks filled from the history file's rows of that quarter. */
  quarter: string;
  financials: Map<number, Row>;
  /** Each bank's newest quarter in either financials file (the bank detail's Financial Summary shows it). */
  newestFinancials: Map<number, Row>;
  /** Summary of Deposits 2023 branches by CERT. */
  branches: Map<number, Row[]>;
  /** State name to postal code, as the Summary of Deposits pairs them. */
  stateCodes: Map<string, string>;
  /** Each CERT's latest failure: date (YYYYMMDD) and the failures file's row when it has one. */
  failures: Map<number, { date: string; row: Row | null }>;
};

/** Reads the newest real files of `dataDir` (shared/data). */
export function readPublished(dataDir: string): PublishedData {
  const fdic = (name: string) => path.join(dataDir, 'fdic', name);
  const byCert = (rows: Row[], column: string) => new Map(rows.filter((row) => Number(row[column]) > 0).map((row) => [Number(row[column]), row]));

  const listed = byCert(readRows(fdic('institutions_active_2026-01.csv')), 'CERT');

  const quarter = '20250930';
  const financials = byCert(readRows(fdic('financials/financials_20250930_active.csv.gz')), 'cert_id');
  const newestFinancials = new Map(financials);
  for (const row of readRows(fdic('financials/financials_history_2023Q4_2024Q4_2025Q3.csv.gz'))) {
    const cert = Number(row.CERT);
    const mine = financials.get(cert);
    if (row.REPDTE === quarter && mine) {
      for (const [column, value] of Object.entries(row)) if ((mine[column] ?? '') === '' && value !== '') mine[column] = value;
    }
    if (!mine && row.REPDTE > (newestFinancials.get(cert)?.REPDTE ?? '')) newestFinancials.set(cert, row);
  }

  const branches = new Map<number, Row[]>();
  const stateCodes = new Map<string, string>();
  for (const row of readRows(fdic('sod_2023.csv.gz'))) {
    const cert = Number(row.CERT);
    if (!branches.has(cert)) branches.set(cert, []);
    branches.get(cert)!.push(row);
    if (row.STNAME && row.STALP) stateCodes.set(row.STNAME, row.STALP);
  }

  const failures = new Map<number, { date: string; row: Row | null }>();
  const noteFailure = (cert: number, date: string, row: Row | null) => {
    const known = failures.get(cert);
    if (!known || date > known.date) failures.set(cert, { date, row: row ?? known?.row ?? null });
    else if (date === known.date && row) known.row = row;
  };
  for (const row of readRows(fdic('failures_1934-2026.csv'))) if (Number(row.CERT) > 0) noteFailure(Number(row.CERT), failureDate(row.FAILDATE), row);
  for (const row of readRows(fdic('banklist_2026-01.csv'), 'windows-1252')) noteFailure(Number(row.Cert), failureDate(row['Closing Date']), null);

  return { listDate: '20260101', listed, quarter, financials, newestFinancials, branches, stateCodes, failures };
}

/** Whether a bank is active: on the newest list of active institutions and not failed since the list was taken. */
export function isActive(data: PublishedData, cert: number): boolean {
  const failure = data.failures.get(cert);
  return data.listed.has(cert) && !(failure && failure.date >= data.listDate);
}
