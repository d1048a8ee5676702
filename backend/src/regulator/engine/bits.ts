/**
 * Sets of row numbers as bits, 32 rows to a word. Screening combines per-field sets a word at a
 * time (a few hundred words for every US bank) and counts them by popcount, instead of walking
 * every row once per condition.
 */
export type Bits = Uint32Array;

export const emptyBits = (size: number): Bits => new Uint32Array((size + 31) >>> 5);

/** Every row number below `size`. */
export function allBits(size: number): Bits {
  const bits = emptyBits(size).fill(0xffffffff);
  const tail = size & 31;
  if (tail !== 0) bits[bits.length - 1] = (1 << tail) - 1;
  return bits;
}

export function bitsOf(size: number, rows: Iterable<number>): Bits {
  const bits = emptyBits(size);
  for (const row of rows) bits[row >>> 5] |= 1 << (row & 31);
  return bits;
}

export const hasBit = (bits: Bits, row: number): boolean => (bits[row >>> 5] & (1 << (row & 31))) !== 0;

export function and(a: Bits, b: Bits): Bits {
  const result = new Uint32Array(a.length);
  for (let word = 0; word < a.length; word++) result[word] = a[word] & b[word];
  return result;
}

export function or(a: Bits, b: Bits): Bits {
  const result = new Uint32Array(a.length);
  for (let word = 0; word < a.length; word++) result[word] = a[word] | b[word];
  return result;
}

/** The rows of `universe` not in `bits`. */
export function andNot(universe: Bits, bits: Bits): Bits {
  const result = new Uint32Array(universe.length);
  for (let word = 0; word < universe.length; word++) result[word] = universe[word] & ~bits[word];
  return result;
}

export function countBits(bits: Bits): number {
  let count = 0;
  for (let word = 0; word < bits.length; word++) {
    let value = bits[word] - ((bits[word] >>> 1) & 0x55555555);
    value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
    count += Math.imul((value + (value >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/**
 * `rows` (an order of row numbers) filtered to `bits`, from the `skip`-th match on, at most `take`
 * of them: the walk stops as soon as the page is full.
 */
export function pageOf(rows: ArrayLike<number>, bits: Bits, skip: number, take: number): number[] {
  const page: number[] = [];
  if (take <= 0) return page;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if ((bits[row >>> 5] & (1 << (row & 31))) === 0) continue;
    if (skip > 0) skip -= 1;
    else if (page.push(row) === take) break;
  }
  return page;
}

/**
 * How many of the given sets hold each row, as bit planes (plane k holds bit k of the count): one
 * carry-save addition per set, a word at a time.
 */
export function countPlanes(sets: Bits[], size: number): Bits[] {
  const planes: Bits[] = [];
  for (let capacity = 1; capacity <= sets.length; capacity *= 2) planes.push(emptyBits(size));
  for (const set of sets) {
    for (let word = 0; word < set.length; word++) {
      let carry = set[word];
      for (let plane = 0; plane < planes.length && carry !== 0; plane++) {
        const next = planes[plane][word] & carry;
        planes[plane][word] ^= carry;
        carry = next;
      }
    }
  }
  return planes;
}

/** The rows of `universe` whose count (see `countPlanes`) is exactly `count`. */
export function rowsCounting(planes: Bits[], count: number, universe: Bits): Bits {
  const result = universe.slice();
  planes.forEach((plane, index) => {
    const wanted = (count >>> index) & 1;
    for (let word = 0; word < result.length; word++) result[word] &= wanted ? plane[word] : ~plane[word];
  });
  return result;
}
