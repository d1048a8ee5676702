/**
 * The median of `values` (none: null), which it reorders. It selects the middle instead of sorting:
 * linear time on average, where sorting the peers of a bank in a large state took most of the bank
 * overview's time at ten times the banks.
 */
export function medianOf(values: Float64Array): number | null {
  const count = values.length;
  if (count === 0) return null;
  const upperMiddle = count >> 1;
  const upper = selectInPlace(values, upperMiddle);
  if (count % 2 === 1) return upper;
  // Every value before the upper middle's place is at most it: the lower middle is their largest.
  let lower = values[0];
  for (let index = 1; index < upperMiddle; index += 1) if (values[index] > lower) lower = values[index];
  return (lower + upper) / 2;
}

/**
 * The k-th smallest value (from 0), left at index k with none greater before it and none smaller
 * after it (Hoare's selection, partitioning around the middle value of the part still in question).
 */
function selectInPlace(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >>> 1];
    let low = left;
    let high = right;
    while (low <= high) {
      while (values[low] < pivot) low += 1;
      while (values[high] > pivot) high -= 1;
      if (low <= high) {
        const swapped = values[low];
        values[low] = values[high];
        values[high] = swapped;
        low += 1;
        high -= 1;
      }
    }
    // [left, high] holds values at most the pivot, [low, right] values at least it, and between them the pivot.
    if (k <= high) right = high;
    else if (k >= low) left = low;
    else break;
  }
  return values[k];
}
