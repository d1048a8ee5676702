import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError } from '../http/errors.ts';
import { cached } from './cache.ts';
import { fieldCatalog, type FieldSpec } from './fields.ts';
import { parseFilter, type Comparison, type Condition } from './filter-language.ts';
import { asciiLower, fieldExpression, fieldReader, foldedReader, isAscii, orderedRows, quarterSnapshot, sortKey, type RecordsMode, type Snapshot } from './snapshot.ts';

export { fieldExpression, type RecordsMode } from './snapshot.ts';

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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
      return { sql: `${fieldExpression(condition.field, mode)} ilike ?`, bindings: [`%${escapeLike(condition.pattern)}%`] };
    }
  }
}

/** SQL's three-valued truth: null where a compared value is null. */
type Truth = boolean | null;
export type RowPredicate = (row: number) => Truth;

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
export function conditionPredicate(condition: Condition, mode: RecordsMode, snapshot: Snapshot): RowPredicate | null {
  switch (condition.kind) {
    case 'and':
    case 'or': {
      const parts = condition.conditions.map((part) => conditionPredicate(part, mode, snapshot));
      if (parts.some((part) => part === null)) return null;
      const predicates = parts as RowPredicate[];
      const decisive = condition.kind === 'or';
      return (row) => {
        let unknown = false;
        for (const predicate of predicates) {
          const truth = predicate(row);
          if (truth === decisive) return decisive;
          if (truth === null) unknown = true;
        }
        return unknown ? null : !decisive;
      };
    }
    case 'not': {
      const inner = conditionPredicate(condition.condition, mode, snapshot);
      return inner && ((row) => inner(row) !== true);
    }
    default:
      return fieldPredicate(condition, mode, snapshot);
  }
}

function fieldPredicate(condition: Exclude<Condition, { kind: 'and' | 'or' | 'not' }>, mode: RecordsMode, snapshot: Snapshot): RowPredicate | null {
  const { field } = condition;
  const read = fieldReader(snapshot, field, mode);
  const values = condition.kind === 'compare' ? [condition.value] : condition.kind === 'in' ? condition.values : condition.kind === 'range' ? [condition.low, condition.high] : [condition.pattern];
  if (values.some((value) => typeof value === 'string' && (!isAscii(value) || (field.type === 'date' && !validDate(value))))) return null;
  const foldCase = field.type === 'text' && !field.upperCase;
  const comparable = (value: unknown) => (foldCase && typeof value === 'string' ? asciiLower(value) : storageValue(field, value));
  const readComparable = foldCase ? foldedReader(snapshot, field, mode) : read;
  switch (condition.kind) {
    case 'compare': {
      const wanted = comparable(condition.value) as number | string | boolean;
      const compare = comparisons[condition.op];
      return (row) => {
        const value = readComparable(row) as number | string | boolean | null | undefined;
        return value === null || value === undefined ? null : compare(value, wanted);
      };
    }
    case 'in': {
      const wanted = new Set(condition.values.map(comparable));
      return (row) => {
        const value = readComparable(row);
        return value === null || value === undefined ? null : wanted.has(value);
      };
    }
    case 'range': {
      const low = condition.low === null ? null : (storageValue(field, condition.low) as number | string);
      const high = condition.high === null ? null : (storageValue(field, condition.high) as number | string);
      const { lowInclusive, highInclusive } = condition;
      return (row) => {
        const value = read(row) as number | string | null | undefined;
        if (value === null || value === undefined) return low === null && high === null ? false : null;
        if (low !== null && !(lowInclusive ? value >= low : value > low)) return false;
        if (high !== null && !(highInclusive ? value <= high : value < high)) return false;
        return true;
      };
    }
    case 'match': {
      const pattern = asciiLower(condition.pattern);
      const folded = foldedReader(snapshot, field, mode);
      return (row) => {
        const value = folded(row);
        return typeof value === 'string' ? value.includes(pattern) : null;
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

const quarterSchema = z.string().regex(/^\d{8}$/, 'quarter must be an 8-digit report date (YYYYMMDD)');

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
  return cached(knex, 'quarters', 60_000, async () => {
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
  const raw = { ...((row.__iraw as Record<string, unknown>) ?? {}), ...((row.__fraw as Record<string, unknown>) ?? {}) };
  const curated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!key.startsWith('__')) curated[key] = value;
  const record: Record<string, unknown> = codes ? {} : { ...raw };
  for (const code of codes ?? Object.keys(curated)) record[code] = code in curated ? curated[code] : (raw[code] ?? null);
  const cert = curated.CERT ?? row.__cert;
  record.ID = mode === 'financials' && curated.REPDTE ? `${cert}_${curated.REPDTE}` : String(cert);
  return record;
}

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

function answer(prepared: PreparedRecordsQuery, rows: Array<Record<string, unknown>>, total: number): RecordsAnswer {
  return {
    data: rows.map((row) => ({ data: toRecord(row, prepared.codes, prepared.mode), score: 0 })),
    meta: { total, quarter: prepared.quarter, parameters: prepared.parameters },
    totals: { count: total },
  };
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
  return answer(prepared, rows as Array<Record<string, unknown>>, Number(countRow?.n ?? 0));
}

/**
 * Answers a list query from the quarter's in-memory snapshot, or null when it cannot: a field
 * outside the catalog (read from source records), no quarter, or a condition only SQL can judge.
 */
export async function recordsFromSnapshot(knex: Knex, prepared: PreparedRecordsQuery): Promise<RecordsAnswer | null> {
  const { mode, quarter, codes, sortField } = prepared;
  if (quarter === null || codes === null || !codes.every((code) => fieldCatalog.has(code))) return null;
  const snapshot = await quarterSnapshot(knex, quarter);
  const predicates: RowPredicate[] = [];
  for (const condition of prepared.conditions) {
    const predicate = conditionPredicate(condition, mode, snapshot);
    if (!predicate) return null;
    predicates.push(predicate);
  }
  const rows = mode === 'financials' ? snapshot.withFinancials : snapshot.all;
  const ordered = sortField ? orderedRows(snapshot, `${mode}:${sortField.code}`, rows, sortKey(snapshot, sortField, mode), prepared.direction) : rows;
  const end = prepared.offset + prepared.limit;
  const page: number[] = [];
  let total = 0;
  rows: for (const row of ordered) {
    for (const predicate of predicates) if (predicate(row) !== true) continue rows;
    if (total >= prepared.offset && total < end) page.push(row);
    total += 1;
  }
  const outputs = codes.map((code) => {
    const field = fieldCatalog.get(code)!;
    const read = fieldReader(snapshot, field, mode);
    return (row: number) => outputValue(field, read(row));
  });
  const records = page.map((row) => {
    const record: Record<string, unknown> = {};
    codes.forEach((code, index) => (record[code] = outputs[index](row)));
    record.__cert = snapshot.cert[row];
    return record;
  });
  return answer(prepared, records, total);
}

/** Runs a BankFind-style list query: from the snapshot when it can answer, else in SQL. */
export async function queryRecords(knex: Knex, mode: RecordsMode, query: RecordsQuery, extra?: Condition | null): Promise<RecordsAnswer> {
  const prepared = await prepareRecordsQuery(knex, mode, query, extra);
  return (await recordsFromSnapshot(knex, prepared)) ?? recordsFromDatabase(knex, prepared);
}
