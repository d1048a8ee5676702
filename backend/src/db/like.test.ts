import { expect } from 'chai';
import { containsPattern, searchTermText } from './like.ts';
import { creditBoxCriteriaSchema } from '../regulator/queries/credit-box.ts';

describe('LIKE patterns', () => {
  it('matches the text anywhere, taking %, _ and backslash in it literally', () => {
    expect(containsPattern('Bank')).to.equal('%Bank%');
    expect(containsPattern('50%_off\\')).to.equal('%50\\%\\_off\\\\%');
  });

  it('reads a search term typed with spaces twice or around it as the words with single spaces', () => {
    expect(searchTermText('  Demo  National\t Bank ')).to.equal('Demo National Bank');
    // the Directory's and Credit Box's search reads its term the same way
    expect(creditBoxCriteriaSchema.parse({ searchTerm: 'DEMO  NATIONAL' }).searchTerm).to.equal('DEMO NATIONAL');
  });
});
