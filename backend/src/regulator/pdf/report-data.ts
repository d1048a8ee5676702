import type { Knex } from 'knex';
import { assessRisk, type RiskAssessment } from '../risk.ts';

/**
 * Everything the PDF report shows, read from the regulator mirror (money in dollars, ratios in
 * percent). Kept apart from the drawing so the report can be rendered from any data in tests.
 */

export type ReportQuarter = {
  repdte: string;
  assets: number | null;
  deposits: number | null;
  netIncome: number | null;
  roa: number | null;
  nplRatio: number | null;
};

export type ReportRatio = { label: string; value: number | null; peerAverage: number | null; better: 'higher' | 'lower' };

export type AssetQualityLine = { label: string; pastDue30: number | null; pastDue90: number | null; nonaccrual: number | null };

export type BankReportData = {
  cert: number;
  name: string;
  addressLine: string;
  regulator: string | null;
  charterClass: string | null;
  repdte: string | null;
  tiles: {
    totalAssets: number | null;
    totalDeposits: number | null;
    totalEquity: number | null;
    netIncome: number | null;
    roa: number | null;
    netInterestMargin: number | null;
    offices: number | null;
  };
  ratios: ReportRatio[];
  peerCount: number;
  peerGroup: string;
  assetQuality: AssetQualityLine[];
  /** Oldest first, up to eight quarters. */
  trend: ReportQuarter[];
  risk: RiskAssessment | null;
  isDemo: boolean;
  generatedAt: Date;
};

/** Key ratios of the report: the column read for the bank and its peers, and which way is better. */
export const reportRatios = [
  { label: 'Return on Assets (ROA)', column: 'roa', better: 'higher' },
  { label: 'Return on Equity (ROE)', column: 'roe', better: 'higher' },
  { label: 'Net Interest Margin (NIM)', column: 'net_interest_margin', better: 'higher' },
  { label: 'Efficiency Ratio', column: 'efficiency_ratio', better: 'lower' },
  { label: 'Noncurrent Loans Ratio', column: 'npl_ratio', better: 'lower' },
  { label: 'Net Charge-Off Ratio', column: 'net_charge_offs_to_loans_ratio', better: 'lower' },
  { label: 'Allowance / Loans', column: 'allowance_to_loans_ratio', better: 'higher' },
  { label: 'Tier 1 Risk-Based Capital Ratio', column: 'tier1_capital_ratio', better: 'higher' },
  { label: 'Tier 1 Leverage Ratio', column: 'tier1_leverage_ratio', better: 'higher' },
  { label: 'Equity / Assets', column: 'equity_to_assets_ratio', better: 'higher' },
  { label: 'Net Loans / Deposits', column: 'net_loans_to_deposits_ratio', better: 'lower' },
] as const;

const assetQualityFamilies = [
  { label: 'Real Estate', family: 're' },
  { label: 'Commercial & Industrial', family: 'ci' },
  { label: 'Consumer', family: 'consumer' },
  { label: 'Agriculture', family: 'ag' },
] as const;

const trendQuarters = 8;

type Row = Record<string, unknown>;
const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function addressLine(institution: Row): string {
  const stateZip = [textOrNull(institution.state), textOrNull(institution.zip)].filter(Boolean).join(' ');
  return [textOrNull(institution.address), textOrNull(institution.city), stateZip].filter(Boolean).join(', ');
}

/**
 * Peer averages as the Benchmark view defines its default group: same state, 50% to 150% of the
 * bank's assets, same quarter, the bank itself left out. AVG skips nulls, so each average is the
 * simple mean over the peers that report the figure.
 */
async function peerAverages(knex: Knex, cert: number, state: string | null, repdte: string, assets: number | null) {
  if (assets === null || assets <= 0) return { count: 0, averages: {} as Record<string, number | null> };
  const query = knex('fdic_financials as f')
    .join('fdic_institutions as i', 'i.cert', 'f.cert')
    .where('f.repdte', repdte)
    .whereNot('f.cert', cert)
    .where('i.active', true)
    .whereBetween('f.assets', [Math.round(assets * 0.5), Math.round(assets * 1.5)]);
  if (state) query.where('i.state', state);
  const row = (await query
    .select(knex.raw('count(*)::int as peer_count'), ...reportRatios.map((ratio) => knex.raw('avg(??) as ??', [`f.${ratio.column}`, ratio.column])))
    .first()) as Row | undefined;
  const averages: Record<string, number | null> = {};
  for (const ratio of reportRatios) averages[ratio.column] = numberOrNull(row?.[ratio.column]);
  return { count: numberOrNull(row?.peer_count) ?? 0, averages };
}

/** The report's data for a bank, or null when the mirror has no such bank. */
export async function loadBankReportData(knex: Knex, cert: number, generatedAt = new Date()): Promise<BankReportData | null> {
  const institution = (await knex('fdic_institutions').where({ cert }).first()) as Row | undefined;
  if (!institution) return null;
  const quarters = (await knex('fdic_financials').where({ cert }).orderBy('repdte', 'desc').limit(trendQuarters)) as Row[];
  const latest = quarters[0] as Row | undefined;
  const repdte = textOrNull(latest?.repdte) ?? textOrNull(institution.repdte);
  const state = textOrNull(institution.state);
  const assets = numberOrNull(latest?.assets) ?? numberOrNull(institution.assets);
  const peers = latest && repdte ? await peerAverages(knex, cert, state, repdte, assets) : { count: 0, averages: {} as Record<string, number | null> };
  const pick = (column: string, fallback?: string) => numberOrNull(latest?.[column]) ?? (fallback ? numberOrNull(institution[fallback]) : null);

  return {
    cert,
    name: textOrNull(institution.name) ?? 'Unknown Bank',
    addressLine: addressLine(institution),
    regulator: textOrNull(institution.regulator),
    charterClass: textOrNull(institution.charter_class),
    repdte,
    tiles: {
      totalAssets: assets,
      totalDeposits: pick('deposits', 'deposits'),
      totalEquity: pick('total_equity', 'total_equity'),
      netIncome: pick('net_income', 'net_income'),
      roa: pick('roa', 'roa'),
      netInterestMargin: pick('net_interest_margin'),
      offices: numberOrNull(institution.offices),
    },
    ratios: reportRatios.map((ratio) => ({ label: ratio.label, value: pick(ratio.column), peerAverage: peers.averages[ratio.column] ?? null, better: ratio.better })),
    peerCount: peers.count,
    peerGroup: `${state ?? 'all states'}, 50% to 150% of total assets`,
    assetQuality: assetQualityFamilies.map(({ label, family }) => ({
      label,
      pastDue30: pick(`past_due_30_89_${family}`),
      pastDue90: pick(`past_due_90_plus_${family}`),
      nonaccrual: pick(`nonaccrual_${family}`),
    })),
    trend: quarters
      .map((quarter) => ({
        repdte: String(quarter.repdte),
        assets: numberOrNull(quarter.assets),
        deposits: numberOrNull(quarter.deposits),
        netIncome: numberOrNull(quarter.net_income),
        roa: numberOrNull(quarter.roa),
        nplRatio: numberOrNull(quarter.npl_ratio),
      }))
      .reverse(),
    risk: latest ? assessRisk({ roa: numberOrNull(latest.roa), nplRatio: numberOrNull(latest.npl_ratio), tier1CapitalRatio: numberOrNull(latest.tier1_capital_ratio) }) : null,
    isDemo: institution.is_demo === true,
    generatedAt,
  };
}
