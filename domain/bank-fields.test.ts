import { expect } from 'chai';
import { bankFigureLabel, figuresInBrief, formatBankFigure, orderedFigures } from './bank-fields.ts';

describe('a tracked bank\'s figures as people read them', () => {
  it('labels each figure as the screens do, and leaves a figure it does not know by its name', () => {
    expect(bankFigureLabel('assets')).to.equal('Total Assets');
    expect(bankFigureLabel('roa')).to.equal('Return on Assets (ROA)');
    expect(bankFigureLabel('ccNinetyPlusDelinq')).to.equal('Credit Cards 90+ Days Past Due');
    expect(bankFigureLabel('somethingNew')).to.equal('somethingNew');
  });

  it('writes money in dollars with its unit, ratios as percents with two decimals, counts grouped and the report date as its quarter', () => {
    expect(formatBankFigure('assets', 63772242000)).to.equal('$63.77B');
    expect(formatBankFigure('ccNinetyPlusDelinq', 1648000)).to.equal('$1.65M');
    expect(formatBankFigure('roa', 1.2277)).to.equal('1.23%');
    expect(formatBankFigure('officeCount', 1204)).to.equal('1,204');
    expect(formatBankFigure('repdte', '20250930')).to.equal('Q3 2025');
    expect(formatBankFigure('cbsaName', 'Pikeburg, IN')).to.equal('Pikeburg, IN');
    expect(formatBankFigure('roa', null)).to.equal('N/A');
  });

  it('puts the figures a person looks at first ahead, and figures it does not know last', () => {
    expect(orderedFigures(['leases_gross', 'somethingNew', 'roa', 'assets'])).to.deep.equal(['assets', 'roa', 'leases_gross', 'somethingNew']);
  });

  it('sums up a quarter\'s figures in one line: the first few with their values, the quarter apart', () => {
    expect(figuresInBrief({ roa: 1.2277, repdte: '20251231', assets: 63772242000, ccNinetyPlusDelinq: 1648000, deposits: 5e10, nplRatio: 0.5, leases_gross: 1000 })).to.equal(
      'Updated 6 figures (Q4 2025): Total Assets $63.77B, Total Deposits $50.00B, Return on Assets (ROA) 1.23%, Noncurrent Loans Ratio 0.50% and 2 more',
    );
    expect(figuresInBrief({ assets: 1e9 })).to.equal('Updated a figure: Total Assets $1.00B');
    expect(figuresInBrief({ repdte: '20250630' })).to.equal('Figures now of Q2 2025');
  });
});
