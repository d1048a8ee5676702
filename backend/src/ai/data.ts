import type { Knex } from 'knex';
import { quarterLabel as quarterName } from '../../../domain/format.ts';
import { PEER_ASSET_RANGE_WORDS, peerAssetRange } from '../../../domain/peers.ts';
import { assessRisk } from '../../../domain/risk.ts';
import { cached } from '../regulator/engine/cache.ts';
import { metricByColumn, peerColumns, profileColumns, type Metric } from './metrics.ts';
import { containsPattern } from '../db/like.ts';

/**
 * The questions the analyst may ask of our data, answered from the regulator mirror and the
 * caller's own outreach read tables. Every figure an AI answer quotes comes through here; the
 * user's data is only ever read with the caller's id.
 */

export type BankRef = { cert: number; name: string; city: string | null; state: string | null };
export type Figures = Record<string, number | null>;

/** Size bands of the dashboard's asset distribution, in dollars. */
export const sizeBands = {
  small: { maxAssets: 1e9 },
  mid: { minAssets: 1e9, maxAssets: 1e10 },
  large: { minAssets: 1e10 },
} as const;

export type BankFilters = { state?: string; regulator?: string; charterClass?: string; minAssets?: number; maxAssets?: number };

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** Report dates we hold figures for, newest first. */
export function heldQuarters(knex: Knex): Promise<string[]> {
  // the quarters change only with a sync or an import, which the regulator cache notices
  return cached(knex, 'ai:held-quarters', async () => {
    const rows = await knex('fdic_financials').distinct('repdte').orderBy('repdte', 'desc');
    return rows.map((row) => String(row.repdte));
  });
}

export class DataQuestionError extends Error {}

/** The quarter to answer for: the one asked (when held) or the newest. */
export async function quarterFor(knex: Knex, asked?: string | null): Promise<string> {
  const quarters = await heldQuarters(knex);
  if (quarters.length === 0) throw new DataQuestionError('No bank financials are loaded yet.');
  if (!asked) return quarters[0];
  if (!quarters.includes(asked)) throw new DataQuestionError(`No figures are held for ${quarterName(asked)}. Quarters held: ${quarters.map(quarterName).join(', ')}.`);
  return asked;
}


function applyFilters(query: Knex.QueryBuilder, filters: BankFilters): Knex.QueryBuilder {
  if (filters.state) query.where('i.state', filters.state.toUpperCase());
  if (filters.regulator) query.where('i.regulator', filters.regulator.toUpperCase());
  if (filters.charterClass) query.where('i.charter_class', filters.charterClass.toUpperCase());
  if (filters.minAssets !== undefined) query.where('f.assets', '>=', filters.minAssets);
  if (filters.maxAssets !== undefined) query.where('f.assets', '<', filters.maxAssets);
  return query;
}

const bankColumns = ['i.cert', 'i.name', 'i.city', 'i.state'];

export type RankedBank = BankRef & { value: number; assets: number | null };
/** Only banks whose figure is above (or below) this value, in the metric's own unit: "ROA above 2%". */
export type MetricThreshold = { side: 'above' | 'below'; value: number };
export type Ranking = { quarter: string; metric: Metric; order: 'desc' | 'asc'; matching: number; banks: RankedBank[]; threshold?: MetricThreshold };

