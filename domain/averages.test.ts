import { expect } from 'chai';
import { weightedAverage } from './averages.ts';

describe('averages over banks', () => {
  it('weights each value by its weight, so a large bank counts more than a small one', () => {
    expect(weightedAverage([{ value: 1, weight: 9 }, { value: 2, weight: 1 }])).to.be.closeTo(1.1, 1e-12);
    expect(weightedAverage([{ value: -0.5, weight: 1 }, { value: 1.5, weight: 3 }])).to.equal(1);
  });

  it('leaves out items without a value or a positive weight, and has none when nothing remains', () => {
    expect(weightedAverage([{ value: 2, weight: 1 }, { value: null, weight: 5 }, { value: 9, weight: 0 }, { value: 9, weight: null }])).to.equal(2);
    expect(weightedAverage([{ value: null, weight: 5 }])).to.equal(null);
    expect(weightedAverage([])).to.equal(null);
  });
});
