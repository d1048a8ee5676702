import { expect } from 'chai';
import { assessRisk, missingRiskInputs, nplRiskScore, riskNotAvailableReason, roaqBand, roaRiskScore, riskCategory, tier1RiskScore } from './risk.ts';

const close = (actual: number, expected: number) => expect(actual).to.be.closeTo(expected, 1e-9);

describe('risk score', () => {
  describe('ROA factor', () => {
    it('scores 20 at 1.25 and falls toward 0 above it, never below 0', () => {
      close(roaRiskScore(1.25), 20);
      close(roaRiskScore(1.75), 10);
      close(roaRiskScore(2.25), 0);
      close(roaRiskScore(5), 0);
    });
    it('scores 60 at 0.5 down to 20 at 1.25', () => {
      close(roaRiskScore(0.5), 60);
      close(roaRiskScore(0.875), 40);
      expect(roaRiskScore(1.2499999)).to.be.closeTo(20, 1e-5);
    });
    it('scores 100 down to 40 below 0.5, clamped at 100 for losses', () => {
      close(roaRiskScore(0), 100);
      close(roaRiskScore(0.25), 70);
      expect(roaRiskScore(0.4999999)).to.be.closeTo(40, 1e-4);
      close(roaRiskScore(-3), 100);
    });
  });

  describe('NPL factor', () => {
    it('scores 0 to 25 under 1', () => {
      close(nplRiskScore(0), 0);
      close(nplRiskScore(0.5), 12.5);
      expect(nplRiskScore(0.9999999)).to.be.closeTo(25, 1e-5);
    });
    it('scores 25 to 75 from 1 to 2.5', () => {
      close(nplRiskScore(1), 25);
      close(nplRiskScore(1.75), 50);
      close(nplRiskScore(2.5), 75);
    });
    it('scores 75 up to 100 above 2.5, capped', () => {
      close(nplRiskScore(3.75), 87.5);
      close(nplRiskScore(5), 100);
      close(nplRiskScore(40), 100);
    });
  });

  describe('Tier 1 factor', () => {
    it('scores 20 at 10 and falls above it, never below 0', () => {
      expect(tier1RiskScore(10.0000001)).to.be.closeTo(20, 1e-5);
      close(tier1RiskScore(15), 10);
      close(tier1RiskScore(20), 0);
      close(tier1RiskScore(35), 0);
    });
    it('scores 60 at 8 to 20 at 10', () => {
      close(tier1RiskScore(8), 60);
      close(tier1RiskScore(9), 40);
      close(tier1RiskScore(10), 20);
    });
    it('scores at least 60 below 8, up to 100', () => {
      expect(tier1RiskScore(7.9999999)).to.be.closeTo(60, 1e-5);
      close(tier1RiskScore(6), 80);
      close(tier1RiskScore(4), 100);
      close(tier1RiskScore(0), 100);
    });
  });

  describe('category', () => {
    it('is Low below 33.3, Medium below 66.6, High from 66.6', () => {
      expect(riskCategory(0)).to.equal('Low Risk');
      expect(riskCategory(33.29)).to.equal('Low Risk');
      expect(riskCategory(33.3)).to.equal('Medium Risk');
      expect(riskCategory(66.59)).to.equal('Medium Risk');
      expect(riskCategory(66.6)).to.equal('High Risk');
      expect(riskCategory(100)).to.equal('High Risk');
    });
  });

  describe('assessment', () => {
    it('averages the three factor scores and names the category', () => {
      const risk = assessRisk({ roa: 0.875, nplRatio: 1.75, tier1CapitalRatio: 9 })!;
      close(risk.score, (40 + 50 + 40) / 3);
      expect(risk.category).to.equal('Medium Risk');
      expect(risk.factors.roa).to.deep.equal({ value: 0.875, score: 40 });
      expect(risk.factors.npl.value).to.equal(1.75);
      expect(risk.factors.tier1Capital.score).to.equal(40);
    });

    it('rates a strong bank Low and a weak bank High', () => {
      expect(assessRisk({ roa: 1.6, nplRatio: 0.3, tier1CapitalRatio: 14 })!.category).to.equal('Low Risk');
      expect(assessRisk({ roa: -0.5, nplRatio: 4, tier1CapitalRatio: 7 })!.category).to.equal('High Risk');
    });

    it('gives no score unless ROA, NPL and Tier 1 are all present', () => {
      expect(assessRisk({ roa: 1, nplRatio: 1 })).to.equal(null);
      expect(assessRisk({ roa: null, nplRatio: 1, tier1CapitalRatio: 10 })).to.equal(null);
      expect(assessRisk({ roa: 1, nplRatio: Number.NaN, tier1CapitalRatio: 10 })).to.equal(null);
      expect(assessRisk({ roa: 0, nplRatio: 0, tier1CapitalRatio: 0 })).to.not.equal(null);
    });
  });

  describe('ROAQ bands of the risk category lists', () => {
    it('puts ROAQ below 0.5 in High, 0.5 to 1.0 inclusive in Medium and above 1.0 in Low', () => {
      expect(roaqBand(0.49)).to.equal('high');
      expect(roaqBand(0.5)).to.equal('medium');
      expect(roaqBand(1.0)).to.equal('medium');
      expect(roaqBand(1.01)).to.equal('low');
      expect(roaqBand(null)).to.equal(null);
    });
  });

  it('names the inputs a bank lacks for its risk score, for the N/A tooltip', () => {
    expect(missingRiskInputs({ roa: 1.1, nplRatio: 0.5, tier1CapitalRatio: 12 })).to.deep.equal([]);
    expect(riskNotAvailableReason({ roa: 1.1, nplRatio: null })).to.equal(
      'No risk score: noncurrent loans ratio (NCLNLSR), Tier 1 risk-based capital ratio (RBC1RWAJ) not in the imported data.',
    );
  });
});
