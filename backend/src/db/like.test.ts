import { expect } from 'chai';
import { containsPattern } from './like.ts';

describe('LIKE patterns', () => {
  it('matches the text anywhere, taking %, _ and backslash in it literally', () => {
    expect(containsPattern('Bank')).to.equal('%Bank%');
    expect(containsPattern('50%_off\\')).to.equal('%50\\%\\_off\\\\%');
  });
});
