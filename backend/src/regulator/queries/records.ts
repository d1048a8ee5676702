import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError } from '../../http/errors.ts';
import { mergedRecord } from '../../merged-record.ts';
import { cached } from '../engine/cache.ts';
import { fieldCatalog, type FieldSpec } from '../fields.ts';
import { parseFilter, type Comparison, type Condition } from '../filter-language.ts';
import { and, andNot, countBits, emptyBits, or, pageOf, type Bits } from '../engine/bits.ts';
import { asciiLower, derived, everyRow, fieldDictionary, fieldExpression, fieldHaystack, fieldReader, haystackSeparator, isAscii, memo, orderedRows, quarterSnapshot, rowsWithFinancials, sortKey, type RecordsMode, type Snapshot } from '../engine/snapshot.ts';
import { containsPattern } from '../../db/like.ts';
import { quarterSchema } from '../../../../domain/quarter.ts';

export { fieldExpression, type RecordsMode } from '../engine/snapshot.ts';

/**
 * The BankFind-style list queries (`/fdic/institutions`, `/fdic/financials-query`) over the mirror:
 * institutions joined with one quarter of financials, filtered, searched and sorted by whitelisted
 * field codes, answered as `{ data: [{ data: {CODE: value} }], meta: { total } }` with money in
 * thousands, as BankFind answers.
 */

function outputExpression(field: FieldSpec, mode: RecordsMode): string {
  const expression = fieldExpression(field, mode);
  if (field.unit === 'thousands') return `(${expression} / 1000.0)`;
  if (field.type === 'flag') return `(case when ${expression} then 1 else 0 end)`;
  if (field.type === 'date') return `to_char(${expression}, 'MM/DD/YYYY')`;
  return expression;
}

/** `outputExpression` in JS, over a stored value from a snapshot. */
function outputValue(field: FieldSpec, value: unknown): unknown {
  if (field.unit === 'thousands') return typeof value === 'number' ? value / 1000 : null;
  if (field.type === 'flag') return value ? 1 : 0;
  if (field.type === 'date') {
    if (typeof value !== 'string') return null;
    const [year, month, day] = value.split('-');
    return `${month}/${day}/${year}`;
  }
  return value ?? null;
}

/** A filter value in storage units: money filters come in thousands, columns hold dollars. */
function storageValue(field: FieldSpec, value: unknown): unknown {
  return field.unit === 'thousands' && typeof value === 'number' ? value * 1000 : value;
}

/** Compiles a parsed filter into a parameterised SQL fragment. */
export function conditionSql(condition: Condition, mode: RecordsMode): { sql: string; bindings: unknown[] } {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((part) => conditionSql(part, mode));
      return {
        sql: `(${parts.map((part) => part.sql).join(condition.kind === 'and' ? ' and ' : ' or ')})`,
        bindings: parts.flatMap((part) => part.bindings),
      };
    }
    case 'not': {
      const inner = conditionSql(condition.condition, mode);
      return { sql: `not coalesce(${inner.sql}, false)`, bindings: inner.bindings };
    }
    case 'compare': {
      const expression = fieldExpression(condition.field, mode);
      if (condition.field.type === 'text' && condition.op === '=' && !condition.field.upperCase) {
        return { sql: `lower(${expression}) = lower(?)`, bindings: [condition.value] };
      }
      return { sql: `${expression} ${condition.op} ?`, bindings: [storageValue(condition.field, condition.value)] };
    }
    case 'in': {
      const expression = fieldExpression(condition.field, mode);
      const text = condition.field.type === 'text' && !condition.field.upperCase;
      return {
        sql: `${text ? `lower(${expression})` : expression} in (${condition.values.map(() => (text ? 'lower(?)' : '?')).join(', ')})`,
        bindings: condition.values.map((value) => storageValue(condition.field, value)),
      };
    }
    case 'range': {
      const expression = fieldExpression(condition.field, mode);
      const parts: string[] = [];
      const bindings: unknown[] = [];
      if (condition.low !== null) {
        parts.push(`${expression} ${condition.lowInclusive ? '>=' : '>'} ?`);
        bindings.push(storageValue(condition.field, condition.low));
      }
      if (condition.high !== null) {
        parts.push(`${expression} ${condition.highInclusive ? '<=' : '<'} ?`);
        bindings.push(storageValue(condition.field, condition.high));
      }
      return { sql: parts.length > 0 ? `(${parts.join(' and ')})` : `${expression} is not null`, bindings };
    }
    case 'match': {
      return { sql: `${fieldExpression(condition.field, mode)} ilike ?`, bindings: [containsPattern(condition.pattern)] };
    }
  }
}

