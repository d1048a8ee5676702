import type { Knex } from 'knex';
import { assessRisk } from '../../../../domain/risk.ts';
import { NotFoundError } from '../../http/errors.ts';
import { cached } from '../engine/cache.ts';
import {
  demographicsOf,
  financialRecordOf,
  financialRows,
  keyFiguresOf,
  keyFinancials,
  officesByState,
  overviewOf,
  summaryOfDepositsYear,
} from './detail.ts';
import { latestQuarter, queryRecords } from './records.ts';

/** A peer is an active bank of the same state with total assets within this factor either way. */
const peerAssetFactor = 2;

type PeerRow = { cert: number; state: string; assets: number; roa: number | null; nim: number | null; nplRatio: number | null; tier1CapitalRatio: number | null; efficiencyRatio: number | null };
const peerMeasures = ['roa', 'nim', 'nplRatio', 'tier1CapitalRatio', 'efficiencyRatio'] as const;

/**
 * `/fdic/bank/{cert}/overview`: everything the first screen of a bank's detail shows, in one call:
 * the institution record, every quarter of financials (newest first), demographics, the overview
 * panel, the Financial Summary tiles, the risk score and a peer summary. The parts are the same
 * records the single-purpose endpoints answer; the institution row is read once for all of them
 * and the reads run side by side.
 */
export async function bankOverview(knex: Knex, cert: number) {
  const [institution, institutionAnswer, rows, byState, sodYear, quarter] = await Promise.all([
    knex('fdic_institutions').where({ cert }).first(),
    queryRecords(knex, 'institutions', { limit: 1, offset: 0, filters: `CERT:${cert}` }),
    financialRows(knex, cert),
    officesByState(knex, cert),
    summaryOfDepositsYear(knex, cert),
    latestQuarter(knex),
  ]);
  if (!institution) throw new NotFoundError(`Institution ${cert}`);
  const latest = rows[0];
  const offices = { total: byState.reduce((sum, entry) => sum + entry.offices, 0), states: byState.length };
  // A bank without quarters keeps the figures its institution record holds.
  const keyFigures = latest ? keyFiguresOf(cert, latest) : (await keyFinancials(knex, cert)).data[0].data;
  const risk = latest ? assessRisk({ roa: latest.roa as number | null, nplRatio: latest.npl_ratio as number | null, tier1CapitalRatio: latest.tier1_capital_ratio as number | null }) : null;
  const peers = latest && latest.repdte === quarter && quarter ? await peerSummary(knex, quarter, cert) : null;
  return {
    cert,
    isDemo: institution.is_demo === true,
    institution: institutionAnswer.data[0]?.data ?? null,
    financials: rows.map((row) => financialRecordOf(cert, row)),
    demographics: demographicsOf(institution, quarter, byState.length > 0 ? offices : undefined),
    summary: overviewOf(institution, byState, sodYear),
    keyFigures,
    risk,
    peers,
  };
}

/**
 * The bank beside its peers in the latest quarter: how many, and for each measure the peers'
 * median and the bank's rank among them and itself (1 = highest). Peer rows are read once per
 * quarter (and again when the data changes), then filtered in memory.
 */
async function peerSummary(knex: Knex, quarter: string, cert: number) {
  const { byState, byCert } = await peerRows(knex, quarter);
  const bank = byCert.get(cert);
  if (!bank) return null;
  const group = (byState.get(bank.state) ?? []).filter(
    (row) => row.cert !== cert && row.assets >= bank.assets / peerAssetFactor && row.assets <= bank.assets * peerAssetFactor,
  );
  const measures = Object.fromEntries(
    peerMeasures.map((measure) => {
      const values = group.map((row) => row[measure]).filter((value): value is number => value !== null);
      const own = bank[measure];
      return [measure, { value: own, peerMedian: median(values), rank: own === null ? null : values.filter((value) => value > own).length + 1, of: values.length + (own === null ? 0 : 1) }];
    }),
  );
  return { quarter, state: bank.state, minAssets: bank.assets / peerAssetFactor, maxAssets: bank.assets * peerAssetFactor, banks: group.length, measures };
}

function peerRows(knex: Knex, quarter: string): Promise<{ byState: Map<string, PeerRow[]>; byCert: Map<number, PeerRow> }> {
  return cached(knex, `peer-rows:${quarter}`, async () => {
    const rows = (await knex('fdic_financials as f')
      .join('fdic_institutions as i', 'i.cert', 'f.cert')
      .where({ 'f.repdte': quarter, 'i.active': true })
      .whereNotNull('f.assets')
      .select(
        'i.cert',
        'i.state',
        'f.assets',
        'f.roa',
        'f.net_interest_margin as nim',
        'f.npl_ratio as nplRatio',
        'f.tier1_capital_ratio as tier1CapitalRatio',
        'f.efficiency_ratio as efficiencyRatio',
      )) as PeerRow[];
    const byState = new Map<string, PeerRow[]>();
    const byCert = new Map<number, PeerRow>();
    for (const row of rows) {
      const peer = { ...row, assets: Number(row.assets) };
      const list = byState.get(row.state) ?? [];
      list.push(peer);
      byState.set(row.state, list);
      byCert.set(row.cert, peer);
    }
    return { byState, byCert };
  });
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
