import { type Columns, rowAt } from '../engine/columns.ts';

/**
 * Pure conversions shared by the normalisers of every FDIC dataset: scalars as the FDIC publishes
 * them (numbers, thousands of dollars, flags, dates in every format), state codes, and the helpers
 * that normalise a batch of records given as columns. Every source (sync, bulk import, demo data)
 * goes through these, so every source lands in the same shape.
 */

export type RawRecord = Record<string, unknown>;

export class InvalidRecordError extends Error {}

// ---------------------------------------------------------------------------------------------
// Scalar parsing

export const decimal = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A number from a number or a numeric string; null for blanks, 'NA' and anything non-numeric. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // Most cells are plain decimals already: only the others are trimmed and lose thousands separators.
  if (decimal.test(value)) return Number(value);
  const cleaned = value.trim().replace(/,/g, '');
  return decimal.test(cleaned) ? Number(cleaned) : null;
}

/** FDIC amounts are thousands of dollars; we store dollars. */
export function thousandsToDollars(value: unknown): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.round(number * 1000);
}

export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

export function toInteger(value: unknown): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.trunc(number);
}

/** FDIC flags come as 1/0, '1'/'0', 'Y'/'N' or booleans. */
export function toFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = toText(value)?.toUpperCase();
  if (text === undefined || text === null) return null;
  if (['1', 'Y', 'YES', 'TRUE'].includes(text)) return true;
  if (['0', 'N', 'NO', 'FALSE'].includes(text)) return false;
  return null;
}

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1700 || year > 2200) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * An ISO date (YYYY-MM-DD) from any date format the FDIC publishes: YYYYMMDD (REPDTE),
 * YYYY-MM-DD with or without a time (history exports), M/D/YYYY (API and bulk CSVs) and
 * DD-Mon-YY (the failed-bank list). Null when the value is not a date.
 */
export function parseFdicDate(value: unknown): string | null {
  const text = toText(value);
  if (!text) return null;
  let match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (match) return validDate(+match[1], +match[2], +match[3]);
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return validDate(+match[1], +match[2], +match[3]);
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(text);
  if (match) return validDate(+match[3], +match[1], +match[2]);
  match = /^(\d{1,2})-([A-Za-z]{3})-(\d{2})$/.exec(text);
  if (match) {
    const month = monthNames.indexOf(match[2].toUpperCase()) + 1;
    const shortYear = +match[3];
    // Two-digit years in the failed-bank list run from 2000 on.
    return validDate(shortYear + 2000, month, +match[1]);
  }
  return null;
}

/** REPDTE as the FDIC writes it (YYYYMMDD) from any date format; null when not a date. */
export function toRepdte(value: unknown): string | null {
  const iso = parseFdicDate(value);
  return iso ? iso.replace(/-/g, '') : null;
}

/** 'Q{ceil(month/3)} {year}' for an 8-digit report date, e.g. 20240630 → 'Q2 2024'. */
export function quarterLabel(repdte: string): string {
  const year = repdte.slice(0, 4);
  const month = Number(repdte.slice(4, 6));
  return `Q${Math.ceil(month / 3)} ${year}`;
}

// ---------------------------------------------------------------------------------------------
// States

export const stateCodesByName: Record<string, string> = {
  ALABAMA: 'AL', ALASKA: 'AK', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT',
  DELAWARE: 'DE', 'DISTRICT OF COLUMBIA': 'DC', FLORIDA: 'FL', GEORGIA: 'GA', HAWAII: 'HI', IDAHO: 'ID', ILLINOIS: 'IL',
  INDIANA: 'IN', IOWA: 'IA', KANSAS: 'KS', KENTUCKY: 'KY', LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD',
  MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN', MISSISSIPPI: 'MS', MISSOURI: 'MO', MONTANA: 'MT',
  NEBRASKA: 'NE', NEVADA: 'NV', 'NEW HAMPSHIRE': 'NH', 'NEW JERSEY': 'NJ', 'NEW MEXICO': 'NM', 'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC', 'NORTH DAKOTA': 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR', PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI', 'SOUTH CAROLINA': 'SC', 'SOUTH DAKOTA': 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT',
  VERMONT: 'VT', VIRGINIA: 'VA', WASHINGTON: 'WA', 'WEST VIRGINIA': 'WV', WISCONSIN: 'WI', WYOMING: 'WY',
  'PUERTO RICO': 'PR', GUAM: 'GU', 'U.S. VIRGIN ISLANDS': 'VI', 'VIRGIN ISLANDS OF THE U.S.': 'VI', 'VIRGIN ISLANDS': 'VI',
  'AMERICAN SAMOA': 'AS', 'NORTHERN MARIANA ISLANDS': 'MP', 'FEDERATED STATES OF MICRONESIA': 'FM',
  'MARSHALL ISLANDS': 'MH', PALAU: 'PW',
};

