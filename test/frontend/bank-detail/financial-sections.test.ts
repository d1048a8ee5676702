import { expect } from 'chai';
import { capitalSection, incomeSection } from '../../../frontend/src/bank-detail/lib/financial-sections.ts';
import { ratingWords } from '../../../domain/format.ts';
import { bankFigureLabel } from '../../../domain/bank-fields.ts';

/** The rating word of each rated line of a section for a call report record. */
function ratedLines(record: Record<string, number>): Record<string, string> {
  const rated: Record<string, string> = {};
  for (const line of capitalSection.lines) if (line.rating) rated[line.label] = ratingWords[line.rating(line.value(record))];
  return rated;
}

describe('Capital Adequacy section', () => {
  it('rates each capital ratio against its own regulatory lines', () => {
    // A well-capitalized community bank: every ratio above its well-capitalized line.
    expect(ratedLines({ RBC1AAJ: 7.7, RBC1RWAJ: 9.1, IDT1CER: 9.1, RBCRWAJ: 10.3 })).to.deep.equal({
      'Tier 1 Leverage Ratio': 'Strong',
      'Tier 1 Risk-Based Capital Ratio': 'Fair',
      'Common Equity Tier 1 Ratio': 'Strong',
      'Total Risk-Based Capital Ratio': 'Fair',
    });
  });

  it('rates a ratio between its adequately- and well-capitalized lines Weak, and one under both Poor', () => {
    expect(ratedLines({ RBC1AAJ: 4.5, RBC1RWAJ: 5.9, IDT1CER: 5, RBCRWAJ: 7.9 })).to.deep.equal({
      'Tier 1 Leverage Ratio': 'Weak',
      'Tier 1 Risk-Based Capital Ratio': 'Poor',
      'Common Equity Tier 1 Ratio': 'Weak',
      'Total Risk-Based Capital Ratio': 'Poor',
    });
  });
});

describe('Income & Expense Statement section', () => {
  it('labels every line year to date: a September report holds nine months of income and expense, not a quarter or a year', () => {
    expect(incomeSection.lines.map((line) => line.label)).to.deep.equal([
      'Total Interest Income (YTD)',
      'Total Interest Expense (YTD)',
      'Net Interest Income (YTD)',
      'Noninterest Income (YTD)',
      'Noninterest Expense (YTD)',
      'Provision for Credit Losses (YTD)',
      'Income Before Taxes (YTD)',
      'Applicable Income Taxes (YTD)',
      'Net Income (YTD)',
    ]);
  });

  it('names the same flows year to date where a tracked bank\'s updated figures are listed', () => {
    for (const figure of ['interestIncome', 'interestExpense', 'netInterestIncome', 'nonInterestIncome', 'nonInterestExpense', 'provisionForLoanLosses', 'incomeBeforeTax']) {
      expect(bankFigureLabel(figure)).to.match(/\(YTD\)$/);
    }
  });
});