/** A value's truth under SQL's three-valued logic. */
const FALSE = 0;
const UNKNOWN = 1;
const TRUE = 2;
type Truth = typeof FALSE | typeof UNKNOWN | typeof TRUE;

/** A condition over every row: where it is true and where it is false; a row in neither compared a null (unknown). */
type Judgement = { yes: Bits; no: Bits };

const validDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/**
 * `conditionSql` in JS, for the snapshot: the same comparisons with SQL's null semantics (a null
 * value compares as unknown, AND/OR propagate unknown, NOT treats unknown as false). Null when the
 * condition needs the database: text values beyond ASCII (case folding depends on the database
 * locale) or a date PostgreSQL would reject.
 */
export function judge(condition: Condition, mode: RecordsMode, snapshot: Snapshot): Judgement | null {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((part) => judge(part, mode, snapshot));
      if (parts.some((part) => part === null)) return null;
      return (parts as Judgement[]).reduce((a, b) =>
        condition.kind === 'and' ? { yes: and(a.yes, b.yes), no: or(a.no, b.no) } : { yes: or(a.yes, b.yes), no: and(a.no, b.no) },
      );
    }
    case 'not': {
      const inner = judge(condition.condition, mode, snapshot);
      return inner && { yes: andNot(everyRow(snapshot), inner.yes), no: inner.yes };
    }
    default:
      return judgeLeaf(condition, mode, snapshot);
  }
}

type Leaf = Exclude<Condition, { kind: 'and' | 'or' | 'not' }>;

/** Conditions as text, for keys: the field spec by its code. */
const conditionKey = (condition: Condition | Condition[]) => JSON.stringify(condition, (name, value: unknown) => (name === 'field' ? (value as FieldSpec).code : value));

/**
 * One field's condition over every row: judged once per distinct value of the field (from the
 * snapshot's dictionary of it), then spread to the rows by value id. Kept per snapshot: the same
 * filter chips and searches come back again and again.
 */
function judgeLeaf(condition: Leaf, mode: RecordsMode, snapshot: Snapshot): Judgement | null {
  const { field } = condition;
  const values = condition.kind === 'compare' ? [condition.value] : condition.kind === 'in' ? condition.values : condition.kind === 'range' ? [condition.low, condition.high] : [condition.pattern];
  if (values.some((value) => typeof value === 'string' && (!isAscii(value) || (field.type === 'date' && !validDate(value))))) return null;
  return memo(snapshot, 'records:leaves', 1_000, `${mode}:${conditionKey(condition)}`, () => {
    // ILIKE ignores case always; equality ignores it for free text (see conditionSql); ranges never.
    const folded = condition.kind === 'match' || (field.type === 'text' && !field.upperCase && condition.kind !== 'range');
    const { ids, values: distinct } = fieldDictionary(snapshot, field, mode, folded);
    const judged = condition.kind === 'match' ? matchesOf(snapshot, field, mode, asciiLower(condition.pattern)) : Uint8Array.from(distinct, valueJudge(condition, folded));
    const judgement = { yes: emptyBits(ids.length), no: emptyBits(ids.length) };
    for (let row = 0; row < ids.length; row++) {
      const truth = judged[ids[row]];
      if (truth === TRUE) judgement.yes[row >>> 5] |= 1 << (row & 31);
      else if (truth === FALSE) judgement.no[row >>> 5] |= 1 << (row & 31);
    }
    return judgement;
  });
}

