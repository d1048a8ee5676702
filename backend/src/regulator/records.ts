import type { Knex } from 'knex';
import { z } from 'zod';
import { BadRequestError } from '../http/errors.ts';
import { cached } from './cache.ts';
import { fieldCatalog, type FieldSpec } from './fields.ts';
import { parseFilter, type Condition } from './filter-language.ts';

/**
 * The BankFind-style list queries (`/fdic/institutions`, `/fdic/financials-query`) over the mirror:
 * institutions joined with one quarter of financials, filtered, searched and sorted by whitelisted
 * field codes, answered as `{ data: [{ data: {CODE: value} }], meta: { total } }` with money in
 * thousands, as BankFind answers.
 */

export type RecordsMode = 'institutions' | 'financials';

/** Institution columns that also hold the latest figures, for institutions without financials that quarter. */
const institutionFallbackColumns = new Set(['assets', 'deposits', 'total_equity', 'net_income', 'roa', 'roaq', 'roe', 'repdte']);

/** The SQL expression of a field in a mode (trusted: built from the catalog only). */
export function fieldExpression(field: FieldSpec, mode: RecordsMode): string {
  if (field.table === 'i') return `i.${field.column}`;
  if (mode === 'institutions' && institutionFallbackColumns.has(field.column)) return `coalesce(f.${field.column}, i.${field.column})`;
  return `f.${field.column}`;
}

function outputExpression(field: FieldSpec, mode: RecordsMode): string {
  const expression = fieldExpression(field, mode);
  if (field.unit === 'thousands') return `(${expression} / 1000.0)`;
  if (field.type === 'flag') return `(case when ${expression} then 1 else 0 end)`;
  if (field.type === 'date') return `to_char(${expression}, 'MM/DD/YYYY')`;
  return expression;
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
  return cached('quarters', 60_000, async () => {
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

/** Runs a BankFind-style list query. */
export async function queryRecords(knex: Knex, mode: RecordsMode, query: RecordsQuery, extra?: Condition | null): Promise<RecordsAnswer> {
  const quarter = await resolveQuarter(knex, query.quarter);
  const conditions = [parseFilter(query.filters), parseFilter(query.search), extra ?? null].filter((part): part is Condition => part !== null);
  const codes = requestedFields(query.fields);

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

  let sortField: FieldSpec | undefined;
  if (query.sort_by) {
    sortField = fieldCatalog.get(query.sort_by.toUpperCase());
    if (!sortField) throw new BadRequestError(`"${query.sort_by}" is not a field the list can be sorted by.`);
  }

  const selected = codes ? codes.filter((code) => fieldCatalog.has(code)) : [...fieldCatalog.keys()];
  const needsRaw = !codes || codes.some((code) => !fieldCatalog.has(code));
  const selections = selected.map((code) => knex.raw(`${outputExpression(fieldCatalog.get(code)!, mode)} as ??`, [code]));
  selections.push(knex.raw('i.cert as "__cert"'));
  if (needsRaw) selections.push(knex.raw('i.raw as "__iraw"'), knex.raw('f.raw as "__fraw"'));

  const dataQuery = base().select(selections).limit(query.limit).offset(query.offset);
  if (sortField) {
    const direction = query.sort_order === 'ASC' ? 'asc' : 'desc';
    dataQuery.orderByRaw(`${fieldExpression(sortField, mode)} ${direction} nulls last`);
  }
  dataQuery.orderBy('i.cert', 'asc');

  const [rows, countRow] = await Promise.all([
    query.limit === 0 ? Promise.resolve([]) : dataQuery,
    base().count({ n: '*' }).first() as Promise<{ n: number | string } | undefined>,
  ]);
  const total = Number(countRow?.n ?? 0);
  return {
    data: (rows as Array<Record<string, unknown>>).map((row) => ({ data: toRecord(row, codes, mode), score: 0 })),
    meta: {
      total,
      quarter,
      parameters: { filters: query.filters ?? '', search: query.search ?? '', sort_by: query.sort_by ?? '', sort_order: query.sort_order ?? 'DESC', limit: query.limit, offset: query.offset },
    },
    totals: { count: total },
  };
}
