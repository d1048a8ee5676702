import { expect } from 'chai';
import { describeAlert, ratioCrossings } from './ratio-alerts.ts';

describe('ratio crossings', () => {
  it('finds the ratios whose rating colour changed, worsening or improving', () => {
    const crossings = ratioCrossings(
      { roa: 1.3, nplRatio: 1.5, tier1CapitalRatio: 9, efficiencyRatio: 55 },
      { roa: 0.6, nplRatio: 2.1, tier1CapitalRatio: 10.5, efficiencyRatio: 58 },
    );
    expect(crossings.map(({ ratio, from, to, direction }) => [ratio, from, to, direction])).to.deep.equal([
      ['roa', 'green', 'yellow', 'worsened'],
      ['nplRatio', 'lime', 'yellow', 'worsened'],
      ['tier1CapitalRatio', 'yellow', 'green', 'improved'],
    ]);
  });

  it('ignores a ratio missing in either quarter, and moves inside one colour band', () => {
    expect(ratioCrossings({ roa: 1.3, nplRatio: null }, { roa: null, nplRatio: 4 })).to.deep.equal([]);
    expect(ratioCrossings({ roa: 1.3 }, { roa: 1.26 })).to.deep.equal([]);
  });

  it('reads as a sentence', () => {
    expect(describeAlert({ quarter: '20251231', crossings: ratioCrossings({ nplRatio: 1.5 }, { nplRatio: 2.1 }) })).to.equal(
      'Q4 2025 figures: NPL ratio worsened from lime to yellow (1.50% → 2.10%)',
    );
  });
});
