/**
 * Averages of a ratio over several banks.
 *
 * The Dashboard's Avg ROA weights each bank's ROA by its total assets: the return the group earns on
 * all its assets together, so a $100M bank's ROA counts a hundredth of a $10B bank's, not the same.
 */

export type WeightedFigure = { value: number | null | undefined; weight: number | null | undefined };

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Sum of value times weight over the sum of weights, over the items reporting a value and a positive
 * weight; null when none does.
 */
export function weightedAverage(items: readonly WeightedFigure[]): number | null {
  let weighted = 0;
  let weights = 0;
  for (const { value, weight } of items) {
    if (!finite(value) || !finite(weight) || weight <= 0) continue;
    weighted += value * weight;
    weights += weight;
  }
  return weights > 0 ? weighted / weights : null;
}
