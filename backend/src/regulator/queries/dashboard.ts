import type { Knex } from 'knex';
import { cached } from '../engine/cache.ts';
import { resolveQuarter } from './records.ts';
import { assessRisk } from '../../../../domain/risk.ts';

/**
 * The dashboard response in one call, computed per quarter and cached until the
 * mirror changes (or for ten minutes, for a sync run by another process).
 *
 * - totalInstitutions: active institutions.
 * - riskDistribution: active banks with financials that quarter, by quarterly ROA as the risk
 *   category lists count them (High < 0.5, Medium 0.5-1.0, Low > 1.0), so the donut and the
 *   list behind each segment agree.
 * - marketStats: the top 100 banks by assets: total assets (dollars), mean ROA, NPL ratio and NIM, each
 *   unweighted over the banks reporting it, and how many did (the screen says what a mean is of).
 * - marketChargeOffs / marketDelinquencies: gross charge-offs (YTD) and 30-89 days past due, in
 *   dollars, summed over every bank that quarter, by loan family.
 * - spotlight: five banks each; topRoa, mostEfficient and strongestCapital consider banks with at
 *   least $1B of assets (small banks' ratios swing widely); highestRisk ranks every bank by the
 *   risk score (domain/risk.ts).
 */

export type SpotlightBank = {
  id: number;
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  assets: number | null;
  roa: number | null;
  efficiencyRatio: number | null;
  tier1CapitalRatio: number | null;
  nplRatio: number | null;
  riskScore: number | null;
  riskCategory: string | null;
};

export type DashboardResponse = {
  totalInstitutions: number;
  riskDistribution: { highRisk: number; mediumRisk: number; lowRisk: number };
  /** Whether the quarter's financials lack the distribution's input (quarterly ROA, ROAQ) altogether. */
  riskInputsMissing: boolean;
  /** Whether they lack every loan family's gross charge-offs (DRRE, DRCI, DRCON, DRAG): the chart would be all zeros. */
  chargeOffInputsMissing: boolean;
  /** Whether they lack every loan family's 30-89 days past due (P3RE, P3CI, P3CON, P3AG). */
  delinquencyInputsMissing: boolean;
  marketStats: {
    totalAssets: number;
    avgRoa: number | null;
    avgNpl: number | null;
    avgNim: number | null;
    /** How many of the top 100 reported each averaged figure. */
    banksReporting: { roa: number; npl: number; nim: number };
  };
  marketChargeOffs: { re: number; ci: number; consumer: number; ag: number };
  marketDelinquencies: { re: number; ci: number; consumer: number; ag: number };
  spotlight: { topRoa: SpotlightBank[]; mostEfficient: SpotlightBank[]; strongestCapital: SpotlightBank[]; highestRisk: SpotlightBank[] };
  repdte: string | null;
  isDemo: boolean;
};

const spotlightSize = 5;
const spotlightMinimumAssets = 1_000_000_000;
const families = ['re', 'ci', 'consumer', 'ag'] as const;

/** The dashboard of a quarter (the latest by default), cached until the mirror changes. */
export function dashboard(knex: Knex, quarterParam?: string): Promise<DashboardResponse> {
  return cached(knex, `dashboard:${quarterParam ?? 'latest'}`, () => computeDashboard(knex, quarterParam));
}

