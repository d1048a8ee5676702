import type { Knex } from 'knex';
import { assessRisk } from '../../../../domain/risk.ts';
import { column, derived, quarterSnapshot } from '../engine/snapshot.ts';
import { demographicsOf, detailBank, financialRecordOf, keyFiguresOf, keyFinancials, officeCounts, officesByState, overviewOf, summaryOfDepositsYear } from './detail.ts';

/** A peer is an active bank of the same state with total assets within this factor either way. */
const peerAssetFactor = 2;

type PeerRow = { cert: number; state: string; assets: number; roa: number | null; nim: number | null; nplRatio: number | null; tier1CapitalRatio: number | null; efficiencyRatio: number | null };
const peerMeasures = ['roa', 'nim', 'nplRatio', 'tier1CapitalRatio', 'efficiencyRatio'] as const;

/**
 * `/fdic/bank/{cert}/overview`: what the first screen of a bank's detail shows, in one call: the
 * institution record, the newest quarter's financials (older quarters are asked for one at a time,
 * `/fdic/financials/{cert}?quarter=`) and the bank's report dates, demographics, the overview
 * panel, the Financial Summary tiles, the risk score and a peer summary. The parts are the same
 * records the single-purpose endpoints answer. Curated figures, offices and peers come from
 * in-memory copies kept per data change; the database is asked once, for the bank's source
 * records and report dates.
 */
export async function bankOverview(knex: Knex, cert: number) {
  const [bank, byState, sodYear] = await Promise.all([detailBank(knex, cert), officesByState(knex, cert), summaryOfDepositsYear(knex, cert)]);
  const { institution, latest, quarter } = bank;
  // A bank without quarters keeps the figures its institution record holds.
  const keyFigures = latest ? keyFiguresOf(cert, latest) : (await keyFinancials(knex, cert)).data[0].data;
  const risk = latest ? assessRisk({ roa: latest.roa as number | null, nplRatio: latest.npl_ratio as number | null, tier1CapitalRatio: latest.tier1_capital_ratio as number | null }) : null;
  const peers = latest && latest.repdte === quarter && quarter ? await peerSummary(knex, quarter, cert) : null;
  return {
    cert,
    isDemo: institution.is_demo === true,
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
 * The bank beside its peers in the latest quarter: how many, and for each measure the peers'
 * median and the bank's rank among them and itself (1 = highest). Peer rows come from the
 * quarter's snapshot, filtered in memory.
 */
async function peerSummary(knex: Knex, quarter: string, cert: number) {
  const { byState, byCert } = await peerRows(knex, quarter);
  const bank = byCert.get(cert);
  if (!bank) return null;
  const ofState = byState.get(bank.state) ?? [];
  // The peers are one run of the state's banks sorted by assets (the bank itself among them).
  const first = firstWithAssetsOf(ofState, bank.assets / peerAssetFactor);
  let end = first;
  while (end < ofState.length && ofState[end].assets <= bank.assets * peerAssetFactor) end += 1;
  const values = new Float64Array(end - first);
  const measures = Object.fromEntries(
    peerMeasures.map((measure) => {
      const own = bank[measure];
      let count = 0;
      let above = 0;
      for (let row = first; row < end; row += 1) {
        const value = ofState[row][measure];
        if (ofState[row].cert === cert || value === null) continue;
        values[count++] = value;
        if (own !== null && value > own) above += 1;
      }
      return [measure, { value: own, peerMedian: median(values.subarray(0, count)), rank: own === null ? null : above + 1, of: count + (own === null ? 0 : 1) }];
    }),
  );
  const banks = end - first - (ofState.slice(first, end).some((row) => row.cert === cert) ? 1 : 0);
  return { quarter, state: bank.state, minAssets: bank.assets / peerAssetFactor, maxAssets: bank.assets * peerAssetFactor, banks, measures };
}

/** Where the first bank with at least `assets` stands in a list sorted by assets. */
function firstWithAssetsOf(sorted: PeerRow[], assets: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].assets < assets) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Active banks with assets in the quarter, by state (each state's sorted by assets) and by cert, from the quarter's snapshot (kept for its life). */
async function peerRows(knex: Knex, quarter: string): Promise<{ byState: Map<string, PeerRow[]>; byCert: Map<number, PeerRow> }> {
  const snapshot = await quarterSnapshot(knex, quarter);
  return derived(snapshot, 'peer-rows', () => {
    const [active, state, assets, roa, nim, nplRatio, tier1CapitalRatio, efficiencyRatio] = [
      column(snapshot, 'i', 'active'),
      column(snapshot, 'i', 'state'),
      ...['assets', 'roa', 'net_interest_margin', 'npl_ratio', 'tier1_capital_ratio', 'efficiency_ratio'].map((name) => column(snapshot, 'f', name)),
    ];
    const byState = new Map<string, PeerRow[]>();
    const byCert = new Map<number, PeerRow>();
    for (const row of snapshot.withFinancials) {
      if (active[row] !== true || assets[row] === null) continue;
      const peer = {
        cert: snapshot.cert[row],
        state: state[row] as string,
        assets: Number(assets[row]),
        roa: roa[row] as number | null,
        nim: nim[row] as number | null,
        nplRatio: nplRatio[row] as number | null,
        tier1CapitalRatio: tier1CapitalRatio[row] as number | null,
        efficiencyRatio: efficiencyRatio[row] as number | null,
      };
      const list = byState.get(peer.state) ?? [];
      list.push(peer);
      byState.set(peer.state, list);
      byCert.set(peer.cert, peer);
    }
    for (const list of byState.values()) list.sort((a, b) => a.assets - b.assets);
    return { byState, byCert };
  });
}

/** The median of `values`, which it sorts in place (a typed array sorts numbers natively, without a comparator call per comparison). */
function median(values: Float64Array): number | null {
  if (values.length === 0) return null;
  const sorted = values.sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
