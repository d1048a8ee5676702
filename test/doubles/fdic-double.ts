import type { FdicEndpoint, FdicRecord } from '../../backend/src/regulator/clients/fdic.ts';
import { HttpDouble, type RecordedRequest } from './server.ts';

/**
 * A local stand-in for the FDIC BankFind Suite API (https://api.fdic.gov/banks) answering in its
 * real envelope: `{ meta: { total, parameters, index }, data: [{ data, score }], totals? }`.
 * It pages exactly as the real API: `limit` (per-endpoint default, at most 10,000) records from
 * `offset` of the matching records sorted by `sort_by`/`sort_order`, with `meta.total` the count of
 * all matches. Filters understand the documented syntax: `FIELD:value`, `FIELD:"text"`,
 * `FIELD:[a TO b]` (with `*`; bounds that are days, `"2026-01-01"`, compare date fields as dates),
 * `FIELD:("a","b")`, `AND`, `OR`, parentheses and `!(...)`.
 * Its `url` is what FDIC_API_URL is set to.
 */
export class FdicDouble extends HttpDouble {
  private readonly data = new Map<FdicEndpoint, FdicRecord[]>();

  constructor(data: Partial<Record<FdicEndpoint, FdicRecord[]>> = {}) {
    super('/banks');
    for (const [endpoint, records] of Object.entries(data)) this.data.set(endpoint as FdicEndpoint, records);
  }

  set(endpoint: FdicEndpoint, records: FdicRecord[]): void {
    this.data.set(endpoint, records);
  }