/** Active banks ordered by one metric of one quarter (banks without the figure are left out). */
export async function rankBanks(
  knex: Knex,
  input: { metric: Metric; order: 'desc' | 'asc'; limit: number; quarter: string; filters: BankFilters; threshold?: MetricThreshold },
): Promise<Ranking> {
  const column = `f.${input.metric.column}`;
  const base = () => {
    const query = applyFilters(
      knex('fdic_financials as f').join('fdic_institutions as i', 'i.cert', 'f.cert').where('f.repdte', input.quarter).where('i.active', true).whereNotNull(column),
      input.filters,
    );
    if (input.threshold) query.where(column, input.threshold.side === 'above' ? '>' : '<', input.threshold.value);
    return query;
  };
  // one scan gives the page and, through the window count, how many banks matched
  const rows = await base()
    .select(...bankColumns, knex.raw('?? as value', [column]), 'f.assets', knex.raw('count(*) over () as matching'))
    .orderBy([{ column, order: input.order }, { column: 'i.cert', order: 'asc' }])
    .limit(input.limit);
  return {
    quarter: input.quarter,
    metric: input.metric,
    order: input.order,
    ...(input.threshold ? { threshold: input.threshold } : {}),
    matching: Number(rows[0]?.matching ?? 0),
    banks: rows.map((row: Record<string, unknown>) => ({ cert: Number(row.cert), name: String(row.name), city: (row.city as string) ?? null, state: (row.state as string) ?? null, value: Number(row.value), assets: numberOrNull(row.assets) })),
  };
}

export type BankProfile = BankRef & {
  /** False for a bank that failed or merged: it no longer exists to do business with. */
  active: boolean;
  /** When it stopped, for an inactive bank (YYYY-MM-DD). */
  inactiveDate: string | null;
  quarter: string;
  regulator: string | null;
  charterClass: string | null;
  offices: number | null;
  website: string | null;
  figures: Figures;
  risk: ReturnType<typeof assessRisk>;
};

/** One bank's identity and its figures for a quarter; null when we hold no such bank. */
export async function bankProfile(knex: Knex, cert: number, quarter: string): Promise<BankProfile | null> {
  const institution = await knex('fdic_institutions').where({ cert }).first('cert', 'name', 'city', 'state', 'regulator', 'charter_class', 'offices', 'website', 'active', 'inactive_date');
  if (!institution) return null;
  const columns = [...new Set([...profileColumns, ...peerColumns])];
  const financials = await knex('fdic_financials').where({ cert, repdte: quarter }).first(columns);
  const figures: Figures = Object.fromEntries(columns.map((column) => [column, numberOrNull(financials?.[column])]));
  return {
    cert: Number(institution.cert),
    name: institution.name,
    city: institution.city,
    state: institution.state,
    regulator: institution.regulator,
    charterClass: institution.charter_class,
    offices: numberOrNull(institution.offices),
    website: institution.website,
    active: institution.active !== false,
    inactiveDate: institution.inactive_date ? String(institution.inactive_date).slice(0, 10) : null,
    quarter,
    figures,
    risk: assessRisk({ roa: figures.roa, nplRatio: figures.npl_ratio, tier1CapitalRatio: figures.tier1_capital_ratio }),
  };
}

/**
 * A bank's own newest report date held, at or before the newest we hold: a bank that failed or merged
 * stopped reporting, and its figures are those of its last quarter, not none. Null when it reported none.
 */
export async function latestQuarterOf(knex: Knex, cert: number): Promise<string | null> {
  const row = await knex('fdic_financials').where({ cert }).max('repdte as repdte').first();
  return row?.repdte ? String(row.repdte) : null;
}

/**
 * The quarter to answer for about one bank: the one asked (when held), else the bank's own newest
 * (a failed or merged bank's last, whose figures are what we know of it), else the newest held.
 */
export async function quarterForBank(knex: Knex, cert: number, asked?: string | null): Promise<string> {
  if (asked) return quarterFor(knex, asked);
  return (await latestQuarterOf(knex, cert)) ?? quarterFor(knex);
}

/** One figure of one bank for a quarter. */
export async function bankFigure(knex: Knex, cert: number, metric: Metric, quarter: string): Promise<number | null> {
  const row = await knex('fdic_financials').where({ cert, repdte: quarter }).first(knex.raw('?? as value', [metric.column]));
  return numberOrNull(row?.value);
}

export type PeerComparison = {
  bank: BankProfile;
  quarter: string;
  /** How the peer group was drawn, in words. */
  peerGroup: string;
  peerCount: number;
  rows: Array<{ metric: Metric; bank: number | null; peerAverage: number | null; better: boolean | null }>;
};

