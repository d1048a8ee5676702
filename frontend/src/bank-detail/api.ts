/**
 * The calls the bank detail view makes, answered in the shapes the panels use.
 * Paths are those of the regulator proxy (backend/src/regulator/feature.ts); FDIC-style answers are unwrapped by records.ts.
 */

import { localTimeZone } from '../../../domain/format.ts';
import { ApiError, http } from '../providers/http.ts';
import type { PeerCriteria } from '../../../domain/peers.ts';
import { peerSearchParams } from './lib/peers.ts';
import type { BankFigures } from '../banks/bank.ts';
import { pageOf, recordsOf, type Page, type RawRecord } from '../banks/records.ts';
import type { HistoricalPoint } from './lib/trends.ts';
import type { BankClosure } from '../../../domain/bank-closure.ts';

const fdic = '/api/services/fdic';

/** A 404 answer means "none" for the lookups that may legitimately have nothing. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export type PagedQuery = { limit: number; offset: number };

export type CommunityProfile = {
  name?: string | null;
  medianHouseholdIncome?: number | null;
  unemploymentRate?: number | null;
  povertyRate?: number | null;
  renterOccupiedRate?: number | null;
  medianAge?: number | null;
  collegeEducatedRate?: number | null;
  whiteNonHispanicRate?: number | null;
  hispanicOrLatinoRate?: number | null;
  blackOrAfricanAmericanRate?: number | null;
  asianRate?: number | null;
  spanishSpeakingRate?: number | null;
  source?: string | null;
};

function toNumberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** A historical point from either the normalised shape or FDIC codes (money in thousands). */
export function historicalPointOf(record: RawRecord): HistoricalPoint | null {
  const date = String(record.date ?? record.REPDTE ?? record.repdte ?? '');
  if (!date) return null;
  const thousands = (code: string) => {
    const value = toNumberOrNull(record[code]);
    return value === null ? null : value * 1000;
  };
  const chargeOffs = toNumberOrNull(record.DRLNLS);
  const recoveries = toNumberOrNull(record.CRLNLS);
  const fdicNetChargeOffs = chargeOffs === null && recoveries === null ? null : ((chargeOffs ?? 0) - (recoveries ?? 0)) * 1000;
  return {
    date,
    assets: toNumberOrNull(record.assets) ?? thousands('ASSET'),
    deposits: toNumberOrNull(record.deposits) ?? thousands('DEP'),
    netIncome: toNumberOrNull(record.netIncome) ?? thousands('NETINC'),
    roa: toNumberOrNull(record.roa) ?? toNumberOrNull(record.ROA),
    nim: toNumberOrNull(record.nim) ?? toNumberOrNull(record.NIMY),
    nplRatio: toNumberOrNull(record.nplRatio) ?? toNumberOrNull(record.NCLNLSR),
    tier1CapitalRatio: toNumberOrNull(record.tier1CapitalRatio) ?? toNumberOrNull(record.RBC1RWAJ),
    netChargeOffs: toNumberOrNull(record.netChargeOffs) ?? fdicNetChargeOffs,
  };
}

/** What the first screen of a bank's detail needs, answered by one call (null parts: the bank has none). */
export type BankOverview = {
  cert: number;
  institution: RawRecord | null;
  /** The newest quarter of financials held for the bank (null: none). */
  latestFinancials: RawRecord | null;
  /** Every report date held for the bank, newest first (YYYYMMDD). */
  quarters: string[];
  demographics: RawRecord | null;
  /** The overview panel's record: offices by state among other things. */
  summary: RawRecord | null;
  /** Null while the bank is active; else whether it failed, was acquired (by whom) or is just inactive. */
  closure: BankClosure | null;
};

export const bankDetailApi = {
  /** The bank's first screen in one call; null when the bank does not exist. */
  overview: (cert: number): Promise<BankOverview | null> => orNull(http.get<BankOverview>(`${fdic}/bank/${cert}/overview`)),
  /** One quarter of the bank's financials; null when the bank has no figures for it. */
  quarterFinancials: async (cert: number, quarter: string): Promise<RawRecord | null> => recordsOf(await http.get<unknown>(`${fdic}/financials/${cert}`, { quarter }))[0] ?? null,
  historicalFinancials: async (cert: number): Promise<HistoricalPoint[]> => {
    const body = await http.get<unknown>(`${fdic}/financials/history/${cert}`);
    return recordsOf(body)
      .map(historicalPointOf)
      .filter((point): point is HistoricalPoint => point !== null);
  },
  locations: async (cert: number, query: PagedQuery): Promise<Page<RawRecord>> => pageOf(await http.get<unknown>(`${fdic}/locations/${cert}`, query)),
  summaryOfDeposits: async (cert: number, query: PagedQuery): Promise<Page<RawRecord>> => pageOf(await http.get<unknown>(`${fdic}/sod/${cert}`, query)),
  bankHistory: async (cert: number, query: PagedQuery): Promise<Page<RawRecord>> => pageOf(await http.get<unknown>(`${fdic}/history/${cert}`, query)),
  failures: async (cert: number): Promise<RawRecord[]> => {
    const body = await orNull(http.get<unknown>(`${fdic}/failures/${cert}`));
    return body === null ? [] : recordsOf(body);
  },
  /** Field code to description (`/fdic/field-map`). */
  fieldMap: async (): Promise<Record<string, string>> => {
    const body = await http.get<unknown>(`${fdic}/field-map`);
    const source = body && typeof body === 'object' && 'data' in body && typeof (body as { data: unknown }).data === 'object' ? (body as { data: unknown }).data : body;
    const map: Record<string, string> = {};
    if (source && typeof source === 'object' && !Array.isArray(source)) {
      for (const [code, description] of Object.entries(source as Record<string, unknown>)) {
        if (typeof description === 'string') map[code] = description;
        else if (description && typeof description === 'object' && typeof (description as { title?: unknown }).title === 'string') map[code] = (description as { title: string }).title;
      }
    }
    return map;
  },
  /** Active banks matching the criteria, with their figures of the given quarter (YYYYMMDD). */
  peers: async (criteria: PeerCriteria, limit: number, quarter: string): Promise<BankFigures[]> => {
    const body = await http.get<unknown>(`${fdic}/peers?${peerSearchParams(criteria, limit, quarter).toString()}`);
    return recordsOf(body) as BankFigures[];
  },
  /** The community profile of a CBSA or CSA code; null when the area has none. */
  communityProfile: async (kind: 'cbsa' | 'csa', code: string): Promise<CommunityProfile | null> => {
    const body = await orNull(http.get<unknown>(`/api/services/census/${kind}/${encodeURIComponent(code)}`));
    if (body === null) return null;
    const record = recordsOf(body)[0];
    return record && Object.keys(record).length > 0 ? (record as CommunityProfile) : null;
  },
  /** The report says when it was made on the reader's clock. */
  pdfReport: (cert: number) =>
    http.blob('/api/services/pdf/report', { method: 'POST', body: { cert, timeZone: localTimeZone() }, headers: { accept: 'application/pdf, application/json' } }),
};