/**
 * A substring search over a text field's distinct lower-cased values: scans one string holding all
 * of them (native indexOf, skipping to the next value after a hit) instead of testing each value.
 */
function matchesOf(snapshot: Snapshot, field: FieldSpec, mode: RecordsMode, pattern: string): Uint8Array {
  const { values } = fieldDictionary(snapshot, field, mode, true);
  // A pattern holding the separator would match across values: it is tested value by value.
  if (pattern.includes(haystackSeparator)) return Uint8Array.from(values, (value) => (typeof value === 'string' ? (value.includes(pattern) ? TRUE : FALSE) : UNKNOWN));
  const { text, starts, unmatched } = fieldHaystack(snapshot, field, mode);
  const judged = unmatched.slice();
  let value = 0;
  for (let position = text.indexOf(pattern); position >= 0; position = value < starts.length ? text.indexOf(pattern, starts[value]) : -1) {
    // Hits come in order: the value holding this one is found by walking on from the last.
    while (value + 1 < starts.length && starts[value + 1] <= position) value += 1;
    if (judged[value] === FALSE) judged[value] = TRUE; // a null stays unknown, even for an empty pattern
    value += 1;
  }
  return judged;
}

/** The truth of a leaf condition for one stored value (lower-cased when `folded`). */
function valueJudge(condition: Exclude<Leaf, { kind: 'match' }>, folded: boolean): (value: unknown) => Truth {
  const { field } = condition;
  const comparable = (value: unknown) => (folded && typeof value === 'string' ? asciiLower(value) : storageValue(field, value));
  const truth = (met: boolean): Truth => (met ? TRUE : FALSE);
  switch (condition.kind) {
    case 'compare': {
      const wanted = comparable(condition.value) as Comparable;
      const compare = comparisons[condition.op];
      return (value) => (value === null ? UNKNOWN : truth(compare(value as Comparable, wanted)));
    }
    case 'in': {
      const wanted = new Set(condition.values.map(comparable));
      return (value) => (value === null ? UNKNOWN : truth(wanted.has(value)));
    }
    case 'range': {
      const low = condition.low === null ? null : (storageValue(field, condition.low) as Comparable);
      const high = condition.high === null ? null : (storageValue(field, condition.high) as Comparable);
      const { lowInclusive, highInclusive } = condition;
      return (stored) => {
        if (stored === null) return low === null && high === null ? FALSE : UNKNOWN;
        const value = stored as Comparable;
        if (low !== null && !(lowInclusive ? value >= low : value > low)) return FALSE;
        if (high !== null && !(highInclusive ? value <= high : value < high)) return FALSE;
        return TRUE;
      };
    }
  }
}

type Comparable = number | string | boolean;
const comparisons: Record<Comparison, (value: Comparable, wanted: Comparable) => boolean> = {
  '=': (value, wanted) => value === wanted,
  '<': (value, wanted) => value < wanted,
  '<=': (value, wanted) => value <= wanted,
  '>': (value, wanted) => value > wanted,
  '>=': (value, wanted) => value >= wanted,
};

export const recordsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(10_000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  filters: z.string().optional(),
  search: z.string().optional(),
  sort_by: z.string().optional(),
  sort_order: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .optional(),
  fields: z.string().optional(),
  quarter: quarterSchema.optional(),
});

export type RecordsQuery = z.infer<typeof recordsQuerySchema>;

/** Every report date held, newest first. */
export function listQuarters(knex: Knex): Promise<string[]> {
  return cached(knex, 'quarters', async () => {
    // A loose index scan: one index probe per quarter instead of reading every financials row.
    const result = await knex.raw(`
      with recursive quarters(repdte) as (
        (select repdte from fdic_financials order by repdte desc limit 1)
        union all
        select (select f.repdte from fdic_financials f where f.repdte < q.repdte order by f.repdte desc limit 1)
        from quarters q where q.repdte is not null
      )
      select repdte from quarters where repdte is not null`);
    return (result.rows as Array<{ repdte: string }>).map((row) => row.repdte);
  });
}

