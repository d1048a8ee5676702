import { expect } from 'chai';
import { annualised, costOfFunds, equityToAssets, nonInterestIncomeShare, percentOf } from './derived-ratios.ts';

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

  it("gives non-interest income's share of revenue only when interest income is reported", () => {
    expect(nonInterestIncomeShare(75, 25)).to.equal(25);
    expect(nonInterestIncomeShare(0, 25), 'a bank that earned no interest').to.equal(100);
    expect(nonInterestIncomeShare(null, 25), 'interest income not reported: not 100%').to.equal(null);
    expect(nonInterestIncomeShare(undefined, 25)).to.equal(null);
    expect(nonInterestIncomeShare(75, null)).to.equal(null);
    expect(nonInterestIncomeShare(0, 0)).to.equal(null);
  });

  it('annualises a year-to-date flow by its quarter: four times a March figure, once a December one', () => {
    expect(annualised(10, '20250331')).to.equal(40);
    expect(annualised(10, '20250630')).to.equal(20);
    expect(annualised(30, '2025-09-30')).to.equal(40);
    expect(annualised(40, 20251231)).to.equal(40);
    expect(annualised(null, '20250331')).to.equal(null);
    expect(annualised(10, '20250415')).to.equal(null);
    expect(annualised(10, null)).to.equal(null);
  });

  it('reads cost of funds on a yearly scale whichever quarter it is of', () => {
    // 2% a year on $1,000 of deposits: $5 of interest by March, $15 by September, $20 by December.
    expect(costOfFunds(5, 1000, '20250331')).to.equal(2);
    expect(costOfFunds(15, 1000, '20250930')).to.equal(2);
    expect(costOfFunds(20, 1000, '20251231')).to.equal(2);
    expect(costOfFunds(null, 1000, '20250331')).to.equal(null);
    expect(costOfFunds(5, 0, '20250331')).to.equal(null);
  });

  it('reads equity to assets as the regulator reports it, else from total equity over total assets', () => {
    expect(equityToAssets(9.8, 120, 1000)).to.equal(9.8);
    expect(equityToAssets(null, 120, 1000)).to.equal(12);
    expect(equityToAssets(undefined, null, 1000)).to.equal(null);
    expect(equityToAssets(null, 120, 0)).to.equal(null);
  });
});