/**
 * The bank against banks in the peer asset range (50% to 150% of its assets) in its state; when its state has fewer than
 * five such banks, against banks of that size nationwide, so a comparison always has a group.
 */
export async function peerComparison(knex: Knex, cert: number, quarter: string): Promise<PeerComparison | null> {
  const bank = await bankProfile(knex, cert, quarter);
  if (!bank || bank.figures.assets === null) return null;
  const { minAssets, maxAssets } = peerAssetRange(bank.figures.assets);
  const averages = async (state: string | null) => {
    const query = knex('fdic_financials as f')
      .join('fdic_institutions as i', 'i.cert', 'f.cert')
      .where('f.repdte', quarter)
      .where('i.active', true)
      .whereNot('i.cert', cert)
      .whereBetween('f.assets', [minAssets, maxAssets]);
    if (state) query.where('i.state', state);
    return query.first(knex.raw('count(*)::int as peers'), ...peerColumns.map((column) => knex.raw('avg(??) as ??', [`f.${column}`, column])));
  };
  let peerGroup = `${bank.state ?? 'same-state'} banks with ${PEER_ASSET_RANGE_WORDS} of its assets`;
  let result = bank.state ? await averages(bank.state) : undefined;
  if (!result || Number(result.peers) < 5) {
    peerGroup = `banks nationwide with ${PEER_ASSET_RANGE_WORDS} of its assets`;
    result = await averages(null);
  }
  return {
    bank,
    quarter,
    peerGroup,
    peerCount: Number(result?.peers ?? 0),
    rows: peerColumns.map((column) => {
      const metric = metricByColumn(column)!;
      const own = bank.figures[column];
      const peerAverage = numberOrNull(result?.[column]);
      const better = own === null || peerAverage === null ? null : metric.higherIsBetter ? own >= peerAverage : own <= peerAverage;
      return { metric, bank: own, peerAverage, better };
    }),
  };
}

export type MarketStatistics = {
  quarter: string;
  state: string | null;
  institutions: number;
  totalAssets: number;
  totalDeposits: number;
  averages: Figures;
  medianAssets: number | null;
  top100: { totalAssets: number; avgRoa: number | null; avgNpl: number | null; avgNim: number | null };
  risk: { low: number; medium: number; high: number };
};

/** Totals and averages over the active banks of a quarter (optionally of one state). */
export async function marketStatistics(knex: Knex, quarter: string, state?: string): Promise<MarketStatistics> {
  const base = () => {
    const query = knex('fdic_financials as f').join('fdic_institutions as i', 'i.cert', 'f.cert').where('f.repdte', quarter).where('i.active', true);
    if (state) query.where('i.state', state.toUpperCase());
    return query;
  };
  const averaged = ['roa', 'roe', 'net_interest_margin', 'npl_ratio', 'efficiency_ratio', 'tier1_capital_ratio'];
  const [totals, top] = await Promise.all([
    base().first(
      knex.raw('count(*)::int as institutions'),
      knex.raw('coalesce(sum(f.assets), 0) as total_assets'),
      knex.raw('coalesce(sum(f.deposits), 0) as total_deposits'),
      knex.raw('percentile_cont(0.5) within group (order by f.assets) as median_assets'),
      knex.raw('count(*) filter (where f.risk_score < 33.3)::int as low'),
      knex.raw('count(*) filter (where f.risk_score >= 33.3 and f.risk_score < 66.6)::int as medium'),
      knex.raw('count(*) filter (where f.risk_score >= 66.6)::int as high'),
      ...averaged.map((column) => knex.raw('avg(??) as ??', [`f.${column}`, column])),
    ),
    knex
      .from(base().select('f.assets', 'f.roa', 'f.npl_ratio', 'f.net_interest_margin').whereNotNull('f.assets').orderBy('f.assets', 'desc').limit(100).as('top'))
      .first(knex.raw('coalesce(sum(assets), 0) as total_assets'), knex.raw('avg(roa) as roa'), knex.raw('avg(npl_ratio) as npl'), knex.raw('avg(net_interest_margin) as nim')),
  ]);
  return {
    quarter,
    state: state?.toUpperCase() ?? null,
    institutions: Number(totals?.institutions ?? 0),
    totalAssets: Number(totals?.total_assets ?? 0),
    totalDeposits: Number(totals?.total_deposits ?? 0),
    medianAssets: numberOrNull(totals?.median_assets),
    averages: Object.fromEntries(averaged.map((column) => [column, numberOrNull(totals?.[column])])),
    top100: { totalAssets: Number(top?.total_assets ?? 0), avgRoa: numberOrNull(top?.roa), avgNpl: numberOrNull(top?.npl), avgNim: numberOrNull(top?.nim) },
    risk: { low: Number(totals?.low ?? 0), medium: Number(totals?.medium ?? 0), high: Number(totals?.high ?? 0) },
  };
}

