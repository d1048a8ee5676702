import { expect } from 'chai';
import { medianOf } from './median.ts';

const sortedMedian = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

describe('median', () => {
  it('is null for no values', () => {
    expect(medianOf(new Float64Array(0))).to.equal(null);
  });

  it('is the middle value of an odd count and the mean of the two middle values of an even count', () => {
    expect(medianOf(Float64Array.from([3, 1, 2]))).to.equal(2);
    expect(medianOf(Float64Array.from([4, 1, 3, 2]))).to.equal(2.5);
    expect(medianOf(Float64Array.from([-1.5]))).to.equal(-1.5);
  });

  it('answers what sorting answers for random, repeated, sorted and reversed values of every length up to 300', () => {
    let seed = 20261127;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let length = 1; length <= 300; length += 1) {
      const cases = [
        Array.from({ length }, () => random() * 200 - 100),
        Array.from({ length }, () => Math.floor(random() * 4)),
        Array.from({ length }, (_, index) => index),
        Array.from({ length }, (_, index) => length - index),
        Array.from({ length }, () => 7),
      ];
      for (const values of cases) expect(medianOf(Float64Array.from(values)), `${length}: ${values.slice(0, 8).join(',')}`).to.equal(sortedMedian(values));
    }
  });
});
