/**
 * Reading FDIC-style answers (`{ data, meta: { total } }`, items either flat or wrapped as
 * `{ data: {...} }` as BankFind does) and the raw field codes inside them. Money codes are in
 * thousands of dollars; `money()` turns them into dollars for display.
 */

export type RawRecord = Record<string, unknown>;
export type Page<T> = { items: T[]; total: number };

function isObject(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One item, unwrapped from BankFind's `{ data: {...}, score }` envelope when it has one. */
export function unwrapItem(item: unknown): RawRecord {
  if (isObject(item) && isObject(item.data)) return item.data;
  return isObject(item) ? item : {};
}

/** Every record of an answer: `{ data: [...] }`, `{ data: {...} }`, a bare array or a bare record. */
export function recordsOf(body: unknown): RawRecord[] {
  if (Array.isArray(body)) return body.map(unwrapItem);
  if (isObject(body)) {
    if (Array.isArray(body.data)) return body.data.map(unwrapItem);
    if (isObject(body.data)) return [unwrapItem(body.data)];
    return Object.keys(body).length > 0 ? [body] : [];
  }
  return [];
}

/** A page of records with its total (`meta.total`, else `totals.count`, else the item count). */
export function pageOf(body: unknown): Page<RawRecord> {
  const items = recordsOf(body);
  let total = items.length;
  if (isObject(body)) {
    const meta = isObject(body.meta) ? body.meta : undefined;
    const totals = isObject(body.totals) ? body.totals : undefined;
    const candidate = meta?.total ?? totals?.count ?? body.total;
    if (typeof candidate === 'number' && Number.isFinite(candidate)) total = candidate;
    else if (typeof candidate === 'string' && candidate.trim() !== '' && Number.isFinite(Number(candidate))) total = Number(candidate);
  }
  return { items, total };
}

/** A numeric field (numbers or numeric strings); null when missing or not a number. */
export function num(record: RawRecord | undefined, code: string): number | null {
  const value = record?.[code];
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A money field reported in thousands, in dollars. */
export function money(record: RawRecord | undefined, code: string): number | null {
  const value = num(record, code);
  return value === null ? null : value * 1000;
}

export function text(record: RawRecord | undefined, ...codes: string[]): string | null {
  for (const code of codes) {
    const value = record?.[code];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** The first of several codes that holds a number. */
export function firstNum(record: RawRecord | undefined, ...codes: string[]): number | null {
  for (const code of codes) {
    const value = num(record, code);
    if (value !== null) return value;
  }
  return null;
}

/** 'YYYYMMDD', 'YYYY-MM-DD', 'M/D/YYYY' or an ISO timestamp as 'YYYY-MM-DD'; null otherwise. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const raw = String(value).trim();
  let match = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  match = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(raw);
  if (match) return `${match[3]}-${match[1].padStart(2, '0')}-${match[2].padStart(2, '0')}`;
  return null;
}
