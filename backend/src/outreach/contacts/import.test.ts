import { expect } from 'chai';
import { detectDelimiter, parseContactsCsv } from './import.ts';

describe('contact import: the file delimiter', () => {
  it('takes the separator the header line uses most, outside quotes, and a comma otherwise', () => {
    expect(detectDelimiter('Name,Title,Email\nA;B,C,D')).to.equal(',');
    expect(detectDelimiter('"Name, full";Title;Email\n')).to.equal(';');
    expect(detectDelimiter('Name\tTitle\tBank, N.A.')).to.equal('\t');
    expect(detectDelimiter('Name')).to.equal(',');
    expect(detectDelimiter('Name;Title,Email')).to.equal(',');
  });
});

describe('contact import: reading the file', () => {
  it('passes over empty rows, a blank line or the ",,," a spreadsheet writes, and numbers the others as a spreadsheet shows them', () => {
    const parsed = parseContactsCsv('Full Name,Title,Email,,\r\nJane Doe,CFO,jane@alpha.com,,\r\n,,,,\r\n\r\nBob Roe,,bob@alpha.com,,\r\n,,,,\r\n\r\n');
    expect(parsed.rows).to.deep.equal([
      { row: 2, cells: ['Jane Doe', 'CFO', 'jane@alpha.com', '', ''] },
      { row: 5, cells: ['Bob Roe', '', 'bob@alpha.com', '', ''] },
    ]);
    expect(() => parseContactsCsv('Full Name,Title\n,\n\n')).to.throw('The file has no rows.');
  });

  it('counts a quoted value over several lines as one row', () => {
    const parsed = parseContactsCsv('Full Name,Notes,Title\n"Doe, Jane","met at ""ABA""\nfollow up",CFO\nBob Roe,,CEO');
    expect(parsed.rows).to.deep.equal([
      { row: 2, cells: ['Doe, Jane', 'met at "ABA"\nfollow up', 'CFO'] },
      { row: 3, cells: ['Bob Roe', '', 'CEO'] },
    ]);
  });

  it('takes the delimiter from a first line "sep=;" that Excel reads and hides, the header being the line after it', () => {
    const parsed = parseContactsCsv('sep=;\r\nFull Name;Title;Bank\r\nJane Doe;CFO, Treasury;Alpha Bank\r\n');
    expect(parsed.columns).to.deep.equal(['Full Name', 'Title', 'Bank']);
    expect(parsed.rows).to.deep.equal([{ row: 2, cells: ['Jane Doe', 'CFO, Treasury', 'Alpha Bank'] }]);
  });

  it('names every column so that each can be chosen: a blank header by its place, a repeated one with a number', () => {
    expect(parseContactsCsv('Name,Email,Email,,Title\nJane,a@x.com,b@x.com,,CFO').columns).to.deep.equal(['Name', 'Email', 'Email (2)', 'Column 4', 'Title']);
  });
});