/** The dashboard computed afresh in SQL. */
export async function computeDashboard(knex: Knex, quarterParam?: string): Promise<DashboardResponse> {
  const quarter = await resolveQuarter(knex, quarterParam);
  const activeInQuarter = () => knex('fdic_financials as f').join('fdic_institutions as i', 'i.cert', 'f.cert').where('f.repdte', quarter).andWhere('i.active', true);
  const spotlightColumns = [
    'i.cert', 'i.name', 'i.city', 'i.state', 'f.assets', 'f.roa', 'f.efficiency_ratio', 'f.tier1_capital_ratio', 'f.npl_ratio', 'f.risk_score',
  ];
  const spotlight = (order: string, filter?: (builder: Knex.QueryBuilder) => void) => {
    const builder = activeInQuarter().select(spotlightColumns).orderByRaw(order).orderBy('i.cert').limit(spotlightSize);
    filter?.(builder);
    return builder;
  };
  const large = (builder: Knex.QueryBuilder) => builder.where('f.assets', '>=', spotlightMinimumAssets);

  const [totals, market, sums, topRoa, mostEfficient, strongestCapital, highestRisk, demo] = await Promise.all([
    knex('fdic_institutions as i')
      .select(knex.raw('count(*) filter (where i.active) as total'))
      .first(),
    knex
      .from(activeInQuarter().select('f.assets', 'f.roa', 'f.npl_ratio', 'f.net_interest_margin').orderByRaw('f.assets desc nulls last').limit(100).as('top'))
      .select(knex.raw('coalesce(sum(assets), 0) as total_assets, avg(roa) as avg_roa, avg(npl_ratio) as avg_npl, avg(net_interest_margin) as avg_nim, count(roa) as roa_banks, count(npl_ratio) as npl_banks, count(net_interest_margin) as nim_banks'))
      .first(),
    activeInQuarter()
      .select(
        knex.raw(`count(*) filter (where f.roaq < 0.5) as high_risk`),
        knex.raw(`count(*) filter (where f.roaq >= 0.5 and f.roaq <= 1.0) as medium_risk`),
        knex.raw(`count(*) filter (where f.roaq > 1.0) as low_risk`),
        knex.raw(`count(*) as with_financials`),
        knex.raw(`count(f.roaq) as with_roaq`),
        ...families.map((family) => knex.raw(`coalesce(sum(f.charge_offs_${family}), 0) as charge_offs_${family}`)),
        ...families.map((family) => knex.raw(`coalesce(sum(f.past_due_30_89_${family}), 0) as past_due_${family}`)),
        knex.raw(`count(*) filter (where coalesce(${families.map((family) => `f.charge_offs_${family}`).join(', ')}) is not null) as with_charge_offs`),
        knex.raw(`count(*) filter (where coalesce(${families.map((family) => `f.past_due_30_89_${family}`).join(', ')}) is not null) as with_past_due`),
      )
      .first(),
    spotlight('f.roa desc nulls last', (builder) => large(builder).whereNotNull('f.roa')),
    spotlight('f.efficiency_ratio asc nulls last', (builder) => large(builder).where('f.efficiency_ratio', '>', 0)),
    spotlight('f.tier1_capital_ratio desc nulls last', (builder) => large(builder).whereNotNull('f.tier1_capital_ratio')),
    spotlight('f.risk_score desc nulls last', (builder) => builder.whereNotNull('f.risk_score')),
    knex('fdic_institutions').where('is_demo', true).first('cert'),
  ]);
  const toSpotlight = (row: Record<string, unknown>): SpotlightBank => {
    const risk = assessRisk({ roa: row.roa as number | null, nplRatio: row.npl_ratio as number | null, tier1CapitalRatio: row.tier1_capital_ratio as number | null });
    return {
      id: row.cert as number,
      cert: row.cert as number,
      name: row.name as string,
      city: (row.city as string | null) ?? null,
      state: (row.state as string | null) ?? null,
      assets: (row.assets as number | null) ?? null,
      roa: (row.roa as number | null) ?? null,
      efficiencyRatio: (row.efficiency_ratio as number | null) ?? null,
      tier1CapitalRatio: (row.tier1_capital_ratio as number | null) ?? null,
      nplRatio: (row.npl_ratio as number | null) ?? null,
      riskScore: risk?.score ?? null,
      riskCategory: risk?.category ?? null,
    };
  };
  const sum = (key: string) => Number((sums as Record<string, unknown> | undefined)?.[key] ?? 0);
  const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    totalInstitutions: Number((totals as { total?: unknown } | undefined)?.total ?? 0),
    riskDistribution: { highRisk: sum('high_risk'), mediumRisk: sum('medium_risk'), lowRisk: sum('low_risk') },
    // Banks with financials that quarter, none of which carries ROAQ: the distribution cannot be drawn.
    riskInputsMissing: sum('with_financials') > 0 && sum('with_roaq') === 0,
    // Likewise a chart of charge-offs or past-due loans whose figures no bank carries shows why, not zeros.
    chargeOffInputsMissing: sum('with_financials') > 0 && sum('with_charge_offs') === 0,
    delinquencyInputsMissing: sum('with_financials') > 0 && sum('with_past_due') === 0,
    marketStats: {
      totalAssets: Number(market?.total_assets ?? 0),
      avgRoa: nullableNumber(market?.avg_roa),
      avgNpl: nullableNumber(market?.avg_npl),
      avgNim: nullableNumber(market?.avg_nim),
      banksReporting: { roa: Number(market?.roa_banks ?? 0), npl: Number(market?.npl_banks ?? 0), nim: Number(market?.nim_banks ?? 0) },
    },
    marketChargeOffs: { re: sum('charge_offs_re'), ci: sum('charge_offs_ci'), consumer: sum('charge_offs_consumer'), ag: sum('charge_offs_ag') },
    marketDelinquencies: { re: sum('past_due_re'), ci: sum('past_due_ci'), consumer: sum('past_due_consumer'), ag: sum('past_due_ag') },
    spotlight: {
      topRoa: topRoa.map(toSpotlight),
      mostEfficient: mostEfficient.map(toSpotlight),
      strongestCapital: strongestCapital.map(toSpotlight),
      highestRisk: highestRisk.map(toSpotlight),
    },
    repdte: quarter,
    isDemo: demo !== undefined,
  };
}
