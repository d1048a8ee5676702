/**
 * Ratios Charterline derives from a quarter's reported amounts, where the FDIC reports no ratio of
 * its own: one definition for the server, which stores them with the quarter's financials, and the
 * Benchmark view, which computes them for the bank and its peers.
 */

/**
 * numerator / denominator as a percentage: null (not available) when the numerator is not in the
 * data or the denominator is not positive. A ratio whose inputs are not reported is not 0%.
 */
export function percentOf(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  const below = denominator ?? 0;
  if (numerator === null || numerator === undefined || !Number.isFinite(numerator) || !(below > 0)) return null;
  return (numerator / below) * 100;
}