export type TargetSummary = BankRef & {
  addedAt: string;
  contacts: Array<{ name: string; title: string; email: string | null; isHotLead: boolean }>;
  openTasks: Array<{ text: string; dueDate: string }>;
};

/** The caller's target banks (or the one with this cert) with their contacts and open tasks. */
export async function userTargets(knex: Knex, userId: string, cert?: number): Promise<TargetSummary[]> {
  const targetQuery = knex('targets').where({ user_id: userId, is_target: true }).orderBy('created_at', 'desc').select('cert', 'name', 'city', 'state', 'created_at');
  if (cert !== undefined) targetQuery.where({ cert });
  const targets = await targetQuery;
  if (targets.length === 0) return [];
  const certs = targets.map((target) => target.cert);
  const [contacts, tasks] = await Promise.all([
    knex('contacts').where({ user_id: userId }).whereIn('bank_id', certs).orderBy('name').select('bank_id', 'name', 'title', 'email', 'is_hot_lead'),
    knex('tasks').where({ user_id: userId, completed: false }).whereIn('bank_id', certs).orderBy('due_date').select('bank_id', 'text', 'due_date'),
  ]);
  return targets.map((target) => ({
    cert: Number(target.cert),
    name: target.name,
    city: target.city,
    state: target.state,
    addedAt: new Date(target.created_at).toISOString().slice(0, 10),
    contacts: contacts
      .filter((contact) => contact.bank_id === target.cert)
      .map((contact) => ({ name: contact.name, title: contact.title, email: contact.email, isHotLead: contact.is_hot_lead })),
    openTasks: tasks
      .filter((task) => task.bank_id === target.cert)
      .map((task) => ({ text: task.text, dueDate: task.due_date instanceof Date ? task.due_date.toISOString().slice(0, 10) : String(task.due_date).slice(0, 10) })),
  }));
}

/** Active banks whose name contains the text (case-insensitive), largest first. */
export async function searchBanksByName(knex: Knex, text: string, limit = 10): Promise<Array<BankRef & { assets: number | null }>> {
  const rows = await knex('fdic_institutions as i')
    .where('i.active', true)
    .whereRaw('lower(i.name) like ?', [containsPattern(text.toLowerCase())])
    .orderByRaw('i.assets desc nulls last')
    .limit(limit)
    .select(...bankColumns, 'i.assets');
  return rows.map((row) => ({ cert: Number(row.cert), name: row.name, city: row.city, state: row.state, assets: numberOrNull(row.assets) }));
}

/** Every active bank's name and cert, for finding the bank a question names. */
/** The active banks' names, to find a bank named in a question; read again only after a sync or an import. */
export function bankNames(knex: Knex): Promise<Array<{ cert: number; name: string; assets: number | null }>> {
  return cached(knex, 'ai:bank-names', async () => {
    const rows = await knex('fdic_institutions').where({ active: true }).select('cert', 'name', 'assets');
    return rows.map((row) => ({ cert: Number(row.cert), name: row.name, assets: numberOrNull(row.assets) }));
  });
}
