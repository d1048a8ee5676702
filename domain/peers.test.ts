import { expect } from 'chai';
import { peerAssetRange } from './peers.ts';

describe('peer asset range', () => {
  it('takes banks of half to one and a half times the assets as peers', () => {
    expect(peerAssetRange(400_000)).to.deep.equal({ minAssets: 200_000, maxAssets: 600_000 });
  });
});