  protected answer(request: RecordedRequest): { status: number; body: string; contentType?: string } {
    const endpoint = request.path.replace(/^\/banks\//, '').replace(/\/$/, '') as FdicEndpoint;
    if (!defaultSort[endpoint]) return badRequest(`Unknown endpoint ${request.path}`);
    const params = request.params;
    const limit = params.has('limit') ? Number(params.get('limit')) : defaultLimit[endpoint];
    const offset = params.has('offset') ? Number(params.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 0 || limit > 10_000) return badRequest('limit must be an integer from 0 to 10000');
    if (!Number.isInteger(offset) || offset < 0) return badRequest('offset must be a non-negative integer');

    let matches = this.data.get(endpoint) ?? [];
    const filters = params.get('filters');
    if (filters) {
      let predicate: (record: FdicRecord) => boolean;
      try {
        predicate = parseFilter(filters);
      } catch (error) {
        return badRequest(`Invalid filters: ${(error as Error).message}`);
      }
      matches = matches.filter(predicate);
    }
    const search = params.get('search');
    if (search) {
      const match = /^NAME:\s*(.+)$/i.exec(search);
      if (!match) return badRequest('search supports NAME only');
      const needle = match[1].replace(/[*"]/g, '').trim().toLowerCase();
      matches = matches.filter((record) => String(record.NAME ?? '').toLowerCase().includes(needle));
    }
    const sortBy = params.get('sort_by') ?? defaultSort[endpoint];
    const direction = (params.get('sort_order') ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
    const sorted = [...matches].sort((a, b) => direction * compare(a[sortBy], b[sortBy]) || compare(a.ID, b.ID));
    const fields = params.get('fields')?.split(',').map((field) => field.trim()).filter(Boolean);
    const page = sorted.slice(offset, offset + limit).map((record) => ({
      data: fields ? Object.fromEntries([...fields, 'ID'].filter((field) => field in record).map((field) => [field, record[field]])) : record,
      score: 0,
    }));
    const body: Record<string, unknown> = {
      meta: {
        total: matches.length,
        parameters: Object.fromEntries([...params.entries()].filter(([key]) => key !== 'api_key')),
        index: { name: `${endpoint}_double`, createTimestamp: '2026-01-01T00:00:00.000Z' },
      },
      data: page,
    };
    if (['financials', 'sod', 'failures', 'summary', 'demographics'].includes(endpoint)) body.totals = { count: matches.length };
    return { status: 200, body: JSON.stringify(body) };
  }
}

const defaultSort: Record<FdicEndpoint, string> = {
  institutions: 'NAME',
  locations: 'NAME',
  financials: 'REPDTE',
  history: 'PROCDATE',
  sod: 'YEAR',
  failures: 'FAILDATE',
  summary: 'YEAR',
  demographics: 'REPDTE',
};

const defaultLimit: Record<FdicEndpoint, number> = {
  institutions: 10,
  locations: 10,
  financials: 10,
  history: 100,
  sod: 10,
  failures: 100,
  summary: 10,
  demographics: 10,
};

function badRequest(message: string) {
  return { status: 400, body: JSON.stringify({ error: { status: 400, message } }) };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  const numberA = Number(a);
  const numberB = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(numberA) && Number.isFinite(numberB)) return numberA - numberB;
  return String(a).localeCompare(String(b));
}

type Predicate = (record: FdicRecord) => boolean;

/** Parses the BankFind filter syntax into a predicate; throws on anything it does not understand. */
export function parseFilter(text: string): Predicate {
  let position = 0;
  const skipSpace = () => {
    while (/\s/.test(text[position] ?? '')) position += 1;
  };
  const keyword = (word: string) => {
    skipSpace();
    if (text.startsWith(word, position) && /[\s(!]/.test(text[position + word.length] ?? '')) {
      position += word.length;
      return true;
    }
    return false;
  };
  const expect = (char: string) => {
    skipSpace();
    if (text[position] !== char) throw new Error(`expected '${char}' at ${position}`);
    position += 1;
  };
  const readValue = (): string => {
    skipSpace();
    if (text[position] === '"') {
      const end = text.indexOf('"', position + 1);
      if (end < 0) throw new Error('unterminated quote');
      const value = text.slice(position + 1, end);
      position = end + 1;
      return value;
    }
    const start = position;
    while (position < text.length && !/[\s),\]]/.test(text[position])) position += 1;
    if (start === position) throw new Error(`expected a value at ${position}`);
    return text.slice(start, position);
  };
  const term = (): Predicate => {
    skipSpace();
    const match = /^([A-Za-z0-9_]+):/.exec(text.slice(position));
    if (!match) throw new Error(`expected FIELD:value at ${position}`);
    const field = match[1];
    position += match[0].length;
    skipSpace();
    if (text[position] === '[') {
      position += 1;
      const low = readValue();
      if (!keyword('TO')) throw new Error('expected TO in a range');
      const high = readValue();
      expect(']');
      // Date fields are dates to the index: a day bound takes in every way the records write them.
      const inRange = (value: unknown) => (low === '*' || compare(value, low) >= 0) && (high === '*' || compare(value, high) <= 0);
      const dayBounds = [low, high].every((bound) => bound === '*' || isoDay.test(bound));
      return (record) => {
        const value = record[field];
        if (value === undefined || value === null) return false;
        if (!dayBounds) return inRange(value);
        const day = dayOf(value);
        return day !== null && inRange(day);
      };
    }
    if (text[position] === '(') {
      position += 1;
      const values = [readValue()];
      for (skipSpace(); text[position] === ','; skipSpace()) {
        position += 1;
        values.push(readValue());
      }
      expect(')');
      return (record) => values.some((value) => equals(record[field], value));
    }
    const value = readValue();
    return (record) => equals(record[field], value);
  };
  const unary = (): Predicate => {
    skipSpace();
    if (text[position] === '!') {
      position += 1;
      expect('(');
      const inner = or();
      expect(')');
      return (record) => !inner(record);
    }
    if (text[position] === '(') {
      position += 1;
      const inner = or();
      expect(')');
      return inner;
    }
    return term();
  };
  const and = (): Predicate => {
    const parts = [unary()];
    while (keyword('AND')) parts.push(unary());
    return (record) => parts.every((part) => part(record));
  };
  const or = (): Predicate => {
    const parts = [and()];
    while (keyword('OR')) parts.push(and());
    return (record) => parts.some((part) => part(record));
  };
  const predicate = or();
  skipSpace();
  if (position !== text.length) throw new Error(`unexpected '${text.slice(position, position + 10)}'`);
  return predicate;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A date value as the index reads it (`2026-06-15`, `2026-06-15T00:00:00`, `6/15/2026`), as YYYY-MM-DD; null when not a date. */
function dayOf(value: unknown): string | null {
  const text = String(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : null;
}

function equals(actual: unknown, expected: string): boolean {
  if (actual === undefined || actual === null) return false;
  if (typeof actual === 'number') return actual === Number(expected);
  return String(actual).toUpperCase() === expected.toUpperCase();
}
