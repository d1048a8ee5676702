import { expect } from 'chai';
import { creditBoxCsvColumns, creditBoxFileName } from '../../../frontend/src/pages/credit-box/export.ts';
import { toCsv } from '../../../frontend/src/resources/shared/csv.ts';

describe('the Credit Box CSV file', () => {
  it('writes each figure as a number under a header naming its unit, ratios to two decimals as listed, and the quarter on every row', () => {
    const bank = { id: 701, cert: 701, name: 'Gamma, The Bank', city: 'Tulsa', state: 'OK', assets: 1_250_000_000, deposits: 990_000_000, roa: 1.23456, nplRatio: -0.004, tier1CapitalRatio: 14.5, tier1Capital: 150_000_000, efficiencyRatio: 61.239, matchScore: 80 };
    expect(toCsv([bank], creditBoxCsvColumns('20250930')).split('\r\n')).to.deep.equal([
      'Cert,Bank,City,State,Quarter,Report date,Assets ($),Deposits ($),ROA (%),NPL ratio (%),Tier 1 capital ratio (%),Tier 1 capital ($),Efficiency ratio (%),Match (%)',
      '701,"Gamma, The Bank",Tulsa,OK,Q3 2025,2025-09-30,1250000000,990000000,1.23,0,14.5,150000000,61.24,80',
    ]);
  });

  it('leaves a figure the bank did not report empty, not 0', () => {
    const bank = { id: 702, cert: 702, name: 'Delta Bank', city: null, state: 'TX', assets: 600_000_000, deposits: null, roa: null, nplRatio: null, tier1CapitalRatio: null, tier1Capital: null, efficiencyRatio: null, matchScore: 50 };
    expect(toCsv([bank], creditBoxCsvColumns('20250930')).split('\r\n')[1]).to.equal('702,Delta Bank,,TX,Q3 2025,2025-09-30,600000000,,,,,,,50');
  });

  it('names the file by the quarter of its figures', () => {
    expect(creditBoxFileName('20250930')).to.equal('credit-box-matches-2025-Q3');
    expect(creditBoxFileName(null)).to.equal('credit-box-matches');
  });
});
