import { expect } from 'chai';
import { CsvReader } from './csv.ts';

const readAll = (text: string) => {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
};

/** The same text pushed one character at a time, so every construct is split across chunks. */
const readByCharacter = (text: string) => {
  const reader = new CsvReader();
  const records: string[][] = [];
  for (const character of text) records.push(...reader.push(character));
  return [...records, ...reader.end()];
};

describe('CSV reader', () => {
  const sample =
    'CERT,NAME,CITY\r\n' +
    '14,"State Street Bank and Trust Company, The",BOSTON\r\n' +
    '\r\n' +
    '628,"JPMorgan ""Chase"" Bank","COLUMBUS\nOHIO"\n' +
    '3510,,\r' +
    '57,short\n' +
    '99,"TRIPLE "C" EMPLOYEES FCU",WEIRTON\n' +
    '23364,"B.A., "RABOBANK NEDERLAND"",El Centro\n' +
    '7,last line without a line end,';

  const expected = [
    ['CERT', 'NAME', 'CITY'],
    ['14', 'State Street Bank and Trust Company, The', 'BOSTON'],
    ['628', 'JPMorgan "Chase" Bank', 'COLUMBUS\nOHIO'],
    ['3510', '', ''],
    ['57', 'short'],
    ['99', 'TRIPLE "C" EMPLOYEES FCU', 'WEIRTON'],
    ['23364', 'B.A., "RABOBANK NEDERLAND"', 'El Centro'],
    ['7', 'last line without a line end', ''],
  ];

  it('reads quoted separators, doubled quotes, line breaks in quotes, mixed line ends, short rows and stray quotes; skips blank lines', () => {
    expect(readAll(sample)).to.deep.equal(expected);
  });

  it('reads the same records however the text is split into chunks', () => {
    expect(readByCharacter(sample)).to.deep.equal(expected);
    expect(readByCharacter('a,"x""\r\n"\r\nb,c\r\n')).to.deep.equal([['a', 'x"\r\n'], ['b', 'c']]);
  });

  it('keeps a quote inside an unquoted field', () => {
    expect(readAll('5" floppy,x\n')).to.deep.equal([['5" floppy', 'x']]);
  });

  it('keeps what follows an unclosed quote at the end of the input', () => {
    expect(readAll('1,"never closed\n2,b')).to.deep.equal([['1', 'never closed\n2,b']]);
  });

  it('reads nothing from empty input or blank lines only', () => {
    expect(readAll('')).to.deep.equal([]);
    expect(readAll('\n\r\n\n')).to.deep.equal([]);
  });
});
