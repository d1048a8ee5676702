import { expect } from 'chai';
import { percentOf } from './derived-ratios.ts';

describe('derived ratios', () => {
  it('gives a ratio as a percentage, not available without its numerator or a positive denominator', () => {
    expect(percentOf(5, 200)).to.equal(2.5);
    expect(percentOf(0, 200)).to.equal(0);
    expect(percentOf(null, 200)).to.equal(null);
    expect(percentOf(undefined, 200)).to.equal(null);
    expect(percentOf(5, 0)).to.equal(null);
    expect(percentOf(5, -3)).to.equal(null);
    expect(percentOf(5, null)).to.equal(null);
  });
});
