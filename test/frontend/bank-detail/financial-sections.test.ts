import { expect } from 'chai';
import { capitalSection } from '../../../frontend/src/bank-detail/lib/financial-sections.ts';
import { ratingWords } from '../../../domain/format.ts';

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
