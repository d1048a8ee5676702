import { expect } from 'chai';
import { DEFAULT_DIRECTORY_SORT, directoryAddress, directoryFilters, directoryScreenOf, directorySearch, nextSort } from '../../../frontend/src/lib/directory.ts';

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
    expect(directoryFilters('', '', ['TX'])).to.equal('ACTIVE:1 AND STALP:(TX)');
    expect(directoryFilters('FDIC', '', ['TX', 'OK'])).to.equal('ACTIVE:1 AND REGAGNT:FDIC AND STALP:(TX OR OK)');
  });

  it('sorts a newly clicked column descending and toggles the same column', () => {
    const first = nextSort({ field: 'ASSET', order: 'DESC' }, 'ROA');
    expect(first).to.deep.equal({ field: 'ROA', order: 'DESC' });
    expect(nextSort(first, 'ROA')).to.deep.equal({ field: 'ROA', order: 'ASC' });
    expect(nextSort({ field: 'ROA', order: 'ASC' }, 'ROA')).to.deep.equal({ field: 'ROA', order: 'DESC' });
  });

  it('keeps a screen in its address, defaults left out, and reads the same screen back', () => {
    const screen = { search: 'first national', regulator: 'OCC', charter: '', states: ['TX', 'OK'], sort: { field: 'ROA', order: 'DESC' as const }, page: 3, quarter: '20250630' };
    const address = directoryAddress(screen);
    expect(address).to.equal('q=first+national&regulator=OCC&states=TX%2COK&sort=ROA.DESC&page=3&quarter=20250630');
    expect(directoryScreenOf(address)).to.deep.equal(screen);
    expect(directoryAddress({ search: ' ', regulator: '', charter: '', states: [], sort: DEFAULT_DIRECTORY_SORT, page: 1, quarter: null })).to.equal('');
  });

  it('reads an address naming nothing of the Directory as no screen, and a value the screen does not offer as its default', () => {
    expect(directoryScreenOf('')).to.equal(null);
    expect(directoryScreenOf('utm_source=mail')).to.equal(null);
    expect(directoryScreenOf('regulator=NSA&states=TX,Texas&sort=ROA;drop&page=-2&quarter=2025')).to.deep.equal({
      search: '', regulator: '', charter: '', states: ['TX'], sort: DEFAULT_DIRECTORY_SORT, page: 1, quarter: null,
    });
    expect(directoryScreenOf('sort=FOO.DESC')!.sort).to.deep.equal(DEFAULT_DIRECTORY_SORT);
    expect(directoryScreenOf('sort=NCLNLSR.ASC')!.sort).to.deep.equal({ field: 'NCLNLSR', order: 'ASC' });
  });
});