export async function latestQuarter(knex: Knex): Promise<string | null> {
  return (await listQuarters(knex))[0] ?? null;
}

/** The quarter asked for, else the latest; a quarter we do not hold is a 400. */
export async function resolveQuarter(knex: Knex, quarter: string | undefined): Promise<string | null> {
  const quarters = await listQuarters(knex);
  if (!quarter) return quarters[0] ?? null;
  if (!quarters.includes(quarter)) {
    throw new BadRequestError(`There is no data for the quarter ${quarter}. Available quarters: ${quarters.slice(0, 8).join(', ') || 'none'}.`);
  }
  return quarter;
}

function requestedFields(fields: string | undefined): string[] | null {
  if (!fields || fields.trim() === '') return null;
  const codes = fields
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  for (const code of codes) {
    if (!/^[A-Z][A-Z0-9_]{0,39}$/.test(code)) throw new BadRequestError(`"${code}" is not a field code.`);
  }
  return [...new Set(codes)];
}

export type FdicItem = { data: Record<string, unknown>; score: number };

/** Builds one BankFind record: stored source fields first, curated values (in FDIC units) over them. */
function toRecord(row: Record<string, unknown>, codes: string[] | null, mode: RecordsMode): Record<string, unknown> {
  const raw = mergedRecord(row.__iraw as Record<string, unknown> | null, row.__fraw as Record<string, unknown> | null);
  const curated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!key.startsWith('__')) curated[key] = value;
  // Without a field list the record is the merged source fields themselves, curated values over them.
  const record: Record<string, unknown> = codes ? {} : raw;
  for (const code of codes ?? Object.keys(curated)) record[code] = code in curated ? curated[code] : (raw[code] ?? null);
  record.ID = recordId(mode, curated.CERT ?? row.__cert, curated.REPDTE);
  return record;
}

/** BankFind's record id: the cert, with the report date in a financials list. */
const recordId = (mode: RecordsMode, cert: unknown, reportDate: unknown) => (mode === 'financials' && reportDate ? `${cert}_${reportDate}` : String(cert));

export type RecordsAnswer = { data: FdicItem[]; meta: { total: number; quarter: string | null; parameters: Record<string, unknown> }; totals: { count: number } };

/** A list query checked and resolved: what both the snapshot and the SQL path answer. */
export type PreparedRecordsQuery = {
  mode: RecordsMode;
  quarter: string | null;
  conditions: Condition[];
  /** Field codes asked for, or null for every field and the stored source record. */
  codes: string[] | null;
  sortField: FieldSpec | undefined;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
  parameters: Record<string, unknown>;
};

export async function prepareRecordsQuery(knex: Knex, mode: RecordsMode, query: RecordsQuery, extra?: Condition | null): Promise<PreparedRecordsQuery> {
  const quarter = await resolveQuarter(knex, query.quarter);
  const conditions = [parseFilter(query.filters), parseFilter(query.search), extra ?? null].filter((part): part is Condition => part !== null);
  const codes = requestedFields(query.fields);
  let sortField: FieldSpec | undefined;
  if (query.sort_by) {
    sortField = fieldCatalog.get(query.sort_by.toUpperCase());
    if (!sortField) throw new BadRequestError(`"${query.sort_by}" is not a field the list can be sorted by.`);
  }
  return {
    mode,
    quarter,
    conditions,
    codes,
    sortField,
    direction: query.sort_order === 'ASC' ? 'asc' : 'desc',
    limit: query.limit,
    offset: query.offset,
    parameters: { filters: query.filters ?? '', search: query.search ?? '', sort_by: query.sort_by ?? '', sort_order: query.sort_order ?? 'DESC', limit: query.limit, offset: query.offset },
  };
}

