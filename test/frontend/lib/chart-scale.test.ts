import { expect } from 'chai';
import { axisWidthFor, niceTicks, ringSegmentPath } from '../../../frontend/src/lib/chart-scale.ts';

describe('dashboard chart scales', () => {
  it('picks about five round ticks from zero that reach the largest value', () => {
    expect(niceTicks(410e6)).to.deep.equal([0, 200e6, 400e6, 600e6]);
    expect(niceTicks(400e6)).to.deep.equal([0, 100e6, 200e6, 300e6, 400e6]);
    expect(niceTicks(130e6)).to.deep.equal([0, 50e6, 100e6, 150e6]);
    expect(niceTicks(7)).to.deep.equal([0, 2, 4, 6, 8]);
  });

  it('steps an axis of counts by whole numbers, so no two ticks read the same', () => {
    expect(niceTicks(1, { wholeNumbers: true })).to.deep.equal([0, 1]);
    expect(niceTicks(2, { wholeNumbers: true })).to.deep.equal([0, 1, 2]);
    expect(niceTicks(3, { wholeNumbers: true })).to.deep.equal([0, 1, 2, 3]);
    expect(niceTicks(9, { wholeNumbers: true })).to.deep.equal([0, 3, 6, 9]);
    expect(niceTicks(7, { wholeNumbers: true })).to.deep.equal([0, 2, 4, 6, 8]);
    expect(niceTicks(2)).to.deep.equal([0, 0.5, 1, 1.5, 2]);
  });

  it('answers a unit axis when there is nothing to draw', () => {
    expect(niceTicks(0)).to.deep.equal([0, 1]);
    expect(niceTicks(Number.NaN)).to.deep.equal([0, 1]);
  });

  it('makes a value axis wide enough for its widest tick label', () => {
    expect(axisWidthFor(['0', '1,000', '2,000', '3,000'], 12)).to.equal(48);
    expect(axisWidthFor(['0', '20', '40', '60'], 12)).to.equal(27);
  });

  it('draws a ring segment from its start angle clockwise, as one closed path', () => {
    const path = ringSegmentPath(100, 100, 50, 80, 0, 90);
    expect(path.startsWith('M 100 20')).to.equal(true);
    expect(path).to.match(/A 80 80 0 0 1 180 100/);
    expect(path.endsWith('Z')).to.equal(true);
    expect(ringSegmentPath(100, 100, 50, 80, 0, 360)).to.match(/A 80 80 0 1 1/);
  });
});
