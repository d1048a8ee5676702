import { expect } from 'chai';
import { riskLines } from '../../../frontend/src/bank-detail/lib/risk.ts';

describe('the Financials panel risk score', () => {
  it('lists the score out of 100 with its category, then what each factor gives and its category, as the server computes it', () => {
    expect(riskLines({ ROA: 1.3105, NCLNLSR: 0.9517, RBC1RWAJ: 15.4981 })).to.deep.equal([
      { label: 'Risk Score', value: '17.2 of 100 · Low Risk', rating: 'green' },
      { label: 'ROA factor', value: '1.31% → 18.8 · Low Risk', rating: 'green' },
      { label: 'Noncurrent loans factor', value: '0.95% → 23.8 · Low Risk', rating: 'green' },
      { label: 'Tier 1 capital factor', value: '15.50% → 9.0 · Low Risk', rating: 'green' },
    ]);
    expect(riskLines({ ROA: -0.2, NCLNLSR: 4, RBC1RWAJ: 6 }).slice(0, 2)).to.deep.equal([
      { label: 'Risk Score', value: '90.0 of 100 · High Risk', rating: 'red' },
      { label: 'ROA factor', value: '-0.20% → 100.0 · High Risk', rating: 'red' },
    ]);
  });

  it('says which figure is missing instead of a score', () => {
    expect(riskLines({ ROA: 1.1, NCLNLSR: null })).to.deep.equal([
      { label: 'Risk Score', value: 'No risk score: noncurrent loans ratio (NCLNLSR), Tier 1 risk-based capital ratio (RBC1RWAJ) not in the imported data.' },
    ]);
  });
});
