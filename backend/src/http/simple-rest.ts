import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { preparedSelect } from '../db/prepared.ts';
import type { Memo } from '../read-cache/answers.ts';
import { BadRequestError } from './errors.ts';
import { findUnstorableText } from './storable-text.ts';
import { queryParams } from './query-params.ts';
import { containsPattern, searchTermText } from '../db/like.ts';
import { isCalendarDate } from '../../../domain/format.ts';
import { certParamSchema } from '../../../domain/cert.ts';

/** How a resource's list can be filtered and sorted: API field names mapped to SQL. */
export type ListSpec = {
  /** API field -> column (qualified if the query joins), or `textOrder(column)`; written into the SQL as it is. */
  sortable: Record<string, string>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** API filter key -> how it narrows the query (a refusal names the key). `id` (getMany) is always supported. */
  filters?: Record<string, (query: Knex.QueryBuilder, value: unknown, key: string) => void>;
  /**
   * Columns searched by the `q` filter (a substring, case and accents aside), or SQL expressions over
   * the row (`{ sql }`, without parameters) where the text searched is looked up elsewhere.
   */
  searchColumns?: Array<string | { sql: string }>;
  /**
   * A condition every row a search (an ILIKE pattern) matches meets, served by an index of its own,
   * tested before `searchColumns` so the planner reads the rows it allows instead of every row.
   */
  searchNarrowing?: (pattern: string) => Knex.Raw;
  idColumn: string;
  /** Refuses filters that are wrong together (a range whose start is after its end), with 400 on the filter; called once every key is known. */
  checkFilter?: (filter: Record<string, unknown>) => void;
  /** Ids in `filter.id` that fail it match nothing (instead of reaching the database). */
  idSchema?: z.ZodType;
  maxPageSize?: number;
  /**
   * Columns looked up per row (counts of related rows, a related row's name), by alias, as SQL
   * without parameters over `table`'s row. A list works them out for its page only (the page
   * wrapped as `table`), unless it is sorted by one.
   */
  lookups?: { table: string; columns: Record<string, string> };
  /** Counts the filtered rows where a plain count(*) is too slow (default: count(*)). */
  count?: (filtered: Knex.QueryBuilder, filter: Record<string, unknown>) => Promise<number>;
  /**
   * Reads the list from elsewhere for the parameters it serves (a search from an index of its own
   * that holds the sort key, so a page is cut there): a page of rows, each carrying the list's total
   * in the `listTotalColumn` column, and the rows to count. Undefined for parameters it does not serve.
   */
  readElsewhere?: (params: ListParams) => { page(offset: number, limit: number): Knex.QueryBuilder; counted(): Knex.QueryBuilder } | undefined;
};

/** `query` with the spec's looked-up columns added to its select. */
export function withLookups(knex: Knex, query: Knex.QueryBuilder, spec: Pick<ListSpec, 'lookups'>): Knex.QueryBuilder {
  if (!spec.lookups) return query;
  return query.select(Object.entries(spec.lookups.columns).map(([alias, sql]) => knex.raw(`(${sql}) as ??`, [alias])));
}

export type ListParams = {
  filter: Record<string, unknown>;
  range: [number, number];
  sort: { field: string; order: 'ASC' | 'DESC' };
};

const jsonParam = <T extends z.ZodType>(name: string, schema: T) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
      const problem = findUnstorableText(value, name);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema.optional());

