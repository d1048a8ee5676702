import { expect } from 'chai';
import { directoryFilters, directorySearch, nextSort, pageInfo, pageLabel, showingLabel } from '../../../frontend/src/lib/directory.ts';

describe('bank directory query rules', () => {
  it('searches by name as a quoted wildcard search and sends nothing for blank text', () => {
    expect(directorySearch('  first   national ')).to.equal('NAME:"*first national*"');
    expect(directorySearch('   ')).to.equal('');
  });

  it('keeps punctuation as typed and escapes the characters of the filter language', () => {
    expect(directorySearch('Bank of America, N.A.')).to.equal('NAME:"*Bank of America, N.A.*"');
    expect(directorySearch('a*b:c "d" \\')).to.equal('NAME:"*a\\*b:c \\"d\\" \\\\*"');
  });

  it("joins ACTIVE:1 with the chosen regulator and charter using ' AND '", () => {
    expect(directoryFilters('', '')).to.equal('ACTIVE:1');
    expect(directoryFilters('OCC', '')).to.equal('ACTIVE:1 AND REGAGNT:OCC');
    expect(directoryFilters('FDIC', 'NM')).to.equal('ACTIVE:1 AND REGAGNT:FDIC AND BKCLASS:NM');
    expect(directoryFilters('', 'SB')).to.equal('ACTIVE:1 AND BKCLASS:SB');
  });

  it('sorts a newly clicked column descending and toggles the same column', () => {
    const first = nextSort({ field: 'ASSET', order: 'DESC' }, 'ROA');
    expect(first).to.deep.equal({ field: 'ROA', order: 'DESC' });
    expect(nextSort(first, 'ROA')).to.deep.equal({ field: 'ROA', order: 'ASC' });
    expect(nextSort({ field: 'ROA', order: 'ASC' }, 'ROA')).to.deep.equal({ field: 'ROA', order: 'DESC' });
  });

  it("labels pages 'Page X of Y' and 'Showing A to B of N results'", () => {
    const info = pageInfo(2, 50, 4321);
    expect(pageLabel(info)).to.equal('Page 2 of 87');
    expect(showingLabel(info)).to.equal('Showing 51 to 100 of 4,321 results');
    expect(info.hasPrevious).to.equal(true);
    const last = pageInfo(87, 50, 4321);
    expect(showingLabel(last)).to.equal('Showing 4,301 to 4,321 of 4,321 results');
    expect(last.hasNext).to.equal(false);
  });

  it('shows page 1 of 1 and zero results for an empty list', () => {
    const info = pageInfo(1, 50, 0);
    expect(pageLabel(info)).to.equal('Page 1 of 1');
    expect(showingLabel(info)).to.equal('Showing 0 to 0 of 0 results');
    expect(info.hasNext).to.equal(false);
  });
});
