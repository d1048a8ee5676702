import { creditBoxFields } from '../../../domain/bank-fields.ts';
import type { BankSearchResult } from '../banks/bank.ts';
import type { ReadModelsStatus, RebuildRun } from '../../../domain/records/read-models.ts';
import { http, type QueryValue } from './http.ts';
import { localDate, localTimeZone } from '../../../domain/format.ts';
import { isQuarter } from '../../../domain/quarter.ts';

/**
 * Typed calls to the service endpoints (regulator data proxy, sync, AI, contact
 * finder). Shapes follow the spec: FDIC-style lists answer `{ data: [{ data: {FIELD: value} }], meta: { total } }`
 * with money in thousands; normalised banks (credit box, targets) carry dollars and camelCase names.
 */

export type FdicRecord = Record<string, string | number | boolean | null | undefined>;
/** A BankFind-style list; `meta.quarter` (YYYYMMDD) is the quarter the financials are from. */
export type FdicList = { data: Array<{ data: FdicRecord }>; meta: { total: number; quarter?: string | null } };

/** Query of `/fdic/institutions` and `/fdic/financials-query`. */
export type FdicListQuery = {
  limit: number;
  offset?: number;
  filters?: string;
  search?: string;
  sort_by?: string;
  sort_order?: 'ASC' | 'DESC';
  fields?: string;
  /** 8-digit report date; the server defaults to the latest quarter. */
  quarter?: string;
};

export type LoanFamilies = { re: number; ci: number; consumer: number; ag: number };

/** A bank in a dashboard spotlight list (normalised: dollars, camelCase). */
export type SpotlightBank = {
  cert: number;
  name: string;
  city?: string | null;
  state?: string | null;
  assets?: number | null;
  roa?: number | null;
  efficiencyRatio?: number | null;
  tier1CapitalRatio?: number | null;
  nplRatio?: number | null;
  riskScore?: number | null;
};

export type DashboardResponse = {
  totalInstitutions: number;
  riskDistribution: { highRisk: number; mediumRisk: number; lowRisk: number };
  /** The quarter's financials lack quarterly ROA (ROAQ) altogether: the distribution cannot be drawn. */
  riskInputsMissing?: boolean;
  /** The quarter's financials lack every loan family's gross charge-offs. */
  chargeOffInputsMissing?: boolean;
  /** The quarter's financials lack every loan family's 30-89 days past due. */
  delinquencyInputsMissing?: boolean;
  marketStats: {
    totalAssets: number;
    avgRoa: number | null;
    avgNpl: number | null;
    avgNim: number | null;
    /** How many of the top 100 reported each averaged figure. */
    banksReporting: { roa: number; npl: number; nim: number };
  };
  marketChargeOffs: LoanFamilies;
  marketDelinquencies: LoanFamilies;
  spotlight: { topRoa: SpotlightBank[]; mostEfficient: SpotlightBank[]; strongestCapital: SpotlightBank[]; highestRisk: SpotlightBank[] };
  /** The quarter the figures describe, when the server says. */
  repdte?: string;
};

export type SyncStatus = { status: 'idle' | 'running' | 'complete' | 'stopped' | 'error'; progress: number; total: number; message: string; startedAt?: string; finishedAt?: string };

/** The filter object of the credit box; only switched-on, non-default filters are sent. */
export type CreditBoxCriteria = Partial<{
  minAssets: number;
  maxAssets: number;
  maxNplRatio: number;
  minTier1CapitalRatio: number;
  minRoa: number;
  minNetInterestMargin: number;
  maxEfficiencyRatio: number;
  region: string;
  state: string;
  regulator: string;
  charterType: string;
  minorityStatus: string;
  loanType: string;
  minLoanVolume: number;
  /** Percent: deposits grown at least this much since the same quarter a year earlier. */
  minDepositGrowth: number;
  searchTerm: string;
}>;

/**
 * A page of matches, how many pass the filters and meet every scored criterion, for each scored
 * criterion sent how many of them lack the figures it needs (and so do not meet it), and the
 * quarter (YYYYMMDD) of their figures.
 */
export type CreditBoxAnswer = { banks: BankSearchResult[]; total: number; fullMatches: number; notReported?: Partial<Record<keyof CreditBoxCriteria, number>>; quarter: string | null };

export type LeadFinderAnswer = { contacts?: Array<{ name: string; title?: string; email?: string }>; message?: string; error?: string };

function listQuery(query: FdicListQuery): Record<string, QueryValue> {
  return { ...query };
}

