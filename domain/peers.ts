/**
 * A bank's peers by size: the banks with 50% to 150% of its total assets, both ends included. One
 * rule for every peer group Charterline draws around a bank by itself (the Benchmark view's starting
 * group, the bank overview's peer summary, the PDF report's and the AI's peer averages), so a bank
 * never shows two groups of peers; the user may set another range on the Benchmark. When the
 * starting group is thin, the Benchmark and the PDF report both compare the same wider group.
 */
export const PEER_ASSETS_FROM = 0.5;
export const PEER_ASSETS_TO = 1.5;

/** The range in words, as the PDF report and the AI name a peer group: '50% to 150%'. */
export const PEER_ASSET_RANGE_WORDS = `${PEER_ASSETS_FROM * 100}% to ${PEER_ASSETS_TO * 100}%`;

/** The assets a peer of a bank with `assets` has, in the unit `assets` is given in. */
export function peerAssetRange(assets: number): { minAssets: number; maxAssets: number } {
  return { minAssets: assets * PEER_ASSETS_FROM, maxAssets: assets * PEER_ASSETS_TO };
}

/** The states a peer group can be drawn in (the Benchmark's State choices), 'All' for every state. */
export const stateOptions = [
  'All', 'AK', 'AL', 'AR', 'AZ', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MD',
  'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
  'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;

/** A peer group's criteria, in dollars. */
export type PeerCriteria = { minAssets: number; maxAssets: number; state: string; regulator: string; charterType: string };

const amountOrZero = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The starting group: the bank's state (every state when it is in none of them), the peer asset range of its assets (rounded), everything else All. */
export function defaultPeerCriteria(bank: { assets?: number | null; state?: string | null }): PeerCriteria {
  const { minAssets, maxAssets } = peerAssetRange(amountOrZero(bank.assets));
  const state = bank.state && (stateOptions as readonly string[]).includes(bank.state) ? bank.state : 'All';
  return { minAssets: Math.round(minAssets), maxAssets: Math.round(maxAssets), state, regulator: 'All', charterType: 'All' };
}

/** How many peers one search brings back; the averages are taken over all of them. */
export const PEER_SEARCH_LIMIT = 500;
/** Fewer peers than this make a thin comparison: a wider group is compared instead. */
export const MIN_PEERS = 5;
/** How many of the largest banks the 'top by assets' group holds. */
export const TOP_PEER_COUNT = 20;

/** A wider peer group offered when the chosen one is thin: what it is, and how to ask for it. */
export type PeerGroupAlternative = { kind: 'widened' | 'top'; label: string; description: string; criteria: PeerCriteria; limit: number };

/**
 * The groups offered when the chosen one has fewer than MIN_PEERS peers: the asset range widened to
 * 25%-400% of the bank's assets in every state (regulator and charter kept), and the largest banks by
 * assets nationwide (for the largest banks, whose 50%-150% range holds hardly anyone).
 */
export function peerGroupAlternatives(bank: { assets?: number | null }, criteria: PeerCriteria): PeerGroupAlternative[] {
  const assets = amountOrZero(bank.assets);
  return [
    {
      kind: 'widened',
      label: 'Widen to 25%-400% of assets',
      description: `banks with 25% to 400% of this bank's assets in every state`,
      criteria: { ...criteria, minAssets: Math.round(assets * 0.25), maxAssets: Math.round(assets * 4), state: 'All' },
      limit: PEER_SEARCH_LIMIT,
    },
    {
      kind: 'top',
      label: `Top ${TOP_PEER_COUNT} by assets`,
      description: `the ${TOP_PEER_COUNT} largest banks by assets nationwide`,
      criteria: { minAssets: 0, maxAssets: Number.MAX_SAFE_INTEGER, state: 'All', regulator: 'All', charterType: 'All' },
      // One more than shown: the bank itself may be among them and is left out.
      limit: TOP_PEER_COUNT + 1,
    },
  ];
}

/** The peers of the chosen group, and each wider group's when the chosen one has fewer than MIN_PEERS. */
export type PeerGroups<Peer> = { chosen: Peer[]; alternatives: Array<PeerGroupAlternative & { peers: Peer[] }> };

/**
 * The chosen group's peers, plus the wider groups' when the chosen one is thin. `search` finds the
 * peers of a group's criteria, at most `limit` of them, the bank itself left out.
 */
export async function findPeerGroups<Peer>(
  search: (criteria: PeerCriteria, limit: number) => Promise<Peer[]>,
  bank: { assets?: number | null },
  criteria: PeerCriteria,
): Promise<PeerGroups<Peer>> {
  const chosen = await search(criteria, PEER_SEARCH_LIMIT);
  if (chosen.length >= MIN_PEERS) return { chosen, alternatives: [] };
  const alternatives = await Promise.all(
    peerGroupAlternatives(bank, criteria).map(async (alternative) => ({ ...alternative, peers: await search(alternative.criteria, alternative.limit) })),
  );
  return { chosen, alternatives };
}

/**
 * The wider group a thin group gives way to: the first of the alternatives with at least MIN_PEERS
 * peers; none when neither has them, and the chosen group, thin as it is, is compared.
 */
export function widerGroupCompared<Group extends { peers: readonly unknown[] }>(alternatives: Group[]): Group | undefined {
  return alternatives.find((alternative) => alternative.peers.length >= MIN_PEERS);
}

/** A thin group in words, as the notice of the wider group compared begins: 'No bank matches {group}', 'Only 3 banks match {group}'. */
export function thinGroupWords(chosenCount: number, group: string): string {
  return chosenCount === 0 ? `No bank matches ${group}` : `Only ${chosenCount} ${chosenCount === 1 ? 'bank matches' : 'banks match'} ${group}`;
}