/** Everything of an answer but its records. */
const envelope = (prepared: PreparedRecordsQuery, total: number) => ({
  meta: { total, quarter: prepared.quarter, parameters: prepared.parameters },
  totals: { count: total },
});

function answer(prepared: PreparedRecordsQuery, records: Array<Record<string, unknown>>, total: number): RecordsAnswer {
  return { data: records.map((record) => ({ data: record, score: 0 })), ...envelope(prepared, total) };
}

/** Answers a list query in SQL: any field, including the stored source records. */
export async function recordsFromDatabase(knex: Knex, prepared: PreparedRecordsQuery): Promise<RecordsAnswer> {
  const { mode, quarter, conditions, codes, sortField } = prepared;
  const base = () => {
    const builder = knex('fdic_institutions as i');
    if (mode === 'financials') builder.join('fdic_financials as f', (join) => join.on('f.cert', '=', 'i.cert').andOn('f.repdte', '=', knex.raw('?', [quarter])));
    else builder.leftJoin('fdic_financials as f', (join) => join.on('f.cert', '=', 'i.cert').andOn('f.repdte', '=', knex.raw('?', [quarter])));
    for (const condition of conditions) {
      const { sql, bindings } = conditionSql(condition, mode);
      builder.whereRaw(sql, bindings as Knex.RawBinding[]);
    }
    return builder;
  };

  const selected = codes ? codes.filter((code) => fieldCatalog.has(code)) : [...fieldCatalog.keys()];
  const needsRaw = !codes || codes.some((code) => !fieldCatalog.has(code));
  const selections = selected.map((code) => knex.raw(`${outputExpression(fieldCatalog.get(code)!, mode)} as ??`, [code]));
  selections.push(knex.raw('i.cert as "__cert"'));
  if (needsRaw) selections.push(knex.raw('i.raw as "__iraw"'), knex.raw('f.raw as "__fraw"'));

  const dataQuery = base().select(selections).limit(prepared.limit).offset(prepared.offset);
  if (sortField) dataQuery.orderByRaw(`${fieldExpression(sortField, mode)} ${prepared.direction} nulls last`);
  dataQuery.orderBy('i.cert', 'asc');

  const [rows, countRow] = await Promise.all([
    prepared.limit === 0 ? Promise.resolve([]) : dataQuery,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  const records = (rows as Array<Record<string, unknown>>).map((row) => toRecord(row, codes, mode));
  return answer(prepared, records, Number(countRow?.n ?? 0));
}

/** A page of a query answered from a snapshot: its row numbers and the number of rows matching. */
type SnapshotPage = { snapshot: Snapshot; rows: number[]; total: number; codes: string[] };

/**
 * The rows of a list query from the quarter's in-memory snapshot, or null when it cannot answer: a
 * field outside the catalog (read from source records), no quarter, or a condition only SQL can
 * judge. The matches are counted by popcount; the page walks the sorted rows only until it is full.
 */
async function snapshotPage(knex: Knex, prepared: PreparedRecordsQuery): Promise<SnapshotPage | null> {
  const { mode, quarter, codes, sortField, conditions, direction } = prepared;
  if (quarter === null || codes === null || !codes.every((code) => fieldCatalog.has(code))) return null;
  const snapshot = await quarterSnapshot(knex, quarter);
  const judgement = conditions.length === 0 ? null : judge({ kind: 'and', conditions }, mode, snapshot);
  if (judgement === null && conditions.length > 0) return null;
  const universe = mode === 'financials' ? rowsWithFinancials(snapshot) : everyRow(snapshot);
  const selected = judgement ? and(judgement.yes, universe) : universe;
  const rows = mode === 'financials' ? snapshot.withFinancials : snapshot.all;
  const ordered = sortField ? orderedRows(snapshot, `${mode}:${sortField.code}`, rows, sortKey(snapshot, sortField, mode), direction) : rows;
  return { snapshot, rows: pageOf(ordered, selected, prepared.offset, prepared.limit), total: countBits(selected), codes };
}

/** Each catalog field's reader in FDIC units for one mode, made once per snapshot (a full record reads every field). */
function recordReaders(snapshot: Snapshot, mode: RecordsMode): Map<string, (row: number) => unknown> {
  return derived(snapshot, `record-readers:${mode}`, () =>
    new Map(
      [...fieldCatalog].map(([code, field]) => {
        const read = fieldReader(snapshot, field, mode);
        return [code, (row: number) => outputValue(field, read(row))] as const;
      }),
    ),
  );
}

const catalogCodes = [...fieldCatalog.keys()];

/** One row as a BankFind record of the fields asked for, in FDIC units. */
function snapshotRecord(snapshot: Snapshot, mode: RecordsMode, codes: string[], row: number): Record<string, unknown> {
  const readers = recordReaders(snapshot, mode);
  const record: Record<string, unknown> = {};
  for (const code of codes) record[code] = readers.get(code)!(row);
  record.ID = recordId(mode, record.CERT ?? snapshot.cert[row], record.REPDTE);
  return record;
}

/** Where a bank is in a snapshot (rows are ordered by cert), or -1. */
export function snapshotRowOf(snapshot: Snapshot, cert: number): number {
  const certs = snapshot.cert;
  let low = 0;
  let high = certs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (certs[middle] === cert) return middle;
    if (certs[middle] < cert) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The stored source records of a bank and of its row in a quarter (the fields no catalog column holds). */
export type SourceRecords = { institution: Record<string, unknown> | null; financials: Record<string, unknown> | null };

/**
 * A bank's full BankFind record in the snapshot's quarter, as `queryRecords` answers `CERT:x` with
 * no field list (every catalog field over the stored source records), from a snapshot row and the
 * bank's source records in that quarter.
 */
export function snapshotInstitutionRecord(snapshot: Snapshot, row: number, sources: SourceRecords): Record<string, unknown> {
  return mergedRecord(sources.institution, sources.financials, snapshotRecord(snapshot, 'institutions', catalogCodes, row));
}

/** Answers a list query from the quarter's in-memory snapshot, or null when SQL must (see `snapshotPage`). */
export async function recordsFromSnapshot(knex: Knex, prepared: PreparedRecordsQuery): Promise<RecordsAnswer | null> {
  const page = await snapshotPage(knex, prepared);
  if (!page) return null;
  const { snapshot, rows, total, codes } = page;
  return answer(prepared, rows.map((row) => snapshotRecord(snapshot, prepared.mode, codes, row)), total);
}

/** Runs a BankFind-style list query: from the snapshot when it can answer, else in SQL. */
export async function queryRecords(knex: Knex, mode: RecordsMode, query: RecordsQuery, extra?: Condition | null): Promise<RecordsAnswer> {
  const prepared = await prepareRecordsQuery(knex, mode, query, extra);
  return (await recordsFromSnapshot(knex, prepared)) ?? recordsFromDatabase(knex, prepared);
}

/**
 * `queryRecords` as the JSON text of its answer, for the HTTP routes: a row's record is serialised
 * once per snapshot and field list, since serialising every record of every page was a large part
 * of a list request's cost.
 */
export async function queryRecordsJson(knex: Knex, mode: RecordsMode, query: RecordsQuery, extra?: Condition | null): Promise<string> {
  const prepared = await prepareRecordsQuery(knex, mode, query, extra);
  const page = await snapshotPage(knex, prepared);
  if (!page) return JSON.stringify(await recordsFromDatabase(knex, prepared));
  const { snapshot, rows, total, codes } = page;
  const serialised = memo(snapshot, 'records:json', 20, `${mode}:${codes.join(',')}`, () => new Array<string | undefined>(snapshot.cert.length));
  const items = rows.map((row) => `{"data":${(serialised[row] ??= JSON.stringify(snapshotRecord(snapshot, mode, codes, row)))},"score":0}`);
  return `{"data":[${items.join(',')}],${JSON.stringify(envelope(prepared, total)).slice(1)}`;
}