/** Quarters come as a list of report dates, newest first; accept a bare array or a `{ data }`/`{ quarters }` wrapper. */
export function quartersOf(answer: unknown): string[] {
  const list = Array.isArray(answer)
    ? answer
    : ((answer as { quarters?: unknown[]; data?: unknown[] } | null)?.quarters ?? (answer as { data?: unknown[] } | null)?.data ?? []);
  return list
    .map((item) => (typeof item === 'object' && item !== null ? ((item as { repdte?: unknown; REPDTE?: unknown }).repdte ?? (item as { REPDTE?: unknown }).REPDTE) : item))
    .map((item) => String(item))
    .filter(isQuarter);
}

/** Whether the mirror holds demo data, and the first start's demo load while it runs (banks loaded of the total). */
export type DataStatus = { isDemo: boolean; institutions: number; demoLoad: { loaded: number; total: number } | null };

/** A template rendered by the server on a bank and contact: placeholders it does not know, and those without a value. */
export type RenderedEmail = { subject: string; body: string; unknown: string[]; missing: string[] };
export type RenderRequest = { subject: string; body: string; cert: number | null; contactId: string | null };

export type ReportRow = Record<string, string | number | boolean | null>;
/** Every report replayed from the user's history as of a moment (now when none is given). */
export type ReportsOverview = { asOf: string; reports: Record<string, ReportRow[]> };

/** An event type the activity feed can hold, with the resource it belongs to. */
export type ActivityType = { resource: string; type: string };

export const services = {
  dashboard: (quarter?: string) => http.get<DashboardResponse>('/api/services/fdic/dashboard', { quarter }),
  institutions: (query: FdicListQuery, signal?: AbortSignal) => http.get<FdicList>('/api/services/fdic/institutions', listQuery(query), signal),
  financialsQuery: (query: FdicListQuery, signal?: AbortSignal) => http.get<FdicList>('/api/services/fdic/financials-query', listQuery(query), signal),
  institution: (cert: number) => http.get<FdicList>(`/api/services/fdic/institutions/${cert}`),
  financials: (cert: number) => http.get<FdicList>(`/api/services/fdic/financials/${cert}`),
  demographics: (cert: number) => http.get<FdicList>(`/api/services/fdic/demographics/${cert}`),
  quarters: async () => quartersOf(await http.get<unknown>('/api/services/fdic/quarters')),
  dataStatus: () => http.get<DataStatus>('/api/services/fdic/data-status'),
  creditBoxSearch: (criteria: CreditBoxCriteria, page: number, limit: number) =>
    http.post<CreditBoxAnswer>('/api/data/banks/credit-box-search', { criteria, page, limit, fields: creditBoxFields }),
  startInstitutionSync: () => http.post<SyncStatus | { message?: string }>('/api/services/sync/institutions'),
  syncStatus: () => http.get<SyncStatus>('/api/services/sync/status'),
  readModels: () => http.get<ReadModelsStatus>('/api/services/projections'),
  /** Rebuilds the named read models (all when none) beside the serving tables; 409 while a rebuild runs. */
  rebuildReadModels: (projections?: string[]) => http.post<{ rebuild: RebuildRun | null }>('/api/services/projections/rebuild', projections ? { projections } : {}),
  syncCommunityProfiles: () => http.post<{ message?: string }>('/api/services/census/sync-all'),
  marketSummary: (stats: DashboardResponse['marketStats']) => http.post<{ summary: string }>('/api/services/gemini/market-summary', { stats }),
  findLeads: (domain: string) => http.post<LeadFinderAnswer>('/api/services/hunter/find', { domain }),
  /** A template rendered on a bank and contact; {{today}} is the user's own calendar day. */
  renderEmail: (request: RenderRequest) => http.post<RenderedEmail>('/api/services/placeholders/render', { ...request, today: localDate() }),
  /** Every report as of a moment (now when null), its weeks counted in the browser's time zone. */
  reportsOverview: (asOf: string | null) =>
    http.get<ReportsOverview>('/api/reports/overview', { asOf: asOf ?? undefined, timeZone: localTimeZone() }),
  activityTypes: () => http.get<ActivityType[]>('/api/data/activity/types'),
  /** Whether the user's mail can go out, and by which service. */
  mailStatus: () => http.get<{ ready: boolean; via: 'mailgun' | 'smtp' | null }>('/api/services/mail/status'),
};

export type Services = typeof services;
