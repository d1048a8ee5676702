import { z } from 'zod';
import { groupThousands } from '../../../../domain/format.ts';
import type { AppConfig } from '../../config.ts';
import { parseFdicDate } from '../normalise/values.ts';
import { HttpClient, UpstreamError, type ServiceClientOptions } from './http.ts';

/** The BankFind Suite endpoints we read (https://api.fdic.gov/banks/<endpoint>). */
export const fdicEndpoints = ['institutions', 'financials', 'locations', 'history', 'sod', 'failures', 'summary', 'demographics'] as const;
export type FdicEndpoint = (typeof fdicEndpoints)[number];

/** One record as BankFind sends it: FDIC field codes as keys, money in thousands of dollars. */
export type FdicRecord = Record<string, string | number | boolean | null>;

export type FdicQuery = {
  filters?: string;
  search?: string;
  fields?: readonly string[] | string;
  sortBy?: string;
  sortOrder?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
  /** Extra parameters passed as they are (agg_by, total_fields, subtotal_by, ...). */
  extra?: Record<string, string | number>;
};

export type FdicPage = {
  records: FdicRecord[];
  /** meta.total: how many records match the query in all. */
  total: number;
  offset: number;
  totals?: Record<string, unknown>;
  /** Per field, how many values were neither text, a number, true/false nor null (an object, a list): left blank. */
  blanked: Record<string, number>;
  /**
   * The records of the page left out of `records` because a field we store could not be read, each
   * said in words ("history record 12, EFFDATE: Expected a date"): one bad record must not stop
   * every sync at it, and the page's place in the list still counts them.
   */
  unreadable: string[];
};

/** The API's documented maximum page size. */
export const fdicMaxLimit = 10_000;

/** The envelope of every BankFind JSON answer (fdic-api.yaml components.schemas.metadata/totals). */
export const fdicResponseSchema = z.object({
  meta: z.looseObject({
    total: z.number().int().nonnegative(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    index: z.looseObject({ name: z.string().optional(), createTimestamp: z.string().optional() }).optional(),
  }),
  // A value of another type is blanked (see FdicClient.query), not a reason to refuse the page: the
  // same record would refuse it on every retry, and a sync could never get past it.
  data: z.array(z.looseObject({ data: z.record(z.string(), z.unknown()), score: z.number().optional() })),
  totals: z.record(z.string(), z.unknown()).optional(),
});

const certificate = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, 'Expected a certificate number')]);
const fdicDate = z.string().refine((value) => parseFdicDate(value) !== null, 'Expected a date');
const amount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'Expected a number')]);
const label = z.union([z.string(), z.number()]);

/**
 * The fields we store of the records of endpoints whose records we keep as they come (structure
 * changes and failures), each checked where a record has it: a query may ask for some fields only.
 */
export const fdicRecordSchemas: Partial<Record<FdicEndpoint, z.ZodType>> = {
  history: z.looseObject({
    ID: z.string().min(1).optional(),
    CERT: certificate.nullish(),
    CHANGECODE: amount.nullish(),
    CHANGECODE_DESC: z.string().nullish(),
    EFFDATE: fdicDate.nullish(),
    PROCDATE: fdicDate.nullish(),
    INSTNAME: label.nullish(),
    ACQ_CERT: certificate.nullish(),
    ACQ_INSTNAME: label.nullish(),
    OUT_CERT: certificate.nullish(),
    OUT_INSTNAME: label.nullish(),
  }),
  failures: z.looseObject({
    CERT: certificate.nullish(),
    NAME: label.nullish(),
    FAILDATE: fdicDate.nullish(),
    QBFASSET: amount.nullish(),
    QBFDEP: amount.nullish(),
    COST: amount.nullish(),
  }),
};

export type FdicClientOptions = ServiceClientOptions;

/** Client for the FDIC BankFind Suite API: typed queries, validated envelopes, paging, retries. */
export class FdicClient {
  private readonly http: HttpClient;
  private readonly baseUrl: string;

  constructor(private readonly options: FdicClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.http = new HttpClient({
      service: 'FDIC BankFind',
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { retries: 5, baseDelayMs: 500, maxDelayMs: 30_000, ...options.retry },
      requestsPerSecond: options.requestsPerSecond ?? 5,
      fetch: options.fetch,
      onRetry: options.onRetry,
    });
  }

