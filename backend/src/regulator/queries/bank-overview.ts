import type { Knex } from 'knex';
import { peerAssetRange } from '../../../../domain/peers.ts';
import { assessRisk } from '../../../../domain/risk.ts';
import { medianOf } from '../engine/median.ts';
import { bankClosure } from './closure.ts';
import { column, derived, quarterSnapshot } from '../engine/snapshot.ts';
import { demographicsOf, detailBank, financialRecordOf, keyFiguresOf, keyFinancials, officeCounts, officesByState, overviewOf, summaryOfDepositsYear } from './detail.ts';

/** The figures a bank is compared on, and the snapshot's financial columns holding them. */
const peerColumns = { roa: 'roa', nim: 'net_interest_margin', nplRatio: 'npl_ratio', tier1CapitalRatio: 'tier1_capital_ratio', efficiencyRatio: 'efficiency_ratio' } as const;
type PeerMeasure = keyof typeof peerColumns;
const peerMeasures = Object.keys(peerColumns) as PeerMeasure[];

/**
 * `/fdic/bank/{cert}/overview`: what the first screen of a bank's detail shows, in one call: the
 * institution record, the newest quarter's financials (older quarters are asked for one at a time,
 * `/fdic/financials/{cert}?quarter=`) and the bank's report dates, demographics, the overview
 * panel, the Financial Summary tiles, the risk score, a peer summary and, for a bank no longer
 * active, whether it failed or was acquired. The parts are the same
 * records the single-purpose endpoints answer. Curated figures, offices and peers come from
 * in-memory copies kept per data change; the database is asked once, for the bank's source
 * records and report dates.
 */
export async function bankOverview(knex: Knex, cert: number) {
  const [bank, byState, sodYear, closure] = await Promise.all([detailBank(knex, cert), officesByState(knex, cert), summaryOfDepositsYear(knex, cert), bankClosure(knex, cert)]);
  const { institution, latest, quarter } = bank;
  // A bank without quarters keeps the figures its institution record holds.
  const keyFigures = latest ? keyFiguresOf(cert, latest) : (await keyFinancials(knex, cert)).data[0].data;
  const risk = latest ? assessRisk({ roa: latest.roa as number | null, nplRatio: latest.npl_ratio as number | null, tier1CapitalRatio: latest.tier1_capital_ratio as number | null }) : null;
  const peers = latest && latest.repdte === quarter && quarter ? await peerSummary(knex, quarter, cert) : null;
  return {
    cert,
    isDemo: institution.is_demo === true,
    closure,
    institution: bank.record,
    latestFinancials: latest ? financialRecordOf(cert, latest) : null,
    quarters: bank.quarters,
    demographics: demographicsOf(institution, quarter, officeCounts(byState)),
    summary: overviewOf(institution, byState, sodYear),
    keyFigures,
    risk,
    peers,
  };
}

/**
 * The bank beside its peers in the latest quarter (active banks of its state in the peer asset
 * range, `peerAssetRange`): how many, and for each measure the peers'
 * median and the bank's rank among them and itself (1 = highest). Peer rows come from the
 * quarter's snapshot, filtered in memory.
 */
async function peerSummary(knex: Knex, quarter: string, cert: number) {
  const { byState, byCert } = await peerRows(knex, quarter);
  const bank = byCert.get(cert);
  if (!bank) return null;
  const ofState = byState.get(bank.state)!;
  const { minAssets, maxAssets } = peerAssetRange(ofState.assets[bank.index]);
  // The peers are one run of the state's banks sorted by assets (the bank itself among them).
  const first = firstAtLeast(ofState.assets, minAssets);
  let end = first;
  while (end < ofState.assets.length && ofState.assets[end] <= maxAssets) end += 1;
  const values = new Float64Array(end - first);
  const measures = Object.fromEntries(
    peerMeasures.map((measure) => {
      const figures = ofState[measure];
      const own = figures[bank.index];
      let count = 0;
      let above = 0;
      for (let row = first; row < end; row += 1) {
        const value = figures[row];
        if (row === bank.index || Number.isNaN(value)) continue;
        values[count++] = value;
        if (value > own) above += 1;
      }
      const hasOwn = !Number.isNaN(own);
      return [measure, { value: hasOwn ? own : null, peerMedian: medianOf(values.subarray(0, count)), rank: hasOwn ? above + 1 : null, of: count + (hasOwn ? 1 : 0) }];
    }),
  );
  return { quarter, state: bank.state, minAssets, maxAssets, banks: end - first - (first <= bank.index && bank.index < end ? 1 : 0), measures };
}

/** Where the first value of at least `least` stands in ascending `sorted`. */
function firstAtLeast(sorted: Float64Array, least: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < least) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A state's active banks with assets, sorted by assets: one array per figure, NaN where a bank has none. */
type StatePeers = Record<'assets' | PeerMeasure, Float64Array>;

/**
 * Active banks with assets in the quarter, by state, and where each bank stands in its state's
 * arrays, from the quarter's snapshot (kept for its life).
 */
async function peerRows(knex: Knex, quarter: string): Promise<{ byState: Map<string, StatePeers>; byCert: Map<number, { state: string; index: number }> }> {
  const snapshot = await quarterSnapshot(knex, quarter);
  return derived(snapshot, 'peer-rows', () => {
    const active = column(snapshot, 'i', 'active');
    const state = column(snapshot, 'i', 'state');
    const assets = column(snapshot, 'f', 'assets');
    const figures = {} as Record<PeerMeasure, unknown[]>;
    for (const measure of peerMeasures) figures[measure] = column(snapshot, 'f', peerColumns[measure]);
    const rowsByState = new Map<string, number[]>();
    for (const row of snapshot.withFinancials) {
      if (active[row] !== true || assets[row] === null) continue;
      const rows = rowsByState.get(state[row] as string) ?? [];
      rows.push(row);
      rowsByState.set(state[row] as string, rows);
    }
    const figureOf = (value: unknown) => (value === null ? Number.NaN : Number(value));
    const byState = new Map<string, StatePeers>();
    const byCert = new Map<number, { state: string; index: number }>();
    for (const [name, rows] of rowsByState) {
      rows.sort((a, b) => Number(assets[a]) - Number(assets[b]));
      const peers = { assets: Float64Array.from(rows, (row) => Number(assets[row])) } as StatePeers;
      for (const measure of peerMeasures) peers[measure] = Float64Array.from(rows, (row) => figureOf(figures[measure][row]));
      byState.set(name, peers);
      rows.forEach((row, index) => byCert.set(snapshot.cert[row], { state: name, index }));
    }
    return { byState, byCert };
  });
}
