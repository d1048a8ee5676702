import type { Knex } from 'knex';
import { peers } from '../queries/detail.ts';
import {
  defaultPeerCriteria,
  findPeerGroups,
  PEER_ASSET_RANGE_WORDS,
  thinGroupWords,
  widerGroupCompared,
  type PeerCriteria,
} from '../../../../domain/peers.ts';
import { assessRisk, type RiskAssessment } from '../../../../domain/risk.ts';
import { bankFieldLabels as labels } from '../../../../domain/bank-fields.ts';

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
  /** The group compared, in words. */
  peerGroup: string;
  /** Why a wider group is compared, when the bank's default group is thin; else null. */
  peerGroupNote: string | null;
  assetQuality: AssetQualityLine[];
  assetQualityTotal: AssetQualityLine;
  /** Oldest first, up to eight quarters. */
  trend: ReportQuarter[];
  risk: RiskAssessment | null;
  isDemo: boolean;
  generatedAt: Date;
};

/** Key ratios of the report: the bank's column, the peer record's field, and which way is better. */
export const reportRatios = [
  { label: labels.roa, column: 'roa', key: 'roa', better: 'higher' },
  { label: labels.roe, column: 'roe', key: 'roe', better: 'higher' },
  { label: labels.netInterestMargin, column: 'net_interest_margin', key: 'netInterestMargin', better: 'higher' },
  { label: labels.efficiencyRatio, column: 'efficiency_ratio', key: 'efficiencyRatio', better: 'lower' },
  { label: labels.nplRatio, column: 'npl_ratio', key: 'nplRatio', better: 'lower' },
  { label: labels.netChargeOffsToLoansRatio, column: 'net_charge_offs_to_loans_ratio', key: 'netChargeOffsToLoansRatio', better: 'lower' },
  { label: labels.allowanceToLoansRatio, column: 'allowance_to_loans_ratio', key: 'allowanceToLoansRatio', better: 'higher' },
  { label: labels.tier1CapitalRatio, column: 'tier1_capital_ratio', key: 'tier1CapitalRatio', better: 'higher' },
  { label: labels.tier1LeverageRatio, column: 'tier1_leverage_ratio', key: 'tier1LeverageRatio', better: 'higher' },
  { label: labels.equityToAssetsRatio, column: 'equity_to_assets_ratio', key: 'equityToAssetsRatio', better: 'higher' },
  { label: labels.netLoansToDepositsRatio, column: 'net_loans_to_deposits_ratio', key: 'netLoansToDepositsRatio', better: 'lower' },
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
const sumOrNull = (values: Array<number | null>) => (values.every((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + (value ?? 0), 0));
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function addressLine(institution: Row): string {
  const stateZip = [textOrNull(institution.state), textOrNull(institution.zip)].filter(Boolean).join(' ');
  return [textOrNull(institution.address), textOrNull(institution.city), stateZip].filter(Boolean).join(', ');
}

type Peer = Awaited<ReturnType<typeof peers>>[number];

/** Active banks matching a peer group's criteria, with their figures of the quarter, the bank itself left out. */
async function peersOf(knex: Knex, cert: number, repdte: string, criteria: PeerCriteria, limit: number): Promise<Peer[]> {
  const found = await peers(knex, {
    minAssets: Math.round(criteria.minAssets / 1000),
    maxAssets: Math.round(criteria.maxAssets / 1000),
    state: criteria.state,
    regulator: criteria.regulator,
    charterType: criteria.charterType,
    limit,
    quarter: repdte,
  });
  return found.filter((peer) => peer.cert !== cert);
}

type PeerComparison = { group: Peer[]; words: string; note: string | null };

/**
 * The group the Benchmark view compares the bank with when it opens: its state and the peer asset
 * range, or when that group is thin the first wider group with enough peers, said so.
 */
async function comparedPeers(knex: Knex, cert: number, bank: { state: string | null; assets: number | null }, repdte: string): Promise<PeerComparison> {
  const criteria = defaultPeerCriteria(bank);
  const groups = await findPeerGroups((groupCriteria, limit) => peersOf(knex, cert, repdte, groupCriteria, limit), bank, criteria);
  const words = `${criteria.state === 'All' ? 'all states' : criteria.state}, ${PEER_ASSET_RANGE_WORDS} of total assets`;
  const wider = widerGroupCompared(groups.alternatives);
  if (!wider) return { group: groups.chosen, words, note: null };
  return {
    group: wider.peers,
    words: wider.description,
    note: `${thinGroupWords(groups.chosen.length, `the default peer group (${words})`)}, so a wider group is compared, as the Benchmark view does.`,
  };
}

/** Each key ratio's simple mean over the peers that report it. */
function peerAverages(group: Peer[]): Record<string, number | null> {
  const averages: Record<string, number | null> = {};
  for (const ratio of reportRatios) {
    const values = group.map((peer) => numberOrNull(peer[ratio.key])).filter((value): value is number => value !== null);
    averages[ratio.column] = values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  }
  return averages;
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
  const comparison = latest && repdte ? await comparedPeers(knex, cert, { state, assets }, repdte) : null;
  const averages = peerAverages(comparison?.group ?? []);
  const pick = (column: string, fallback?: string) => numberOrNull(latest?.[column]) ?? (fallback ? numberOrNull(institution[fallback]) : null);
  const assetQuality = assetQualityFamilies.map(({ label, family }) => ({
    label,
    pastDue30: pick(`past_due_30_89_${family}`),
    pastDue90: pick(`past_due_90_plus_${family}`),
    nonaccrual: pick(`nonaccrual_${family}`),
  }));
  // The totals the bank reports (past due and nonaccrual assets, P3ASSET, P9ASSET and NAASSET), as the
  // Financials panel shows them: they hold loan types the four rows leave out (leases, other loans).
  // The rows' sum stands in only where the bank reports no total.
  const nonaccrualAssets = numberOrNull((latest?.raw as Row | undefined)?.NAASSET);
  const reportedTotals = { pastDue30: pick('thirty_ninety_pd'), pastDue90: pick('ninety_plus_pd'), nonaccrual: nonaccrualAssets === null ? null : nonaccrualAssets * 1000 };
  const totalOf = (key: 'pastDue30' | 'pastDue90' | 'nonaccrual') => reportedTotals[key] ?? sumOrNull(assetQuality.map((row) => row[key]));

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
    ratios: reportRatios.map((ratio) => ({ label: ratio.label, value: pick(ratio.column), peerAverage: averages[ratio.column] ?? null, better: ratio.better })),
    peerCount: comparison?.group.length ?? 0,
    peerGroup: comparison?.words ?? 'no quarterly financials to compare',
    peerGroupNote: comparison?.note ?? null,
    assetQuality,
    assetQualityTotal: { label: 'Total', pastDue30: totalOf('pastDue30'), pastDue90: totalOf('pastDue90'), nonaccrual: totalOf('nonaccrual') },
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