/** ra-data-simple-rest's list parameters, and no others. */
const listQuerySchema = queryParams({
  filter: jsonParam('filter', z.record(z.string(), z.unknown())),
  range: jsonParam('range', z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  sort: jsonParam('sort', z.tuple([z.string(), z.enum(['ASC', 'DESC', 'asc', 'desc'])])),
});

/** Parses ra-data-simple-rest's `filter`, `range` and `sort` against the resource's whitelist. */
export function parseListParams(query: Record<string, unknown>, spec: ListSpec): ListParams {
  const parsed = listQuerySchema.safeParse(query);
  if (!parsed.success) {
    // Our own refusals and an unknown parameter's name the parameter already; zod's are prefixed with where they apply.
    const problems = parsed.error.issues.map((issue) => (issue.code === 'custom' || issue.code === 'unrecognized_keys' ? issue.message : `${issue.path.join('.')} ${issue.message}`));
    throw new BadRequestError(`Invalid list parameters: ${problems.join('; ')}`);
  }
  const { filter = {}, sort } = parsed.data;
  // Records asked for by id without a range (react-admin's getMany: the names of a page's rows) are
  // all answered, up to the page limit: a first page of 25 left a list's 26th record named 'deleted'.
  const askedIds = Array.isArray(filter.id) ? filter.id.length : 0;
  const range = parsed.data.range ?? [0, Math.max(24, askedIds - 1)];
  if (range[1] < range[0]) throw new BadRequestError('Invalid range: the end comes before the start.');
  const maxPageSize = spec.maxPageSize ?? 500;
  const clamped: [number, number] = [range[0], Math.min(range[1], range[0] + maxPageSize - 1)];
  const field = sort?.[0] ?? spec.defaultSort.field;
  // Own keys only: an inherited name such as "toString" is not a column.
  if (!Object.hasOwn(spec.sortable, field)) {
    throw new BadRequestError(`Cannot sort by "${field}". Sortable fields: ${Object.keys(spec.sortable).join(', ')}.`);
  }
  const order = (sort?.[1]?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? spec.defaultSort.order;
  for (const key of Object.keys(filter)) {
    if (key !== 'id' && key !== 'q' && !Object.hasOwn(spec.filters ?? {}, key)) {
      const known = ['id', ...(spec.searchColumns ? ['q'] : []), ...Object.keys(spec.filters ?? {})];
      throw new BadRequestError(`Cannot filter by "${key}". Filters: ${known.join(', ')}.`);
    }
  }
  spec.checkFilter?.(filter);
  return { filter, range: clamped, sort: { field, order } };
}

/**
 * A text column sorted as people read it, case and accents aside ('de Silva' among the D's, 'Óscar'
 * among the O's), through the database function `sort_text`; an index on it keeps a large list fast.
 */
export const textOrder = (column: string) => `sort_text(${column})`;

/**
 * The ILIKE pattern of a search (`q`): its text anywhere, with `%`, `_` and `\\` taken literally and
 * runs of spaces read as one (see `searchTermText`).
 */
export const searchPattern = (q: unknown) => containsPattern(searchTermText(String(q)));

/** Whether a filter's value narrows the list: one left empty narrows nothing. */
const narrows = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The keys of the filters that narrow a list. */
export const narrowingFilters = (filter: Record<string, unknown>) => Object.keys(filter).filter((key) => narrows(filter[key]));

/** Applies filters (not paging) so the same builder can be counted and paged. */
export function applyFilters(query: Knex.QueryBuilder, params: ListParams, spec: ListSpec): Knex.QueryBuilder {
  for (const [key, value] of Object.entries(params.filter)) {
    if (!narrows(value)) continue;
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(String).filter((id) => !spec.idSchema || spec.idSchema.safeParse(id).success);
      if (ids.length === 0) query.whereRaw('false');
      else query.whereIn(spec.idColumn, ids);
    } else if (key === 'q') {
      if (!spec.searchColumns) throw new BadRequestError('This list cannot be searched.');
      const pattern = searchPattern(value);
      if (spec.searchNarrowing) query.where(spec.searchNarrowing(pattern));
      // Case and accents aside, as names are sorted: 'jose' finds José.
      query.where((inner) => {
        for (const column of spec.searchColumns!) {
          if (typeof column === 'string') inner.orWhereRaw('sort_text(??) like (select sort_text(?))', [column, pattern]);
          else inner.orWhereRaw(`sort_text(${column.sql}) like (select sort_text(?))`, [pattern]);
        }
      });
    } else {
      spec.filters![key](query, value, key);
    }
  }
  return query;
}

/** The count of the rows a list query matches, whatever it selects and however it is sorted. */
const countOf = (query: Knex.QueryBuilder) => query.clone().clearSelect().clearOrder().count({ total: '*' });

/** How many rows a list query matches, whatever it selects and however it is sorted. */
export async function countRows(knex: Knex, query: Knex.QueryBuilder): Promise<number> {
  const [{ total }] = await preparedSelect<{ total: number }>(knex, countOf(query));
  return Number(total);
}

/** The column a first page's rows carry the list's total in (not a field of any record). */
export const listTotalColumn = 'list_total';

/** The list's total a page's rows carry. */
const totalCarried = (rows: unknown[]) => Number((rows[0] as Record<string, unknown>)[listTotalColumn]);

/** `query` (which names its columns) with the list's total as one more column of each row. */
const withTotal = (knex: Knex, query: Knex.QueryBuilder, counted: Knex.QueryBuilder) => query.select(knex.raw('? as ??', [countOf(counted), listTotalColumn]));

/** Pages read at a time once a list is paged on: the one asked for and the others of its block (with a cache to keep them). */
const pagesPerBlock = 4;
/** Only pages up to this size are read ahead: a screen's page, not an export or a bulk fetch. */
const readAheadPageSize = 100;

/**
 * Runs a list query: the total and one page, and sets `Content-Range` as ra-data-simple-rest
 * expects.
 * - A first page is read in one statement with the total (each of its rows carries it), unless the
 *   total of its filter is already known: a list opened costs one round trip to the database, not
 *   two in turn. A search's first page is read alone, and counted only when it comes back full.
 *   A later page is read beside the total. A list read elsewhere (`readElsewhere`) carries its
 *   total on every page.
 * - With `memo` (the answer cache), a later page of a screen's list without per-row lookups is read
 *   in a block with the pages after it (pages 2-5, 6-9, ...), kept while the data has not changed:
 *   paging on, or several pages asked for at once, then costs no statement until the next block.
 *   A first page is read alone: most lists are looked at, not paged.
 */
export async function respondWithList<Row>(
  ctx: Context,
  knex: Knex,
  resource: string,
  /** The user's rows, selecting their columns by name: a first page adds the list's total to them. */
  base: Knex.QueryBuilder,
  spec: ListSpec,
  toApi: (row: Row) => unknown,
  /** Shares the total of one filter between its pages, and blocks of pages, while the data has not changed (see read-cache). */
  memo?: Memo,
): Promise<void> {
  const params = parseListParams(ctx.query as Record<string, unknown>, spec);
  applyFilters(base, params, spec);
  const elsewhere = spec.readElsewhere?.(params);
  const countAll = () => (elsewhere ? countRows(knex, elsewhere.counted()) : spec.count ? spec.count(base.clone(), params.filter) : countRows(knex, base));
  const [start, end] = params.range;
  const pageSize = end - start + 1;
  const sortColumn = spec.sortable[params.sort.field];
  const ordered = (query: Knex.QueryBuilder) =>
    query.orderByRaw(`${sortColumn} ${params.sort.order} nulls last`).orderBy(spec.idColumn, params.sort.order.toLowerCase() as 'asc' | 'desc');
  const lookupsFirst = spec.lookups !== undefined && Object.hasOwn(spec.lookups.columns, sortColumn);
  const rowsFrom = (offset: number, limit: number) => {
    if (elsewhere) return elsewhere.page(offset, limit);
    const page = ordered(lookupsFirst ? withLookups(knex, base.clone(), spec) : base.clone())
      .offset(offset)
      .limit(limit);
    // Otherwise the lookups run for the page's rows only: the page is cut first, then read as the table they name.
    return spec.lookups && !lookupsFirst ? ordered(withLookups(knex, knex.from(page.as(spec.lookups.table)).select(`${spec.lookups.table}.*`), spec)) : page;
  };
  const readsAhead = memo !== undefined && start > 0 && !spec.lookups && pageSize <= readAheadPageSize && start % pageSize === 0;
  const blockSize = readsAhead ? pageSize * pagesPerBlock : pageSize;
  const blockStart = readsAhead ? pageSize + Math.floor((start - pageSize) / blockSize) * blockSize : start;
  const readBlock = () => preparedSelect<Row>(knex, rowsFrom(blockStart, blockSize));
  const filterKey = JSON.stringify(params.filter);
  const readRows = readsAhead ? () => memo(`${resource} rows ${filterKey} ${sortColumn} ${params.sort.order} ${blockStart}+${blockSize}`, readBlock, 'rows') : readBlock;
  const totalKey = `${resource} total ${filterKey}`;
  const readTotal = () => (memo ? memo(totalKey, countAll) : countAll());
  const readFirstPage = async (): Promise<[number, Row[]]> => {
    // A count of its own is not a subquery, and a search reads many rows to keep few (counting its
    // matches costs as much again): the page goes first, and a short one tells the total itself.
    const searched = narrowingFilters(params.filter).includes('q');
    if (!elsewhere && (spec.count || searched)) {
      const rows = await readRows();
      return [rows.length < pageSize ? rows.length : await readTotal(), rows];
    }
    let pageWithTotal: Row[] | undefined;
    const countWithPage = async () => {
      pageWithTotal = await preparedSelect<Row>(knex, elsewhere ? rowsFrom(0, pageSize) : withTotal(knex, rowsFrom(0, pageSize), base));
      return pageWithTotal.length ? totalCarried(pageWithTotal) : 0;
    };
    const total = await (memo ? memo(totalKey, countWithPage) : countWithPage());
    return [total, pageWithTotal ?? (await readRows())];
  };
  const readLaterPage = async (): Promise<[number, Row[]]> => {
    if (!elsewhere) return Promise.all([readTotal(), readRows()]);
    // Rows read elsewhere carry the total: only a block past the end asks for it.
    const rows = await readRows();
    return [rows.length ? totalCarried(rows) : await readTotal(), rows];
  };
  const [count, block] = start === 0 ? await readFirstPage() : await readLaterPage();
  const rows = block.slice(start - blockStart, start - blockStart + pageSize);
  const last = rows.length ? start + rows.length - 1 : start;
  ctx.set('Content-Range', `${resource} ${start}-${last}/${count}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = rows.map(toApi);
}

/**
 * A true/false filter value from JSON (true/false) or a string ('true'/'false'). A refusal names the
 * filter as the client sent it, never the column behind it.
 */
function trueOrFalse(value: unknown, key: string): boolean {
  if (value !== true && value !== false && value !== 'true' && value !== 'false') throw new BadRequestError(`Filter ${key} must be true or false.`);
  return value === true || value === 'true';
}

/** A boolean column's filter. */
export function booleanFilter(column: string) {
  return (query: Knex.QueryBuilder, value: unknown, key: string) => {
    query.where(column, trueOrFalse(value, key));
  };
}

/** The certificate number a bank filter names, refused with 400 on the filter when it is not one. */
export function filterCert(value: unknown, key: string): number {
  const parsed = certParamSchema(key).safeParse(value);
  if (parsed.success) return parsed.data;
  const { message } = parsed.error.issues[0];
  throw new BadRequestError(message, { issues: [{ path: `filter.${key}`, message }] });
}

/** A bank filter: one certificate number or a list of them. */
export function certFilter(column: string) {
  return (query: Knex.QueryBuilder, value: unknown, key: string) => {
    query.whereIn(column, (Array.isArray(value) ? value : [value]).map((one) => filterCert(one, key)));
  };
}

/** A true/false filter on whether a column holds a value. */
export function presentFilter(column: string) {
  return (query: Knex.QueryBuilder, value: unknown, key: string) => {
    if (trueOrFalse(value, key)) query.whereNotNull(column);
    else query.whereNull(column);
  };
}

/** A true/false filter on whether a related row exists (`subquery` selects it, correlated to the listed row). */
export function existsFilter(subquery: (query: Knex.QueryBuilder) => Knex.QueryBuilder) {
  return (query: Knex.QueryBuilder, value: unknown, key: string) => {
    if (trueOrFalse(value, key)) query.whereExists((inner) => subquery(inner.select('*')));
    else query.whereNotExists((inner) => subquery(inner.select('*')));
  };
}

/** A calendar-date bound (YYYY-MM-DD) on a date column, inclusive. */
export function dateBoundFilter(column: string, operator: '>=' | '<=') {
  return (query: Knex.QueryBuilder, value: unknown, key: string) => {
    const text = String(value);
    if (!isCalendarDate(text)) throw new BadRequestError(`Filter ${key} must be a date like 2026-12-31.`);
    query.where(column, operator, text);
  };
}
