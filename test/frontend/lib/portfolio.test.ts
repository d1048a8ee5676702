import { expect } from 'chai';
import { averageOf, loanComposition, portfolioSummary } from '../../../frontend/src/lib/portfolio.ts';

describe('dashboard portfolio analysis', () => {
  it('counts, sums assets and averages only the ratios that are present, counting the banks behind each average', () => {
    const summary = portfolioSummary([
      { assets: 500e6, roa: 1, nplRatio: 0.5, tier1CapitalRatio: 12 },
      { assets: 5e9, roa: 2, nplRatio: null, tier1CapitalRatio: 10 },
      { assets: null, roa: null, nplRatio: 1.5, tier1CapitalRatio: null },
    ]);
    expect(summary.count).to.equal(3);
    expect(summary.totalAssets).to.equal(5.5e9);
    expect(summary.avgRoa).to.equal(1.5);
    expect(summary.avgNplRatio).to.equal(1);
    expect(summary.avgTier1Ratio).to.equal(11);
    expect(summary.banksReporting).to.deep.equal({ roa: 2, nplRatio: 2, tier1Ratio: 2 });
  });

  it('buckets assets under 1B, 1B to 10B and over 10B', () => {
    const summary = portfolioSummary([{ assets: 999_999_999 }, { assets: 1e9 }, { assets: 1e10 }, { assets: 1e10 + 1 }, { assets: 2e12 }]);
    expect(summary.assetBuckets.map((bucket) => bucket.count)).to.deep.equal([1, 2, 2]);
  });

  it('has no averages for an empty portfolio', () => {
    const summary = portfolioSummary([]);
    expect(summary).to.include({ count: 0, totalAssets: 0, avgRoa: null, avgNplRatio: null, avgTier1Ratio: null });
    expect(summary.banksReporting).to.deep.equal({ roa: 0, nplRatio: 0, tier1Ratio: 0 });
    expect(averageOf([null, undefined])).to.equal(null);
  });

  it('aggregates the loan book and derives the remainders of real estate and consumer loans', () => {
    const slices = loanComposition([
      { loans_re_gross: 100, loans_re_1_4_family_gross: 60, loans_re_commercial_gross: 30, loans_consumer_gross: 50, loans_consumer_auto_gross: 20, loans_consumer_credit_card_gross: 10, loans_ci_gross: 40 },
      { loans_re_gross: 10, loans_re_1_4_family_gross: 10, loans_ag_gross: 5 },
    ]);
    expect(Object.fromEntries(slices.map((slice) => [slice.key, slice.amount]))).to.deep.equal({
      residential: 70,
      commercialRealEstate: 30,
      otherRealEstate: 10,
      ci: 40,
      creditCard: 10,
      auto: 20,
      otherConsumer: 20,
      ag: 5,
    });
  });
});