  /** The URL of one query; exported for logs and tests. */
  url(endpoint: FdicEndpoint, query: FdicQuery = {}): string {
    const params = new URLSearchParams();
    if (query.filters) params.set('filters', query.filters);
    if (query.search) params.set('search', query.search);
    if (query.fields) params.set('fields', typeof query.fields === 'string' ? query.fields : query.fields.join(','));
    if (query.sortBy) params.set('sort_by', query.sortBy);
    if (query.sortOrder) params.set('sort_order', query.sortOrder);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.offset !== undefined) params.set('offset', String(query.offset));
    for (const [key, value] of Object.entries(query.extra ?? {})) params.set(key, String(value));
    params.set('format', 'json');
    if (this.options.apiKey) params.set('api_key', this.options.apiKey);
    return `${this.baseUrl}/${endpoint}?${params}`;
  }

  /** One page of one endpoint. */
  async query(endpoint: FdicEndpoint, query: FdicQuery = {}, init: { timeoutMs?: number; retries?: number; signal?: AbortSignal } = {}): Promise<FdicPage> {
    if (query.limit !== undefined && (query.limit < 0 || query.limit > fdicMaxLimit)) {
      throw new RangeError(`BankFind pages hold 0 to ${fdicMaxLimit} records; ${query.limit} was asked for.`);
    }
    let json: unknown;
    const parse = (text: string) => {
      try {
        json = JSON.parse(text);
        return undefined;
      } catch {
        return `FDIC BankFind answered ${endpoint} with something that is not JSON (${describeBody(text)}).`;
      }
    };
    await this.http.getText(this.url(endpoint, query), { ...init, check: parse });
    const parsed = fdicResponseSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw new UpstreamError(`FDIC BankFind answered ${endpoint} in an unexpected shape (${first.path.join('.') || 'body'}: ${first.message}).`);
    }
    const blanked: Record<string, number> = {};
    const records = parsed.data.data.map((item) => {
      const record = item.data as FdicRecord;
      for (const [field, value] of Object.entries(record)) {
        if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') continue;
        record[field] = null;
        blanked[field] = (blanked[field] ?? 0) + 1;
      }
      return record;
    });
    const recordSchema = fdicRecordSchemas[endpoint];
    const readable: FdicRecord[] = [];
    const unreadable: string[] = [];
    for (const [index, record] of records.entries()) {
      const checked = recordSchema?.safeParse(record);
      if (!checked || checked.success) {
        readable.push(record);
        continue;
      }
      const first = checked.error.issues[0];
      unreadable.push(`${endpoint} record ${groupThousands((query.offset ?? 0) + index + 1)}, ${first.path.join('.')}: ${first.message}`);
    }
    return { records: readable, total: parsed.data.meta.total, offset: query.offset ?? 0, totals: parsed.data.totals, blanked, unreadable };
  }

  /**
   * Every page of a query, in order, from `query.offset` (default 0) with `pageSize` records each,
   * until meta.total is reached. A total that shrinks while we page ends the walk where it now
   * ends. A page that comes back empty while its own meta.total says more records follow is an
   * error: ending the walk there would pass half a list off as the whole (a sync takes the
   * institutions it lists for every active one).
   */
  async *pages(endpoint: FdicEndpoint, query: FdicQuery & { pageSize?: number } = {}, init: { signal?: AbortSignal } = {}): AsyncGenerator<FdicPage> {
    const { pageSize = 1000, ...rest } = query;
    let offset = rest.offset ?? 0;
    for (;;) {
      const page = await this.query(endpoint, { ...rest, limit: pageSize, offset }, init);
      const sent = page.records.length + page.unreadable.length;
      if (sent === 0 && pageSize > 0 && offset < page.total) {
        throw new UpstreamError(
          `FDIC BankFind sent an empty page of ${endpoint} at ${groupThousands(offset)} of the ${groupThousands(page.total)} records it counts.`,
        );
      }
      if (sent > 0) yield page;
      offset += sent;
      if (sent === 0 || offset >= page.total) return;
    }
  }

  /** How many records match, without fetching them. */
  async count(endpoint: FdicEndpoint, filters?: string): Promise<number> {
    return (await this.query(endpoint, { filters, fields: 'CERT', limit: 1 })).total;
  }

  /**
   * The newest report date (YYYYMMDD) with financials, found by sorting on REPDTE. Undefined
   * when the endpoint holds none.
   */
  async latestReportDate(): Promise<string | undefined> {
    const page = await this.query('financials', { fields: 'REPDTE', sortBy: 'REPDTE', sortOrder: 'DESC', limit: 1 });
    const value = page.records[0]?.REPDTE;
    return value === undefined || value === null ? undefined : String(value);
  }

  /** Whether BankFind answers at all within `timeoutMs`, with no retries. */
  async isReachable(timeoutMs = 3000): Promise<boolean> {
    try {
      await this.query('institutions', { fields: 'CERT', limit: 1 }, { timeoutMs, retries: 0 });
      return true;
    } catch {
      return false;
    }
  }
}

/** A body that is not JSON, as the status shows it: a page of HTML by its title, JSON cut short, or other text. */
function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'an empty body';
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const title = /<title>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
    return title ? `an HTML page: ${title}` : 'an HTML page';
  }
  if (/^[[{]/.test(trimmed)) return `JSON cut short after ${groupThousands(text.length)} characters`;
  return `${groupThousands(text.length)} characters of text`;
}

export function fdicClientFromConfig(config: Pick<AppConfig, 'fdicApiUrl' | 'fdicApiKey'>, options: Partial<FdicClientOptions> = {}): FdicClient {
  return new FdicClient({ baseUrl: config.fdicApiUrl, apiKey: config.fdicApiKey, ...options });
}

/** Report dates (YYYYMMDD) of the `count` quarter ends up to and including `latest`, newest first. */
export function quarterEndsBackFrom(latest: string, count: number): string[] {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(latest);
  if (!match) throw new Error(`Not a report date (YYYYMMDD): ${latest}`);
  let year = Number(match[1]);
  let quarter = Math.ceil(Number(match[2]) / 3);
  const dates: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const month = quarter * 3;
    const day = month === 3 || month === 12 ? 31 : 30;
    dates.push(`${year}${String(month).padStart(2, '0')}${day}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return dates;
}
