import { expect } from 'chai';
import { pageInfo, pageLabel, pageOffset, showingLabel } from '../../../frontend/src/lib/paging.ts';

describe('paging', () => {
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

  it('clamps the page to the pages there are', () => {
    expect(pageInfo(9, 20, 45)).to.include({ page: 3, pageCount: 3, from: 41, to: 45 });
    expect(pageInfo(0, 20, 45).page).to.equal(1);
    expect(pageInfo(Number.NaN, 20, 45).page).to.equal(1);
    expect(pageInfo(1, 20, 20).pageCount).to.equal(1);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 20)).to.equal(0);
    expect(pageOffset(3, 15)).to.equal(30);
    expect(pageOffset(0, 15)).to.equal(0);
  });
});
