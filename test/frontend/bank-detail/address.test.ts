import { expect } from 'chai';
import { bankDetailPath, bankDetailSearch, bankDetailShownOf } from '../../../frontend/src/bank-detail/address.ts';

describe('the address of a bank detail', () => {
  it('names the view and the quarter picked, and nothing for the Financials view of the newest quarter', () => {
    expect(bankDetailSearch({ view: 'financials', quarter: null })).to.equal('');
    expect(bankDetailSearch({ view: 'benchmark', quarter: null })).to.equal('?view=benchmark');
    expect(bankDetailSearch({ view: 'benchmark', quarter: '20250630' })).to.equal('?view=benchmark&quarter=20250630');
    expect(bankDetailPath(3510, 'benchmark')).to.equal('/bank/3510?view=benchmark');
  });

  it('is read back as it was written', () => {
    for (const shown of [{ view: 'financials', quarter: null }, { view: 'benchmark', quarter: '20250630' }, { view: 'financials', quarter: '20241231' }] as const) {
      expect(bankDetailShownOf(bankDetailSearch(shown))).to.deep.equal(shown);
    }
  });

  it('ignores a quarter that names none, showing the newest', () => {
    expect(bankDetailShownOf('?view=benchmark&quarter=2025-Q2')).to.deep.equal({ view: 'benchmark', quarter: null });
    expect(bankDetailShownOf('?quarter=20250615')).to.deep.equal({ view: 'financials', quarter: null });
  });
});
