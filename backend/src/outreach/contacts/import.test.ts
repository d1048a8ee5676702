import { expect } from 'chai';
import { detectDelimiter } from './import.ts';

describe('contact import: the file delimiter', () => {
  it('takes the separator the header line uses most, outside quotes, and a comma otherwise', () => {
    expect(detectDelimiter('Name,Title,Email\nA;B,C,D')).to.equal(',');
    expect(detectDelimiter('"Name, full";Title;Email\n')).to.equal(';');
    expect(detectDelimiter('Name\tTitle\tBank, N.A.')).to.equal('\t');
    expect(detectDelimiter('Name')).to.equal(',');
    expect(detectDelimiter('Name;Title,Email')).to.equal(',');
  });
});