export const stateNamesByCode = Object.fromEntries(Object.entries(stateCodesByName).map(([name, code]) => [code, name]));

/** The two-letter state code: STALP when given, else STNAME mapped to its code (case-insensitive). */
export function stateCode(record: RawRecord): string | null {
  const alpha = toText(record.STALP);
  if (alpha) return alpha.toUpperCase();
  const name = toText(record.STNAME);
  return name ? (stateCodesByName[name.toUpperCase()] ?? null) : null;
}

export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s.-])([a-z])/g, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** A bank's name is its NAME, else its full legal name (NAMEFULL), else 'Unknown Bank'. */
export function institutionName(record: RawRecord): string {
  return toText(record.NAME) ?? toText(record.NAMEFULL) ?? 'Unknown Bank';
}

export const missingCert = (record: RawRecord) => `The record has no CERT: ${JSON.stringify(record).slice(0, 120)}`;

export function requireCert(record: RawRecord): number {
  const cert = toInteger(record.CERT);
  if (cert === null) throw new InvalidRecordError(missingCert(record));
  return cert;
}


/** One value per record: `parse` of the first of `codes` with a cell given (`record.A ?? record.B`). */
export function givenColumn<T>(records: Columns, codes: readonly string[], parse: (value: unknown) => T): T[] {
  const given = codes.map((code) => records.columns.get(code)).filter((cells) => cells !== undefined);
  const values = new Array<T>(records.size);
  for (let index = 0; index < records.size; index += 1) {
    let value: unknown;
    for (const cells of given) {
      value = cells[index];
      if (value !== null && value !== undefined) break;
    }
    values[index] = parse(value);
  }
  return values;
}

/** `parse`, remembering each distinct value's answer: state names and report dates repeat across a file. */
export function remembering<T>(parse: (value: unknown) => T): (value: unknown) => T {
  const answers = new Map<unknown, T>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined && !answers.has(value)) answers.set(value, (answer = parse(value)));
    return answer as T;
  };
}

/** Batch-normalised rows: the rows as columns, and the records refused (index in the input, and why). */
export type NormalisedBatch = { rows: Columns; rejected: Array<{ index: number; message: string }> };

/** Records with an integer CERT, and the refusals of the others. */
export function acceptCerts(input: Columns): { accepted: number[]; certs: number[]; rejected: NormalisedBatch['rejected'] } {
  const certCells = input.columns.get('CERT') ?? [];
  const accepted: number[] = [];
  const certs: number[] = [];
  const rejected: NormalisedBatch['rejected'] = [];
  for (let index = 0; index < input.size; index += 1) {
    const cert = toInteger(certCells[index]);
    if (cert === null) rejected.push({ index, message: missingCert(rowAt(input, index)) });
    else {
      accepted.push(index);
      certs.push(cert);
    }
  }
  return { accepted, certs, rejected };
}

/** Each record's non-blank cells whose codes `keep` accepts (all without it): the rows' `raw`. */
export function sourceRecords(records: Columns, keep: ((code: string) => boolean) | undefined): RawRecord[] {
  const kept = [...records.columns].filter(([code]) => keep?.(code) ?? true);
  const raw = new Array<RawRecord>(records.size);
  for (let index = 0; index < records.size; index += 1) {
    const record: RawRecord = {};
    for (const [code, cells] of kept) {
      const value = cells[index];
      if (value !== null && value !== undefined) record[code] = value;
    }
    raw[index] = record;
  }
  return raw;
}


/** Row 0 of a batch of one, or the batch's refusal as an InvalidRecordError. */
export function onlyRow<Row>({ rows, rejected }: NormalisedBatch): Row {
  if (rejected.length > 0) throw new InvalidRecordError(rejected[0].message);
  const row: Record<string, unknown> = {};
  for (const [column, values] of rows.columns) row[column] = values[0];
  return row as Row;
}
