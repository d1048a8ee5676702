/**
 * A bank's peers by size: the banks with 50% to 150% of its total assets, both ends included. One
 * rule for every peer group Charterline draws around a bank by itself (the Benchmark view's starting
 * group, the bank overview's peer summary, the PDF report's and the AI's peer averages), so a bank
 * never shows two groups of peers; the user may set another range on the Benchmark.
 */
export const PEER_ASSETS_FROM = 0.5;
export const PEER_ASSETS_TO = 1.5;

/** The range in words, as the PDF report and the AI name a peer group: '50% to 150%'. */
export const PEER_ASSET_RANGE_WORDS = `${PEER_ASSETS_FROM * 100}% to ${PEER_ASSETS_TO * 100}%`;

/** The assets a peer of a bank with `assets` has, in the unit `assets` is given in. */
export function peerAssetRange(assets: number): { minAssets: number; maxAssets: number } {
  return { minAssets: assets * PEER_ASSETS_FROM, maxAssets: assets * PEER_ASSETS_TO };
}
