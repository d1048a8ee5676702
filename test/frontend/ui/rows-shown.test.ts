import { expect } from 'chai';
import { rowsShown } from '../../../frontend/src/ui/rowsShown.ts';

describe('the rows a long list draws', () => {
  const rows = Array.from({ length: 301 }, (_, index) => index + 1);

  it('draws the first rows of a long list and counts the rest it keeps back', () => {
    const { shown, hidden } = rowsShown(rows, 50);
    expect(hidden).to.equal(251);
    expect([shown.length, shown[0], shown[49]]).to.deep.equal([50, 1, 50]);
  });

  it("draws the last rows, still in the list's order, when the newest are at its end (a History)", () => {
    const { shown, hidden } = rowsShown(rows, 100, 'last');
    expect(hidden).to.equal(201);
    expect([shown.length, shown[0], shown[99]]).to.deep.equal([100, 202, 301]);
  });

  it('draws a short list whole', () => {
    expect(rowsShown([1, 2, 3], 50)).to.deep.equal({ shown: [1, 2, 3], hidden: 0 });
    expect(rowsShown([1, 2, 3], 3, 'last')).to.deep.equal({ shown: [1, 2, 3], hidden: 0 });
  });
});
